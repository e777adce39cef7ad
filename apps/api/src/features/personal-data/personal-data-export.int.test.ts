import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONAL_DATA_PATHS } from '@togo/domain/profile/personal-data.contract';
import { BOOKING_PATHS } from '@togo/domain/booking/booking.contract';
import { DEFAULT_PREFERENCES } from '@togo/domain/reminders/reminders.contract';
import { alertDates, notifications, users, vehicles } from '../../db/schema.ts';
import { ManualClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { MONDAY_7AM, rtmBooking } from '../booking/booking.test-support.ts';
import { ensureGarageReferenceRows } from '../garage/garage.test-support.ts';
import {
  createPerson,
  insertVehicle,
  MemoryStorage,
  readZip,
  storeFile,
  type Person,
} from './personal-data.test-support.ts';

let t: TestContext;
const storage = new MemoryStorage();
let ana: Person;
let beto: Person;
const AVATAR = Buffer.from('bytes-de-la-foto-de-ana');
const LICENCE = Buffer.from('%PDF-1.4 licencia de ana');
const BETO_FILE = Buffer.from('archivo-de-beto');

function exportOf(headers: Record<string, string>) {
  return t.app.inject({ method: 'GET', url: PERSONAL_DATA_PATHS.export, headers });
}

interface ExportJson {
  cuenta: { id: number; email: string; tiene_contrasena: boolean };
  perfil: { telefono: string; identificacion: string };
  vehiculos: { placa: string; fechas: { codigo: string }[] }[];
  documentos: { proposito: string; archivo: string; disponible: boolean; tamano_bytes: number }[];
  reservas: { placa: string; servicio: string }[];
  notificaciones: { titulo: string }[];
  consentimientos: unknown[];
}

beforeAll(async () => {
  t = await createTestApp({ clock: new ManualClock(MONDAY_7AM), providers: { fileStorage: storage } });
  await ensureGarageReferenceRows(t.database.db);
  ana = await createPerson(t);
  beto = await createPerson(t);

  const anaCar = await insertVehicle(t, ana.id, 'ABC123');
  await t.database.db
    .insert(alertDates)
    .values({ vehicleId: anaCar, code: 'SOAT', source: 'user', fechaVencimiento: '2027-01-10' });
  await t.database.db.insert(notifications).values({
    userId: ana.id,
    vehicleId: anaCar,
    code: 'SOAT',
    dueDate: '2027-01-10',
    step: 1,
    titulo: 'Tu SOAT vence pronto',
    message: 'Renueva tu SOAT.',
    logoNotificacion: 'soat',
    urlRedireccion: '/app',
  });
  const avatar = await storeFile(t, storage, ana.id, 'profile-picture', AVATAR);
  await t.database.db.update(users).set({ profilePictureFileId: avatar.id }).where(eq(users.id, ana.id));
  const licence = await storeFile(t, storage, ana.id, 'vehicle-licence', LICENCE, 'pdf');
  await t.database.db.update(vehicles).set({ licenceFileId: licence.id }).where(eq(vehicles.id, anaCar));
  await t.database.query(
    `insert into provider_snapshots (vehicle_id, kind, provider, status, data) values ($1, 'registry', 'demo', 'ok', $2::jsonb)`,
    [anaCar, JSON.stringify({ vehiculo: { clase: 'AUTOMOVIL', combustible: 'GASOLINA' } })],
  );
  const booked = await t.app.inject({
    method: 'POST',
    url: BOOKING_PATHS.rtmBook,
    headers: ana.headers,
    payload: rtmBooking(),
  });
  expect(booked.statusCode, booked.body).toBeLessThan(300);

  await insertVehicle(t, beto.id, 'XYZ987');
  await storeFile(t, storage, beto.id, 'vehicle-image', BETO_FILE);
});
afterAll(async () => {
  await t?.close();
});

describe('GET mis-datos: the export', () => {
  it('answers a .zip with datos.json and the user’s own files, and nothing of anyone else', async () => {
    const res = await exportOf(ana.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="mis-datos-togo-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(res.headers['cache-control']).toBe('no-store');

    const entries = await readZip(res.rawPayload);
    const data = JSON.parse(entries.get('datos.json')?.toString('utf8') ?? '{}') as ExportJson;
    expect(data.cuenta).toMatchObject({ id: ana.id, email: ana.email, tiene_contrasena: true });
    expect(data.perfil).toMatchObject({ telefono: ana.telefono, identificacion: ana.identificacion });
    expect(data.vehiculos.map((v) => v.placa)).toEqual(['ABC123']);
    expect(data.vehiculos[0]?.fechas.map((f) => f.codigo)).toEqual(['SOAT']);
    expect(data.reservas.map((r) => [r.placa, r.servicio])).toEqual([['ABC123', expect.any(String)]]);
    expect(data.notificaciones.map((n) => n.titulo)).toEqual(['Tu SOAT vence pronto']);
    expect(data.consentimientos).toEqual([]);
    expect(data).toMatchObject({
      politica_tratamiento_datos: { estado: 'no informada', version: null, fecha: null },
    });
    expect(data.documentos.map((d) => d.proposito).sort()).toEqual(['profile-picture', 'vehicle-licence']);
    expect(data.documentos.every((d) => d.disponible)).toBe(true);

    const byPurpose = (p: string) => data.documentos.find((d) => d.proposito === p)?.archivo ?? '';
    expect(entries.get(byPurpose('profile-picture'))?.equals(AVATAR)).toBe(true);
    expect(entries.get(byPurpose('vehicle-licence'))?.equals(LICENCE)).toBe(true);
    expect(byPurpose('vehicle-licence')).toMatch(/^archivos\/licencia-[0-9a-f-]{36}\.pdf$/);
    expect([...entries.keys()].sort()).toEqual(
      ['datos.json', 'resumen.html', byPurpose('profile-picture'), byPurpose('vehicle-licence')].sort(),
    );

    // Nothing of Beto, and no secrets or storage internals.
    const raw = entries.get('datos.json')?.toString('utf8') ?? '';
    expect(raw).not.toContain('XYZ987');
    expect(raw).not.toContain(beto.email);
    expect(raw).not.toMatch(/argon2|password_hash|storage_?key/i);
    for (const bytes of entries.values()) expect(bytes.equals(BETO_FILE)).toBe(false);
  });

  it('lists consents with time and screen, the sign-up policy, ISO dates and a readable resumen.html (issue 36)', async () => {
    const carla = await createPerson(t);
    // The spec's sign-up stores the Unix time of the sign-up as `identificacion`.
    const signedUp = t.clock.now();
    await t.database.db
      .update(users)
      .set({ identificacion: String(Math.floor(signedUp.getTime() / 1000)), created: signedUp })
      .where(eq(users.id, carla.id));
    await t.database.query(
      `insert into consent_records (user_id, purpose, accepted, screen, text, created)
       values ($1, 'politica_datos', true, 'registro', 'Aceptó la política de tratamiento de datos personales, versión 1.0.', $2)`,
      [carla.id, signedUp.toISOString()],
    );
    const on = await t.app.inject({
      method: 'PUT',
      url: '/api/togo/notificacion/preferencias/',
      headers: carla.headers,
      payload: { ...DEFAULT_PREFERENCES, canales: { ...DEFAULT_PREFERENCES.canales, whatsapp: true } },
    });
    expect(on.statusCode, on.body).toBe(200);

    const entries = await readZip((await exportOf(carla.headers)).rawPayload);
    const data = JSON.parse(entries.get('datos.json')?.toString('utf8') ?? '{}') as ExportJson & {
      perfil: { identificacion_provisional_del_registro: string | null };
      politica_tratamiento_datos: unknown;
      consentimientos: { finalidad: string; aceptado: boolean; pantalla: string; fecha: string }[];
    };
    expect(data.perfil.identificacion).toBeNull();
    expect(data.perfil.identificacion_provisional_del_registro).toBe(
      new Date(Math.floor(signedUp.getTime() / 1000) * 1000).toISOString(),
    );
    expect(data.politica_tratamiento_datos).toEqual({
      estado: 'aceptada',
      version: '1.0',
      fecha: signedUp.toISOString(),
    });
    expect(data.consentimientos).toContainEqual(
      expect.objectContaining({
        finalidad: 'whatsapp',
        aceptado: true,
        fecha: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      }),
    );
    const html = entries.get('resumen.html')?.toString('utf8') ?? '';
    expect(html).toContain('<h1>Tus datos en TOGO</h1>');
    expect(html).toContain('Aceptada (versión 1.0)');
    expect(html).toContain('whatsapp');
  });

  it('another user’s token sees only that user’s data', async () => {
    const entries = await readZip((await exportOf(beto.headers)).rawPayload);
    const data = JSON.parse(entries.get('datos.json')?.toString('utf8') ?? '{}') as ExportJson;
    expect(data.cuenta.id).toBe(beto.id);
    expect(data.vehiculos.map((v) => v.placa)).toEqual(['XYZ987']);
    expect(data.reservas).toEqual([]);
    expect(data.documentos).toHaveLength(1);
    expect(entries.get(data.documentos[0]?.archivo ?? '')?.equals(BETO_FILE)).toBe(true);
    expect(entries.get('datos.json')?.toString('utf8')).not.toContain(ana.email);
  });

  it('a file missing from storage is listed as not available, and the export still completes', async () => {
    const carla = await createPerson(t);
    const lost = await storeFile(t, storage, carla.id, 'vehicle-image', Buffer.from('perdida'));
    await storage.delete(lost.key);
    const res = await exportOf(carla.headers);
    expect(res.statusCode).toBe(200);
    const entries = await readZip(res.rawPayload);
    const data = JSON.parse(entries.get('datos.json')?.toString('utf8') ?? '{}') as ExportJson;
    expect(data.documentos).toEqual([expect.objectContaining({ disponible: false, tamano_bytes: 7 })]);
  });

  it('401 without a token or with a bad one', async () => {
    expect((await exportOf({})).statusCode).toBe(401);
    expect((await exportOf({ authorization: 'Token nope' })).statusCode).toBe(401);
  });
});
