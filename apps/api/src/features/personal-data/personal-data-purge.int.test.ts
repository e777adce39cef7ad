import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMISED_DRIVER_DOCUMENT, PERSONAL_DATA_PATHS } from '@togo/domain/profile/personal-data.contract';
import { BOOKING_PATHS } from '@togo/domain/booking/booking.contract';
import {
  bookings,
  fleetDrivers,
  fleetPersonPhotos,
  providerSnapshots,
  storedFiles,
  users,
  vehicles,
} from '../../db/schema.ts';
import { ManualClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { verifyPassword } from '../../lib/password.ts';
import { MONDAY_7AM, rtmBooking } from '../booking/booking.test-support.ts';
import { FLEET_DRIVER_LOOKUP_JOB } from '../fleet/fleet-detail.service.ts';
import { createCompanyUser } from '../fleet/fleet.test-support.ts';
import { ensureGarageReferenceRows, type TestUser } from '../garage/garage.test-support.ts';
import { PERSONAL_DATA_PURGE_JOB } from './personal-data.jobs.ts';
import { PersonalDataRepository } from './personal-data.repository.ts';
import { PersonalDataService } from './personal-data.service.ts';
import {
  createPerson,
  freshSession,
  insertFleetVehicleDrivenBy,
  insertVehicle,
  MemoryStorage,
  PASSWORD,
  storeFile,
  type Person,
} from './personal-data.test-support.ts';

const DAY = 86_400_000;
let t: TestContext;
const clock = new ManualClock(MONDAY_7AM);
const storage = new MemoryStorage();

async function runPurgeJob() {
  await t.jobs.send(PERSONAL_DATA_PURGE_JOB, {});
  const ran = await t.jobs.drain();
  for (const job of ran) expect(job.state, job.errors.join('; ')).toBe('completed');
}

async function userRow(id: number) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error('user row gone');
  return row;
}

async function deleteAccount(person: Person) {
  const res = await t.app.inject({
    method: 'DELETE',
    url: PERSONAL_DATA_PATHS.deleteAccount,
    headers: person.headers,
    payload: { password: PASSWORD },
  });
  expect(res.statusCode).toBe(204);
}

beforeAll(async () => {
  t = await createTestApp({ clock, providers: { fileStorage: storage } });
  await ensureGarageReferenceRows(t.database.db);
});
afterAll(async () => {
  await t?.close();
});

