import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLEET_SUMMARY_PDF_PATH } from '@togo/domain/fleet/fleet-summary-pdf.contract';
import { GROUP_CLIENT } from '@togo/domain/roles';
import { users } from '../../db/schema.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import type { TestUser } from '../garage/garage.test-support.ts';
import { eq } from 'drizzle-orm';
import { addFleetVehicle, addMember, fleetFine, pdfText } from './fleet-companies.test-support.ts';
import { createCompanyUser } from './fleet.test-support.ts';

let t: TestContext;
let company: TestUser;
let consulta: TestUser;
let other: TestUser;
let client: TestUser;

const ok = { soat: { fecha_vencimiento: '2026-12-31' }, rtm: { fecha_vencimiento: '2026-12-31' } };

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-01-20T15:00:00Z'); // Tuesday 20 Jan 2026, 10:00 in Bogotá
  company = await createCompanyUser(t);
  await t.database.db
    .update(users)
    .set({ razonSocial: 'Transportes Álamo S.A.S.', nit: '890903938-8' })
    .where(eq(users.id, company.id));
  other = await createCompanyUser(t);
  client = await createCompanyUser(t, GROUP_CLIENT);
  consulta = await addMember(t, company.id, 'consulta');
  await addFleetVehicle(t, company.id, 'AAA111', ok, [
    fleetFine(100_000, 'vigente', '2025-12-01'),
    fleetFine(50_000, 'pagado', '2025-11-15'),
  ]);
  // SOAT expired, RTM due within 30 days.
  await addFleetVehicle(t, company.id, 'BBB222', { soat: { fecha_vencimiento: '2026-01-01' }, rtm: null }, [
    fleetFine(300_000, 'vigente', '2025-12-20'),
    fleetFine(20_000, 'vigente', '2025-12-21'),
  ]);
  await addFleetVehicle(
    t,
    company.id,
    'CCC333',
    { soat: { fecha_vencimiento: '2026-02-10' }, rtm: null },
    [],
  );
  // Never looked up: its SOAT is unknown (not al día, said apart).
  await addFleetVehicle(t, company.id, 'DDD444', undefined, undefined);
  await addFleetVehicle(t, other.id, 'ZZZ999', ok, [fleetFine(999_000, 'vigente', '2025-12-01')]);
});
afterAll(async () => {
  await t?.close();
});

const get = (user: TestUser | null) =>
  t.app.inject({ method: 'GET', url: FLEET_SUMMARY_PDF_PATH, headers: user?.headers ?? {} });

describe('GET /api/togo/flota/resumen.pdf', () => {
  it('a consulta member downloads a PDF in Spanish with the company name, the counts and the top fines', async () => {
    const res = await get(consulta);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="resumen-flota-2026-01-20.pdf"');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain('Resumen de cumplimiento de la flota');
    // The company with its NIT (issue 37).
    expect(text).toContain('Transportes Álamo S.A.S. (NIT 890903938-8)');
    expect(text).toContain('Fecha: 20 de enero de 2026');
    const value = (label: string) => {
      const lines = text.split('\n');
      const i = lines.indexOf(label);
      expect(i, label).toBeGreaterThanOrEqual(0);
      return lines[i + 1];
    };
    expect(value('Vehículos en la flota')).toBe('4');
    // AAA111 and CCC333 of 4: BBB222's SOAT expired, DDD444's unknown.
    expect(value('Documentos al día')).toBe('50 %');
    expect(value('Sin SOAT conocido aún')).toBe('1');
    expect(value('Con SOAT o revisión técnico-mecánica vencidos')).toBe('1');
    expect(value('Vencen en los próximos 30 días')).toBe('1');
    // Bogotá's rule answers that day: no vehicle without information (issue 33).
    expect(value('Sin información de pico y placa hoy')).toBe('0');
    // Top fines: BBB222 (2 pending, $ 320.000) before AAA111 (1 pending, $ 100.000); another company's never.
    expect(text).toMatch(/BBB222\n2\n\$ 320\.000[\s\S]*AAA111\n1\n\$ 100\.000/);
    expect(text).not.toContain('ZZZ999');
    expect(text).not.toContain('CCC333\n0');
  });

  it('a client and no session are refused', async () => {
    expect((await get(client)).statusCode).toBe(403);
    expect((await get(null)).statusCode).toBe(401);
  });

  it('a company with no vehicles still gets a summary, named by its account without razón social nor NIT', async () => {
    const res = await get(other);
    expect(res.statusCode).toBe(200);
    const [account] = await t.database.db
      .select({ nombres: users.nombres, apellidos: users.apellidos })
      .from(users)
      .where(eq(users.id, other.id));
    const otherText = pdfText(res.rawPayload);
    expect(otherText).toContain(`${account?.nombres} ${account?.apellidos}`.trim());
    expect(otherText).not.toContain('NIT');
    const empty = await createCompanyUser(t);
    const text = pdfText((await get(empty)).rawPayload);
    expect(text).toContain('¡Ningún vehículo tiene multas pendientes!');
  });
});
