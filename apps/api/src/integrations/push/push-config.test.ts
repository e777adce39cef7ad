import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { providersFromConfig } from '../../providers.ts';
import type { Db } from '../../db/client.ts';
import { ManualClock } from '../../lib/clock.ts';

const keys = webpush.generateVAPIDKeys();
// providersFromConfig only keeps the database handle for the outbox; nothing is queried here.
const noDb = {} as Db;

describe('VAPID configuration', () => {
  it('disables push without keys', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config.VAPID_SUBJECT).toBe('mailto:soporte@togo.com.co');
    expect(providersFromConfig(config, noDb, new ManualClock()).push.publicKey).toBeNull();
  });

  it('enables Web Push with both keys', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: 'https://togo.com.co/contacto',
    });
    expect(providersFromConfig(config, noDb, new ManualClock()).push.publicKey).toBe(keys.publicKey);
  });

  it('names the bad variable', () => {
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(/VAPID_PRIVATE_KEY: required/);
    expect(() => loadConfig({ VAPID_PRIVATE_KEY: keys.privateKey })).toThrow(/VAPID_PUBLIC_KEY: required/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: keys.privateKey })).toThrow(
      /VAPID_PUBLIC_KEY: must be/,
    );
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: 'abc' })).toThrow(
      /VAPID_PRIVATE_KEY: must be/,
    );
    expect(() => loadConfig({ VAPID_SUBJECT: 'soporte@togo.com.co' })).toThrow(/VAPID_SUBJECT/);
  });
});
