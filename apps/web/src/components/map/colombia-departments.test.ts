import { describe, expect, it } from 'vitest';
import { COLOMBIA_DEPARTMENTS } from './colombia-departments.ts';

describe("Colombia's departments basemap", () => {
  it('ships the 33 departments (32 and Bogotá D.C.) as polygons', () => {
    const codes = COLOMBIA_DEPARTMENTS.features.map((f) => String(f.properties?.region_code)).sort();
    expect(codes).toHaveLength(33);
    expect(codes).toContain('CO-CU');
    expect(codes).toContain('CO-AN');
    for (const feature of COLOMBIA_DEPARTMENTS.features) {
      expect(['Polygon', 'MultiPolygon']).toContain(feature.geometry.type);
    }
  });
});
