import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../integrations/messaging/outbox.messenger.ts';
import { ManualClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createUser, createVehicle, setAlertDates, type TestUser } from '../alerts/alerts.test-fixtures.ts';

let t: TestContext;
const users: TestUser[] = [];

beforeAll(async () => {
  // 22:00 in Bogota: inside the default quiet hours.
  t = await createTestApp({ clock: new ManualClock('2026-11-23T03:00:00Z') });
  for (let i = 0; i < 8; i++) {
    const user = await createUser(t, `Rel${i}`);
    users.push(user);
    const vehicleId = await createVehicle(t, user.id, `REL${String(100 + i)}`);
    await setAlertDates(t, vehicleId, 'ALERTA_SOAT', 'registry', '2025-11-29', '2026-11-29');
  }
});
afterAll(async () => {
  await t.close();
});

describe('held messages released by several processes at once', () => {
  it('sends each held message exactly once (the claim is atomic)', async () => {
    const run = await t.app.expiryEngine.run();
    expect(run.delivery).toMatchObject({ emails: 0, held: users.length });
    t.clock.set('2026-11-23T12:30:00Z');
    // Concurrent releases, as N API instances running the job together (PostgreSQL shows the race; PGlite
    // serialises the statements, where the test still checks the count).
    const results = await Promise.all(
      Array.from({ length: 4 }, () => t.app.notificationDelivery.releaseHeld()),
    );
    expect(results.reduce((sum, r) => sum + r.emails, 0)).toBe(users.length);
    for (const user of users) expect(await listOutbox(t.database.db, user.email, 5)).toHaveLength(1);
    const [left] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from notification_deliveries where status in ('held', 'sending')`,
    );
    expect(left?.n).toBe(0);
  });
});
