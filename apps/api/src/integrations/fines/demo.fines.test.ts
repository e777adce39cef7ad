import { finesResultSchema, type Fine } from '@togo/domain/garage/registry.contract';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.ts';
import { addBusinessDays, demoDiscount, DemoFinesProvider, fineAmount } from './demo.fines.ts';

const clock = new ManualClock('2026-11-22T15:00:00Z');
const demo = new DemoFinesProvider(clock);

describe('fineAmount (vehicle-facts.md §4, UVB of the infraction year)', () => {
  it('matches the published Bogotá values', () => {
    expect(fineAmount('C14', '2026-03-01')).toBe(633_200);
    expect(fineAmount('D02', '2026-03-01')).toBe(1_266_100);
    expect(fineAmount('B02', '2026-03-01')).toBe(337_400);
    expect(fineAmount('C02', '2025-06-01')).toBe(604_100);
  });
});

describe('DemoFinesProvider', () => {
  it('is deterministic', async () => {
    const q = { placa: 'KMN482', documento: '1020304050', tipoDocumento: 'CC' };
    expect(await demo.lookupFines(q)).toEqual(await demo.lookupFines({ ...q }));
  });

  it('gives about half the plates no fines and realistic fines to the rest', async () => {
    let withoutFines = 0;
    const all: Fine[] = [];
    for (let i = 0; i < 400; i++) {
      const placa = `F${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))}${String(i).padStart(3, '0')}`;
      const r = await demo.lookupFines({ placa, documento: String(5_000_000 + i), tipoDocumento: 'CC' });
      expect(finesResultSchema.parse(r)).toEqual(r);
      if (r.comparendos_vehiculo.length === 0) withoutFines++;
      for (const f of r.comparendos_vehiculo) expect(f.placa).toBe(placa);
      all.push(...r.comparendos_vehiculo, ...r.comparendos_persona);
    }
    expect(withoutFines / 400).toBeGreaterThan(0.35);
    expect(withoutFines / 400).toBeLessThan(0.65);
    const states = new Set(all.map((f) => f.estado));
    expect([...states].sort()).toEqual(['acuerdo de pago', 'en cobro coactivo', 'pagado', 'vigente']);
    expect(all.filter((f) => f.estado === 'vigente').length / all.length).toBeGreaterThan(0.4);
    for (const f of all) {
      expect(f.tipo).toMatch(/^(Comparendo - |MULTA DE TRÁNSITO - )[BCD]\d{2} /);
      expect(f.tipo).toContain(f.categoria);
      expect(f.total).toBe(fineAmount(f.categoria, f.fecha_infraccion));
      expect(f.fecha_infraccion >= '2024-01-01' && f.fecha_infraccion <= '2026-11-19').toBe(true);
      expect(f.numero).toMatch(/^\d{20}$/);
      expect(f.organismo_transito).toMatch(/^Secretaría /);
      if (f.descuento) {
        expect(f.estado).toBe('vigente');
        expect(f.descuento).toEqual(demoDiscount(f.fecha_infraccion, '2026-11-22'));
      }
    }
    expect(all.some((f) => f.descuento !== null)).toBe(true);
  });
});

describe('demo discounts (vehicle-facts.md §4)', () => {
  it('counts business days without weekends and Colombian holidays', () => {
    // Friday 2026-11-13 + 1 business day: Monday 16 November is a holiday (Independencia de Cartagena).
    expect(addBusinessDays('2026-11-13', 1)).toBe('2026-11-17');
    expect(addBusinessDays('2026-11-17', 5)).toBe('2026-11-24');
  });

  it('gives 50 % for 5 business days, then 25 % until day 20, then nothing', () => {
    expect(demoDiscount('2026-11-17', '2026-11-24')).toEqual({
      porcentaje: 50,
      fecha_limite: '2026-11-24',
      requiere_curso: true,
    });
    expect(demoDiscount('2026-11-17', '2026-11-25')).toEqual({
      porcentaje: 25,
      fecha_limite: addBusinessDays('2026-11-17', 20),
      requiere_curso: true,
    });
    expect(demoDiscount('2026-10-01', '2026-11-25')).toBeNull();
  });
});
