import { addDays, addYears } from '@togo/domain/garage/garage-dates';
import { registryVehicleSchema, type RegistryVehicle } from '@togo/domain/garage/registry.contract';
import { firstRtmDueDate, licenceCategoryFor } from '@togo/domain/garage/vehicle.rules';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.ts';
import catalog from './demo-catalog.json' with { type: 'json' };
import { DemoRegistryProvider } from './demo.registry.ts';
import { ProviderError } from './provider-error.ts';

const TODAY = '2026-11-22';
const clock = new ManualClock(`${TODAY}T15:00:00Z`);
const demo = new DemoRegistryProvider(clock);
const CAR_BRANDS = new Set(catalog.car_brands.map((b) => b.brand));
const MOTO_BRANDS = new Set(catalog.moto_brands.map((b) => b.brand));
const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';

function carPlate(i: number): string {
  return `${LETTERS[i % 23]}${LETTERS[Math.floor(i / 23) % 23]}${LETTERS[(i * 7 + 3) % 23]}${String(i % 1000).padStart(3, '0')}`;
}

async function sample(n: number, plate: (i: number) => string): Promise<RegistryVehicle[]> {
  const out: RegistryVehicle[] = [];
  for (let i = 0; i < n; i++) {
    out.push(
      await demo.lookupVehicle({ placa: plate(i), documento: String(10_000_000 + i), tipoDocumento: 'CC' }),
    );
  }
  return out;
}

