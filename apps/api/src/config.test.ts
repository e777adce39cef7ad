import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults with no configuration', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      NODE_ENV: 'development',
      FACEBOOK_API_VERSION: 'v10.0',
    });
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ SMTP_URL: 'not a url' }, 'SMTP_URL'],
    [{ NODE_ENV: 'production' }, 'APP_SECRET'],
    [{ FACEBOOK_APP_ID: '1' }, 'FACEBOOK_APP_SECRET'],
    [{ APP_SECRET: 'short' }, 'APP_SECRET'],
    [{ FILE_STORAGE: 'ftp' }, 'FILE_STORAGE'],
    [{ FILE_STORAGE: 's3' }, 'S3_BUCKET'],
    [{ FILE_STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' }, 'S3_SECRET_ACCESS_KEY'],
    [{ FILE_STORAGE: 's3', S3_ENDPOINT: 'sin esquema' }, 'S3_ENDPOINT'],
    [{ MAP_TILE_URL: 'https://tiles.example.co/tile.png' }, 'MAP_TILE_URL'],
    [{ MAP_TILE_URL: 'ftp://tiles/{z}/{x}/{y}.png' }, 'MAP_TILE_URL'],
    [{ PAYMENTS_PROVIDER: 'paypal' }, 'PAYMENTS_PROVIDER'],
    [{ PAYMENTS_PROVIDER: 'wompi' }, 'WOMPI_PUBLIC_KEY'],
    [
      { PAYMENTS_PROVIDER: 'wompi', WOMPI_PUBLIC_KEY: 'p', WOMPI_INTEGRITY_SECRET: 'i' },
      'WOMPI_EVENTS_SECRET',
    ],
    [{ CHATBOT_TOKEN: 'short' }, 'CHATBOT_TOKEN'],
  ])('stops on %j naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`${name}:`));
  });

  describe('MULTI_INSTANCE', () => {
    const shared = {
      MULTI_INSTANCE: 'true',
      DATABASE_URL: 'postgres://togo@db.internal:5432/togo',
      APP_SECRET: 's'.repeat(32),
      FILE_STORAGE: 's3',
      S3_BUCKET: 'togo-files',
      S3_ACCESS_KEY_ID: 'AKID',
      S3_SECRET_ACCESS_KEY: 'secreto',
    };

    it('is off by default, and then local files are fine', () => {
      expect(loadConfig({}).MULTI_INSTANCE).toBe(false);
      expect(loadConfig({ MULTI_INSTANCE: 'false', FILE_STORAGE: 'local' }).FILE_STORAGE).toBe('local');
    });

    it('starts with a shared database, S3 storage and APP_SECRET', () => {
      expect(loadConfig(shared)).toMatchObject({ MULTI_INSTANCE: true, FILE_STORAGE: 's3' });
    });

    it('refuses local file storage, naming FILE_STORAGE and MULTI_INSTANCE', () => {
      const run = () => loadConfig({ ...shared, FILE_STORAGE: 'local' });
      expect(run).toThrow(ConfigError);
      expect(run).toThrow(/FILE_STORAGE: must be 's3'.*when MULTI_INSTANCE=true/);
      // The default (unset FILE_STORAGE) is local disk: refused too.
      const { FILE_STORAGE: _unset, ...noStorage } = shared;
      expect(() => loadConfig(noStorage)).toThrow(/FILE_STORAGE: .*MULTI_INSTANCE=true/);
    });

    it.each([
      ['DATABASE_URL', { DATABASE_URL: '' }],
      ['APP_SECRET', { APP_SECRET: '' }],
    ])('refuses a missing %s', (name, change) => {
      expect(() => loadConfig({ ...shared, ...change })).toThrow(
        new RegExp(`${name}: required .*when MULTI_INSTANCE=true`),
      );
    });

    it('refuses a value other than true or false', () => {
      expect(() => loadConfig({ MULTI_INSTANCE: '2' })).toThrow(/MULTI_INSTANCE:/);
    });
  });

  it('allows TEST_SCHEDULES_EVERY_MINUTE only in tests', () => {
    expect(
      loadConfig({ NODE_ENV: 'test', TEST_SCHEDULES_EVERY_MINUTE: 'true' }).TEST_SCHEDULES_EVERY_MINUTE,
    ).toBe(true);
    expect(() => loadConfig({ TEST_SCHEDULES_EVERY_MINUTE: 'true' })).toThrow(
      /TEST_SCHEDULES_EVERY_MINUTE: only allowed with NODE_ENV=test/,
    );
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: '' }).DATABASE_URL).toBeUndefined();
    expect(loadConfig({ MAP_TILE_URL: '' }).MAP_TILE_URL).toBeUndefined();
  });

  it('accepts a tile URL template', () => {
    const url = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
    expect(loadConfig({ MAP_TILE_URL: url }).MAP_TILE_URL).toBe(url);
  });
});
