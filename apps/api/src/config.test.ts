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
    [{ OTP_HOURLY_SMS_CEILING: '0' }, 'OTP_HOURLY_SMS_CEILING'],
    [{ OTP_HOURLY_SMS_CEILING: 'mucho' }, 'OTP_HOURLY_SMS_CEILING'],
  ])('stops on %j naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`${name}:`));
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