describe('DemoRegistryProvider', () => {
  it('is deterministic: same plate and document, same answer; the vehicle depends on the plate only', async () => {
    const q = { placa: 'KMN482', documento: '1020304050', tipoDocumento: 'CC' };
    const a = await demo.lookupVehicle(q);
    expect(await new DemoRegistryProvider(new ManualClock(`${TODAY}T20:00:00Z`)).lookupVehicle(q)).toEqual(a);
    const otherOwner = await demo.lookupVehicle({ ...q, documento: '79555444' });
    expect(otherOwner.vehiculo).toEqual(a.vehiculo);
    expect(otherOwner.soat).toEqual(a.soat);
    expect(registryVehicleSchema.parse(a)).toEqual(a);
  });

  it('produces realistic cars: catalogue brands by market share, dates relative to today', async () => {
    const cars = await sample(1200, carPlate);
    const counts = new Map<string, number>();
    for (const r of cars) {
      expect(registryVehicleSchema.parse(r)).toEqual(r);
      const v = r.vehiculo;
      expect(CAR_BRANDS.has(v.marca)).toBe(true);
      expect(v.modelo).toBeGreaterThanOrEqual(2008);
      expect(v.modelo).toBeLessThanOrEqual(2026);
      expect(v.fecha_matricula <= TODAY).toBe(true);
      expect(v.fecha_matricula >= `${v.modelo - 1}-07-01`).toBe(true);
      expect(['PARTICULAR', 'PUBLICO', 'OFICIAL']).toContain(v.servicio);
      if (v.combustible === 'ELECTRICO') expect(v.cilindraje).toBe(0);
      else expect(v.cilindraje).toBeGreaterThanOrEqual(999);
      if (v.servicio === 'PUBLICO' && v.clase === 'AUTOMOVIL') expect(v.color).toBe('AMARILLO');
      counts.set(v.marca, (counts.get(v.marca) ?? 0) + 1);

      // SOAT: one year, never before registration.
      expect(r.soat).not.toBeNull();
      expect(r.soat?.fecha_vencimiento).toBe(addYears(r.soat?.fecha_expedicion ?? '', 1));
      expect((r.soat?.fecha_expedicion ?? '') >= v.fecha_matricula).toBe(true);

      // RTM: null exactly while the vehicle is too new (vehicle-facts.md §1).
      const due = firstRtmDueDate(v.fecha_matricula, v.clase, v.servicio);
      if (TODAY < due) expect(r.rtm).toBeNull();
      else {
        expect(r.rtm?.fecha_vencimiento).toBe(addYears(r.rtm?.fecha_expedicion ?? '', 1));
        expect((r.rtm?.fecha_expedicion ?? '') >= addDays(due, -30)).toBe(true);
      }
    }
    const share = (b: string) => (counts.get(b) ?? 0) / cars.length;
    expect(share('KIA') + share('RENAULT')).toBeGreaterThan(0.2);
    expect(share('KIA')).toBeGreaterThan(share('FIAT') * 5);

    const soatExpired = cars.filter((r) => (r.soat?.fecha_vencimiento ?? '') < TODAY).length / cars.length;
    const soatSoon =
      cars.filter((r) => {
        const d = r.soat?.fecha_vencimiento ?? '';
        return d >= TODAY && d <= '2026-12-22';
      }).length / cars.length;
    expect(soatExpired).toBeGreaterThan(0.04);
    expect(soatExpired).toBeLessThan(0.2);
    expect(soatSoon).toBeGreaterThan(0.1);
    expect(soatSoon).toBeLessThan(0.3);
    const noRtm = cars.filter((r) => r.rtm === null).length / cars.length;
    expect(noRtm).toBeGreaterThan(0.1);
    expect(noRtm).toBeLessThan(0.6);
  });

  it('gives motorcycle plates motorcycles with typical engines and A licences', async () => {
    const motos = await sample(300, (i) => `${carPlate(i).slice(0, 5)}${LETTERS[i % 23]}`);
    for (const r of motos) {
      expect(MOTO_BRANDS.has(r.vehiculo.marca)).toBe(true);
      expect(r.vehiculo.clase).toBe('MOTOCICLETA');
      expect(r.vehiculo.servicio).toBe('PARTICULAR');
      expect(r.vehiculo.cilindraje).toBeGreaterThanOrEqual(100);
      expect(r.vehiculo.cilindraje).toBeLessThanOrEqual(1300);
      const needed = r.vehiculo.cilindraje > 125 ? 'A2' : 'A1';
      expect(r.licencia?.detalles_lic_transito.map((d) => d.categoria)).toContain(needed);
      if (r.rtm === null) expect(TODAY < addYears(r.vehiculo.fecha_matricula, 2)).toBe(true);
    }
    const old = await demo.lookupVehicle({ placa: 'XYZ12', documento: '1', tipoDocumento: 'CC' });
    expect(MOTO_BRANDS.has(old.vehiculo.marca)).toBe(true);
  });

  it('gives the owner a licence consistent with the vehicle and the validity rules', async () => {
    const cars = await sample(400, carPlate);
    let expired = 0;
    for (const r of cars) {
      const lic = r.licencia;
      expect(lic).not.toBeNull();
      if (!lic) continue;
      const needed = licenceCategoryFor(r.vehiculo.clase, r.vehiculo.servicio, r.vehiculo.cilindraje);
      const cats = lic.detalles_lic_transito.map((d) => d.categoria);
      if (needed && !needed.startsWith('C')) expect(cats).toContain(needed);
      expect(cats).toEqual([...cats].sort());
      expect(lic.fecha_expedicion_lic_transito <= TODAY).toBe(true);
      for (const d of lic.detalles_lic_transito) {
        const years =
          Number(d.fechaVencimiento.slice(0, 4)) - Number(lic.fecha_expedicion_lic_transito.slice(0, 4));
        expect([1, 3, 5, 10]).toContain(years);
        expect(years === 3 || years === 1 || !d.categoria.startsWith('C')).toBe(true);
      }
      if (lic.detalles_lic_transito.some((d) => d.fechaVencimiento < TODAY)) expired++;
    }
    expect(expired / cars.length).toBeGreaterThan(0.03);
    expect(expired / cars.length).toBeLessThan(0.3);
  });

  it('has no licence for a company and no demo data for trailers and motocarros', async () => {
    const company = await demo.lookupVehicle({
      placa: 'ABC123',
      documento: '900123456',
      tipoDocumento: 'NIT',
    });
    expect(company.licencia).toBeNull();
    for (const placa of ['R12345', '123ABC']) {
      const err = await demo
        .lookupVehicle({ placa, documento: '1', tipoDocumento: 'CC' })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ProviderError);
      expect((err as ProviderError).kind).toBe('not_found');
    }
    const diplomatic = await demo.lookupVehicle({ placa: 'CD1234', documento: '1', tipoDocumento: 'PA' });
    expect(diplomatic.vehiculo.servicio).toBe('DIPLOMATICO');
  });
});
