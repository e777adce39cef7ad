import { describe, expect, it } from 'vitest';
import type { OperatorPicoPlacaEntry } from '@togo/domain/operator/operator-console.contract';
import { filterCities } from './city-filter.ts';

const city = (nombre: string, ciudad: string): OperatorPicoPlacaEntry => ({
  nombre,
  ciudad,
  estado: 'vigente',
  vigente_hasta: null,
});
const cities = [
  city('Medellín', '05001'),
  city('Bogotá D.C.', '11001'),
  city('Cali', '76001'),
  city('Ibagué', '73001'),
];

describe('filterCities', () => {
  it('sorts the cities alphabetically in Spanish', () => {
    expect(filterCities(cities, '').map((c) => c.nombre)).toEqual([
      'Bogotá D.C.',
      'Cali',
      'Ibagué',
      'Medellín',
    ]);
  });
  it('finds a city without its accents or capitals, and nothing for an unknown name', () => {
    expect(filterCities(cities, ' medellin ').map((c) => c.ciudad)).toEqual(['05001']);
    expect(filterCities(cities, 'BOGOTA').map((c) => c.ciudad)).toEqual(['11001']);
    expect(filterCities(cities, 'Pasto')).toEqual([]);
  });
  it('leaves the list it was given unchanged', () => {
    filterCities(cities, '');
    expect(cities[0]?.nombre).toBe('Medellín');
  });
});
