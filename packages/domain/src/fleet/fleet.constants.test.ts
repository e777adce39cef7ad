import { describe, expect, it } from 'vitest';
import { FLEET_TEMPLATE_COLUMNS } from './fleet.constants.ts';

describe('the fleet template columns', () => {
  it('ends with the six optional dates, the policy, tax and extinguisher recharge after the licence', () => {
    expect(FLEET_TEMPLATE_COLUMNS.slice(11).map((c) => [c.key, c.header, c.required])).toEqual([
      ['vence_soat', 'Vencimiento SOAT', false],
      ['vence_rtm', 'Vencimiento revisión técnico-mecánica', false],
      ['vence_licencia', 'Vencimiento licencia de conducción', false],
      ['vence_poliza', 'Vencimiento póliza todo riesgo', false],
      ['vence_impuesto', 'Vencimiento impuesto vehicular', false],
      ['recarga_extintor', 'Última recarga del extintor', false],
    ]);
    expect(new Set(FLEET_TEMPLATE_COLUMNS.map((c) => c.key)).size).toBe(FLEET_TEMPLATE_COLUMNS.length);
  });
});