describe('the purge job', () => {
  let ana: Person;
  let company: TestUser;
  let keep: Person;
  let anaKeys: string[];
  let fleet: { vehicleId: number; photoKey: string };
  let anaCar: number;

  beforeAll(async () => {
    ana = await createPerson(t);
    keep = await createPerson(t);
    company = await createCompanyUser(t);
    anaCar = await insertVehicle(t, ana.id, 'ABC123');
    await t.database.query(
      `insert into provider_snapshots (vehicle_id, kind, provider, status, data) values ($1, 'registry', 'demo', 'ok', $2::jsonb)`,
      [anaCar, JSON.stringify({ vehiculo: { clase: 'AUTOMOVIL', combustible: 'GASOLINA' } })],
    );
    const avatar = await storeFile(t, storage, ana.id, 'profile-picture', Buffer.from('foto'));
    const licence = await storeFile(t, storage, ana.id, 'vehicle-licence', Buffer.from('%PDF'), 'pdf');
    await t.database.db.update(users).set({ profilePictureFileId: avatar.id }).where(eq(users.id, ana.id));
    anaKeys = [avatar.key, licence.key];
    const booked = await t.app.inject({
      method: 'POST',
      url: BOOKING_PATHS.rtmBook,
      headers: ana.headers,
      payload: rtmBooking({ correo: ana.email }),
    });
    expect(booked.statusCode, booked.body).toBeLessThan(300);
    // Ana drives a company's vehicle: the company keeps the vehicle, loses the person.
    fleet = await insertFleetVehicleDrivenBy(t, storage, company.id, 'FLT001', ana);
    await t.database.query(
      `insert into provider_snapshots (vehicle_id, kind, provider, status, data) values ($1, 'driver_registry', 'demo', 'ok', $2::jsonb)`,
      [fleet.vehicleId, JSON.stringify({ documento: ana.identificacion, licencia: null })],
    );
    // Someone else's data must survive the purge.
    await insertVehicle(t, keep.id, 'KEP111');
    await storeFile(t, storage, keep.id, 'vehicle-image', Buffer.from('otra'));

    await deleteAccount(ana);
  });

  it('is scheduled daily by the feature', () => {
    expect(t.jobs.schedules).toContainEqual(expect.objectContaining({ name: PERSONAL_DATA_PURGE_JOB }));
  });

  it('does nothing 29 days after the deletion', async () => {
    clock.advance(29 * DAY);
    await runPurgeJob();
    const row = await userRow(ana.id);
    expect(row.purgedAt).toBeNull();
    expect(row.email).toBe(ana.email);
    for (const key of anaKeys) expect(storage.objects.has(key)).toBe(true);
    expect(await t.database.db.select().from(vehicles).where(eq(vehicles.userId, ana.id))).toHaveLength(1);
    const [driver] = await t.database.db
      .select()
      .from(fleetDrivers)
      .where(eq(fleetDrivers.vehicleId, fleet.vehicleId));
    expect(driver?.documento).toBe(ana.identificacion);
  });

  it('purges at day 30: personal data anonymised, files gone from storage, the person’s vehicles deleted', async () => {
    clock.advance(DAY);
    await runPurgeJob();
    const row = await userRow(ana.id);
    expect(row.purgedAt).toEqual(clock.now());
    expect(row).toMatchObject({
      email: `eliminada-${ana.id}@cuentas-eliminadas.invalid`,
      passwordHash: null,
      telefono: null,
      identificacion: null,
      nombres: 'Cuenta',
      apellidos: 'eliminada',
      profilePictureFileId: null,
    });
    for (const key of anaKeys) expect(storage.objects.has(key)).toBe(false);
    expect(await t.database.db.select().from(storedFiles).where(eq(storedFiles.ownerUserId, ana.id))).toEqual(
      [],
    );
    expect(await t.database.db.select().from(vehicles).where(eq(vehicles.userId, ana.id))).toEqual([]);
    expect(
      await t.database.db.select().from(providerSnapshots).where(eq(providerSnapshots.vehicleId, anaCar)),
    ).toEqual([]);
    // The booking stays for the branch's records, without the contact data.
    const kept = await t.database.db.select().from(bookings).where(eq(bookings.userId, ana.id));
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ correo: null, direccionServicio: null, datos: {} });
  });

  it('the company keeps its vehicle without the person (driver anonymised, photo and look-ups gone)', async () => {
    const [vehicle] = await t.database.db.select().from(vehicles).where(eq(vehicles.id, fleet.vehicleId));
    expect(vehicle).toMatchObject({ userId: company.id, placa: 'FLT001', deletedAt: null });
    const [driver] = await t.database.db
      .select()
      .from(fleetDrivers)
      .where(eq(fleetDrivers.vehicleId, fleet.vehicleId));
    expect(driver).toMatchObject({
      nombre: null,
      documento: ANONYMISED_DRIVER_DOCUMENT,
      telefono: null,
      cityId: null,
    });
    expect(storage.objects.has(fleet.photoKey)).toBe(false);
    expect(
      await t.database.db
        .select()
        .from(fleetPersonPhotos)
        .where(eq(fleetPersonPhotos.companyUserId, company.id)),
    ).toEqual([]);
    expect(
      await t.database.db
        .select()
        .from(providerSnapshots)
        .where(eq(providerSnapshots.vehicleId, fleet.vehicleId)),
    ).toEqual([]);
    // The company's detail of that vehicle still answers, without queueing a look-up for the purged person.
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/togo/vehicle/${fleet.vehicleId}/detalle_flota/`,
      headers: await freshSession(t, company.id),
    });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().conductor).toMatchObject({ nombre: null, documento: ANONYMISED_DRIVER_DOCUMENT });
    expect(t.jobs.byName(FLEET_DRIVER_LOOKUP_JOB)).toEqual([]);
  });

  it('leaves everyone else’s data alone, and a second run purges nothing', async () => {
    expect((await userRow(keep.id)).email).toBe(keep.email);
    expect(await t.database.db.select().from(vehicles).where(eq(vehicles.userId, keep.id))).toHaveLength(1);
    expect([...storage.objects.keys()]).toHaveLength(1);
    const service = new PersonalDataService({
      repo: new PersonalDataRepository(t.database.db),
      storage,
      clock,
      verifyPassword,
      log: t.app.log,
    });
    expect(await service.purgeDue()).toBe(0);
  });

  it('after the purge the email and phone can register again', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/identidad/usuarios/validar-username/',
      payload: { username: ana.email },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ disponible: true });
    expect(await t.database.db.select().from(users).where(eq(users.telefono, ana.telefono))).toEqual([]);
  });
});

describe('the purge on several processes', () => {
  it('two runs at once purge each due account exactly once, with no error', async () => {
    const people = await Promise.all([createPerson(t), createPerson(t), createPerson(t)]);
    for (const p of people) {
      await storeFile(t, storage, p.id, 'profile-picture', Buffer.from(`foto-${p.id}`));
      await insertVehicle(t, p.id, 'DUP123');
      await deleteAccount(p);
    }
    clock.advance(30 * DAY);
    const service = () =>
      new PersonalDataService({
        repo: new PersonalDataRepository(t.database.db),
        storage,
        clock,
        verifyPassword,
        log: t.app.log,
      });
    const [a, b] = await Promise.all([service().purgeDue(), service().purgeDue()]);
    expect(a + b).toBe(people.length);
    for (const p of people) expect((await userRow(p.id)).purgedAt).not.toBeNull();
  });
});

describe('the purge when storage fails', () => {
  it('purges the other accounts, fails the run (to be retried), and purges the held one on the retry', async () => {
    const [ok, stuck] = await Promise.all([createPerson(t), createPerson(t)]);
    await storeFile(t, storage, ok.id, 'profile-picture', Buffer.from('ok'));
    const held = await storeFile(t, storage, stuck.id, 'profile-picture', Buffer.from('stuck'));
    await deleteAccount(ok);
    await deleteAccount(stuck);
    clock.advance(30 * DAY);
    let broken = true;
    const flaky = Object.assign(Object.create(storage) as MemoryStorage, {
      delete: async (key: string) => {
        if (broken && key === held.key) throw new Error('almacenamiento no disponible');
        await storage.delete(key);
      },
    });
    const service = new PersonalDataService({
      repo: new PersonalDataRepository(t.database.db),
      storage: flaky,
      clock,
      verifyPassword,
      log: t.app.log,
    });
    await expect(service.purgeDue()).rejects.toThrow('1 account');
    expect((await userRow(ok.id)).purgedAt).not.toBeNull();
    expect((await userRow(stuck.id)).purgedAt).toBeNull();
    expect(storage.objects.has(held.key)).toBe(true);

    broken = false;
    expect(await service.purgeDue()).toBe(1);
    expect((await userRow(stuck.id)).purgedAt).not.toBeNull();
    expect(storage.objects.has(held.key)).toBe(false);
  });
});
