import { describe, expect, it } from 'vitest';
import type { FleetAlert } from '@togo/domain/fleet/fleet-alerts.contract';
import { digestEmail } from './fleet-digest.email.ts';

const expired = (n: number): FleetAlert => ({
  vehiculo_id: n,
  placa: `EXP${String(n).padStart(3, '0')}`,
  ciudad: 'Bogotá',
  ciudad_codigo: '11001',
  documento: 'soat',
  vence: '2026-01-10',
  dias: -9,
});

describe('digestEmail numbers (issue 37: es-CO thousands separators)', () => {
  it('counts sections, the lines left out and the vehicles without pico y placa with separators', () => {
    const { text, html } = digestEmail(
      {
        empresa: 'Fletes Ñandú',
        semana: '2026-01-19',
        vencidos: Array.from({ length: 1_250 }, (_, i) => expired(i)),
        vencen30: [],
        multasNuevas: [],
        desde: '2026-01-12',
        picoPlacaSinInformacion: [{ ciudad: 'Santa Marta', vehiculos: 5_205 }],
      },
      'Ana',
      'http://localhost',
    );
    expect(text).toContain('Vehículos sin SOAT o revisión técnico-mecánica vigente (1.250):');
    expect(text).toContain('y 1.230 más');
    expect(text).toContain('Santa Marta: 5.205 vehículos');
    expect(html).toContain('(1.250)</h3>');
  });
});
