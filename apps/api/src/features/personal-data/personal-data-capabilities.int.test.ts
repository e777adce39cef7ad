import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONAL_DATA_PATHS } from '@togo/domain/profile/personal-data.contract';
import { FileUrlSigner } from '../../integrations/files/signed-url.ts';
import { ManualClock } from '../../lib/clock.ts';
import { createTestApp, TEST_SECRET, type TestContext } from '../../test/test-app.ts';
import { createPerson, MemoryStorage, PASSWORD, storeFile } from './personal-data.test-support.ts';

/**
 * Issue 35, finding 4: after DELETE mi-cuenta the calendar feed still answered 200 with plates, expiries, the
 * branch and the booking reference. Deleting the account revokes the feed at once, and the account's signed file
 * URLs stop working too (they are capabilities, like the feed's address).
 */
let t: TestContext;
const storage = new MemoryStorage();

beforeAll(async () => {
  t = await createTestApp({
    clock: new ManualClock('2026-11-23T15:00:00Z'),
    providers: { fileStorage: storage },
  });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('deleting the account revokes its capability URLs at once', () => {
  it('the calendar feed and signed file URLs answer 404 right after DELETE mi-cuenta', async () => {
    const ana = await createPerson(t);
    const link = await get('/api/togo/calendario/', ana.headers);
    expect(link.statusCode).toBe(200);
    const feed = new URL((link.json() as { url: string }).url).pathname;
    expect((await get(feed)).statusCode).toBe(200);
    const file = await storeFile(t, storage, ana.id, 'vehicle-licence', Buffer.from('licencia'), 'jpg');
    const fileUrl = new FileUrlSigner(TEST_SECRET, 3600).url(file.id, 'jpg', t.clock.now());
    expect((await get(fileUrl)).statusCode).toBe(200);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: PERSONAL_DATA_PATHS.deleteAccount,
      headers: ana.headers,
      payload: { password: PASSWORD },
    });
    expect(removed.statusCode).toBe(204);
    expect((await get(feed)).statusCode).toBe(404);
    expect((await get(fileUrl)).statusCode).toBe(404);
    const [row] = await t.database.query<{ n: number }>(
      'select count(*)::int as n from calendar_feeds where user_id = $1',
      [ana.id],
    );
    expect(row?.n).toBe(0);
  });
});
