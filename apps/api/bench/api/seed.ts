/** bench:api — the bench user, 3 vehicles, provider answers, alert dates, ~50 notifications. */
import { randomUUID } from 'node:crypto';
import { DATED_ALERT_CODES, alertRedirectUrl, notificationIconPath } from '@togo/domain/alerts/alerts.rules';
import { NOTIFICATION_TEMPLATES } from '@togo/domain/alerts/alerts.texts';
import type { Config } from '../../src/config.ts';
import type { Database } from '../../src/db/client.ts';
import { AccountsRepository } from '../../src/features/accounts/accounts.repository.ts';
import { hashPassword } from '../../src/lib/password.ts';
import { TokenService } from '../../src/http/session-tokens.ts';
import { AlertsRepository } from '../../src/features/alerts/alerts.repository.ts';
import { GarageLookupService } from '../../src/features/garage/garage-lookup.service.ts';
import { GarageRepository } from '../../src/features/garage/garage.repository.ts';
import { systemClock } from '../../src/lib/clock.ts';
import { providersFromConfig } from '../../src/providers.ts';

export async function seed(database: Database, config: Config) {
  const { db } = database;
  const now = systemClock.now();
  const day = 86_400_000;
  const accounts = new AccountsRepository(db);
  const user = await accounts.insertUser({
    email: `bench-${process.pid}@correo.com`,
    passwordHash: await hashPassword('ClaveSegura123'),
    nombres: 'Bench',
    apellidos: 'Mark',
    telefono: '3000000000',
    groupId: 1,
    isFirstLoginTogo: false,
  });
  const token = await new TokenService(accounts, systemClock).issue(user.id);

  const garage = new GarageRepository(db);
  const providers = providersFromConfig(config, db, systemClock);
  const lookups = new GarageLookupService({
    repo: garage,
    registry: providers.registry,
    fines: providers.fines,
    clock: systemClock,
  });
  const job = { id: 'bench', attempt: 1, retryLimit: 0, isLastAttempt: true };
  const plates = [
    { placa: 'JKM482', km: 45_210, daysAgo: 400, answered: true },
    { placa: 'HTR915', km: 112_800, daysAgo: 120, answered: true },
    { placa: 'FXZ27E', km: 8_300, daysAgo: 1, answered: false },
  ];
  const ids: number[] = [];
  for (const p of plates) {
    const created = new Date(now.getTime() - p.daysAgo * day);
    const id = await garage.createVehicle(
      {
        userId: user.id,
        placa: p.placa,
        documentoPropietario: '1020304050',
        tipoDocumentoPropietario: 1,
        kilometrajeDigitado: p.km,
        departmentId: 11,
        cityId: 11001,
        created,
        updated: created,
      },
      [
        { kind: 'registry', provider: providers.registry.name },
        { kind: 'fines', provider: providers.fines.name },
      ],
    );
    if (id === null) throw new Error(`vehicle ${p.placa} not created`);
    if (p.answered) {
      // Provider answers ('ok' snapshots) and the registry's alert_dates, as the background look-ups store them.
      await lookups.runRegistryLookup(id, job);
      await lookups.runFinesLookup(id, job);
    }
    ids.push(id);
  }
  const selected = await garage.findSelected(user.id);
  if (selected?.registryStatus !== 'ok') throw new Error('the selected vehicle has no registry answer');

  await garage.insertFileAndAttach(
    {
      id: randomUUID(),
      ownerUserId: user.id,
      purpose: 'vehicle-image',
      contentType: 'image/jpeg',
      extension: 'jpg',
      size: 184_320,
      storageKey: `bench/${randomUUID()}.jpg`,
      created: now,
    },
    selected.id,
    'image',
    now,
  );
  const alerts = new AlertsRepository(db);
  const isoDay = (offsetDays: number) =>
    new Date(now.getTime() + offsetDays * day).toISOString().slice(0, 10);
  await alerts.insertUserDates(
    selected.id,
    'ALERTA_TODO_RIESGO',
    { fechaExpedicion: isoDay(-300), fechaVencimiento: isoDay(65) },
    now,
  );
  await alerts.insertUserDates(
    selected.id,
    'ALERTA_IMPUESTO',
    { fechaExpedicion: null, fechaVencimiento: isoDay(12) },
    now,
  );

  // ~50 notifications on the selected vehicle (a year of expiry steps), a few on another one.
  const steps = [30, 15, 7, 1, 0, -7];
  const notify = async (vehicleId: number, placa: string, count: number) => {
    for (let i = 0; i < count; i += 1) {
      const code = DATED_ALERT_CODES[i % DATED_ALERT_CODES.length] ?? 'ALERTA_SOAT';
      const step = steps[i % steps.length] ?? 0;
      const t = NOTIFICATION_TEMPLATES[code];
      const due = isoDay(-7 * i);
      const title =
        step > 1
          ? `${t.titleSubject} vence en ${step} días`
          : step === 1
            ? `${t.titleSubject} vence mañana`
            : step === 0
              ? `${t.titleSubject} vence hoy`
              : `${t.titleSubject} está ${t.overdueWord}`;
      const message = `${t.messageSubject} ${placa} ${step >= 0 ? 'vence' : 'venció'} el ${due.split('-').reverse().join('-')}. ${step >= 0 ? t.adviceBefore : t.adviceAfter}`;
      await database.query(
        `insert into notifications
           (user_id, vehicle_id, code, due_date, step, titulo, message, logo_notificacion, url_redireccion, created, delivered_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)`,
        [
          user.id,
          vehicleId,
          code,
          due,
          step,
          title,
          message,
          notificationIconPath(code),
          alertRedirectUrl(code),
          new Date(now.getTime() - (7 * i - step) * day),
        ],
      );
    }
  };
  await notify(selected.id, selected.placa, 50);
  const other = ids.find((id) => id !== selected.id);
  if (other !== undefined) await notify(other, 'HTR915', 8);
  await database.query('analyze');
  return { userId: user.id, token, selectedId: selected.id };
}
