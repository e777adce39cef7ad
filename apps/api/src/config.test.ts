import { describe, expect, it } from 'vitest';
import { parseTrustProxy } from './config-schema.ts';
import { ConfigError, loadConfig } from './config.ts';
import { totpRoles } from './features/operator/operator.feature.ts';

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

  it('allows TEST_FAULT_PAUSE and sub-minute job expiries and refresh leases only in tests', () => {
    const test = loadConfig({
      NODE_ENV: 'test',
      TEST_FAULT_PAUSE: 'fleet-import-chunk',
      JOB_EXPIRE_SECONDS: '10',
      REFRESH_LEASE_SECONDS: '8',
    });
    expect(test).toMatchObject({ TEST_FAULT_PAUSE: 'fleet-import-chunk', JOB_EXPIRE_SECONDS: 10 });
    expect(test.REFRESH_LEASE_SECONDS).toBe(8);
    expect(loadConfig({})).toMatchObject({
      TEST_FAULT_PAUSE: '',
      JOB_EXPIRE_SECONDS: 900,
      REFRESH_LEASE_SECONDS: 300,
    });
    expect(() => loadConfig({ TEST_FAULT_PAUSE: 'fleet-import-chunk' })).toThrow(
      /TEST_FAULT_PAUSE: only allowed with NODE_ENV=test/,
    );
    expect(() => loadConfig({ JOB_EXPIRE_SECONDS: '10' })).toThrow(/JOB_EXPIRE_SECONDS: at least 30/);
    expect(() => loadConfig({ REFRESH_LEASE_SECONDS: '8' })).toThrow(/REFRESH_LEASE_SECONDS: at least 60/);
    expect(loadConfig({ JOB_EXPIRE_SECONDS: '30', REFRESH_LEASE_SECONDS: '60' })).toMatchObject({
      JOB_EXPIRE_SECONDS: 30,
      REFRESH_LEASE_SECONDS: 60,
    });
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

/** A production configuration with every real adapter configured. */
const realProduction = {
  NODE_ENV: 'production',
  APP_SECRET: 'p'.repeat(40),
  WEB_URL: 'https://togo.example',
  PAYMENTS_PROVIDER: 'wompi',
  WOMPI_PUBLIC_KEY: 'pub',
  WOMPI_INTEGRITY_SECRET: 'integrity',
  WOMPI_EVENTS_SECRET: 'events',
  SMTP_URL: 'smtps://u:p@smtp.example.com:465',
  SMS_URL: 'https://sms.example.com/send',
  REGISTRY_PROVIDER: 'http',
  REGISTRY_URL: 'https://registry.example.com',
  FINES_PROVIDER: 'http',
  FINES_URL: 'https://fines.example.com',
  VALUE_PROVIDER: 'http',
  VALUE_URL: 'https://value.example.com',
};

function configError(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('loadConfig accepted the configuration');
}

describe('loadConfig in production', () => {
  it('accepts a production configuration with every real adapter', () => {
    const c = loadConfig(realProduction);
    expect(c.NODE_ENV).toBe('production');
    expect(c.ALLOW_DEMO).toBe(false);
    expect(c.WEB_URL).toBe('https://togo.example');
  });

  it('with the defaults names every demo default, APP_SECRET, WEB_URL and ALLOW_DEMO', () => {
    const message = configError({ NODE_ENV: 'production' });
    for (const name of [
      'APP_SECRET',
      'WEB_URL',
      'PAYMENTS_PROVIDER',
      'SMTP_URL',
      'SMS_URL',
      'REGISTRY_PROVIDER',
      'FINES_PROVIDER',
      'VALUE_PROVIDER',
    ]) {
      expect(message).toMatch(new RegExp(`^  ${name}: `, 'm'));
    }
    expect(message).toContain('ALLOW_DEMO=1');
  });

  it.each([
    [{ PAYMENTS_PROVIDER: 'sandbox' }, 'PAYMENTS_PROVIDER'],
    [{ SMTP_URL: '' }, 'SMTP_URL'],
    [{ SMS_URL: '' }, 'SMS_URL'],
    [{ REGISTRY_PROVIDER: 'demo' }, 'REGISTRY_PROVIDER'],
    [{ FINES_PROVIDER: 'demo' }, 'FINES_PROVIDER'],
    [{ VALUE_PROVIDER: 'demo' }, 'VALUE_PROVIDER'],
    [{ APP_SECRET: '' }, 'APP_SECRET'],
    [{ WEB_URL: '' }, 'WEB_URL'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
  ])('refuses %j and names only %s', (change, name) => {
    const message = configError({ ...realProduction, ...change });
    expect(message.split('\n').slice(1)).toEqual([expect.stringMatching(new RegExp(`^  ${name}: `))]);
  });

  it('ALLOW_DEMO=1 allows the demo providers, the sandbox and the outbox, never a missing secret or URL', () => {
    const demo = loadConfig({
      NODE_ENV: 'production',
      ALLOW_DEMO: '1',
      APP_SECRET: 'p'.repeat(40),
      WEB_URL: 'https://demo.togo.example',
    });
    expect(demo).toMatchObject({ ALLOW_DEMO: true, PAYMENTS_PROVIDER: 'sandbox', REGISTRY_PROVIDER: 'demo' });
    const message = configError({ NODE_ENV: 'production', ALLOW_DEMO: '1' });
    expect(message).toMatch(/^ {2}APP_SECRET: /m);
    expect(message).toMatch(/^ {2}WEB_URL: /m);
    expect(message).not.toContain('PAYMENTS_PROVIDER');
  });

  it('development and test keep the demo defaults without ALLOW_DEMO', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).PAYMENTS_PROVIDER).toBe('sandbox');
    expect(() => loadConfig({ ALLOW_DEMO: 'maybe' })).toThrow(/ALLOW_DEMO:/);
  });
});

describe('WEB_URL', () => {
  it('defaults to the address the server listens on (PORT)', () => {
    expect(loadConfig({}).WEB_URL).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '4321' }).WEB_URL).toBe('http://localhost:4321');
  });

  it('is kept when set, without a trailing slash; a bad one is refused', () => {
    expect(loadConfig({ PORT: '4321', WEB_URL: 'https://togo.example/' }).WEB_URL).toBe(
      'https://togo.example',
    );
    expect(() => loadConfig({ WEB_URL: 'togo' })).toThrow(/WEB_URL:/);
  });
});

describe('TRUST_PROXY', () => {
  it.each([
    ['', false],
    ['false', false],
    ['true', true],
    ['1', 1],
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.0/8, 192.168.1.0/24,::1', ['10.0.0.0/8', '192.168.1.0/24', '::1']],
    ['fd00::/8', ['fd00::/8']],
  ])('reads %j as %j', (value, expected) => {
    expect(parseTrustProxy(value)).toEqual(expected);
    expect(loadConfig({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it.each(['0', '11', 'yes', '10.0.0.0/33', '::1/129', '10.0.0.1/8/1', 'proxy.example', '10.0.0.1,', '-1'])(
    'refuses %j naming TRUST_PROXY',
    (value) => {
      expect(parseTrustProxy(value)).toBeNull();
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY:/);
    },
  );
});

describe('METRICS_TOKEN and SHUTDOWN_TIMEOUT_MS', () => {
  it('metrics are off by default; a short token is refused', () => {
    expect(loadConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN:/);
    expect(loadConfig({ METRICS_TOKEN: 'm'.repeat(32) }).METRICS_TOKEN).toBe('m'.repeat(32));
  });

  it('bounds the shutdown timeout', () => {
    expect(loadConfig({}).SHUTDOWN_TIMEOUT_MS).toBe(25_000);
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: '10' })).toThrow(/SHUTDOWN_TIMEOUT_MS:/);
  });

  it('reads the USD→COP reference rate only with its date', () => {
    const config = loadConfig({ USD_COP_RATE: '4012.5', USD_COP_RATE_DATE: '2026-11-01' });
    expect(config.USD_COP_RATE).toBe(4012.5);
    expect(config.USD_COP_RATE_DATE).toBe('2026-11-01');
    expect(loadConfig({ USD_COP_RATE: '', USD_COP_RATE_DATE: '' }).USD_COP_RATE).toBeUndefined();
    expect(() => loadConfig({ USD_COP_RATE: '4000' })).toThrow(/USD_COP_RATE_DATE: required/);
    expect(() => loadConfig({ USD_COP_RATE_DATE: '2026-11-01' })).toThrow(/USD_COP_RATE: required/);
    expect(() => loadConfig({ USD_COP_RATE: 'cuatro mil', USD_COP_RATE_DATE: '2026-11-01' })).toThrow(
      /USD_COP_RATE:/,
    );
    expect(() => loadConfig({ USD_COP_RATE: '4000', USD_COP_RATE_DATE: '01/11/2026' })).toThrow(
      /USD_COP_RATE_DATE:/,
    );
  });
});

describe('Verifik (decision 070)', () => {
  const token = 'eyJhbGciOiJIUzI1NiJ9.token.firma';

  it('selects verifik for the registry and the fines with its token; the base URL and quota have defaults', () => {
    const c = loadConfig({ REGISTRY_PROVIDER: 'verifik', FINES_PROVIDER: 'verifik', VERIFIK_TOKEN: token });
    expect(c).toMatchObject({
      REGISTRY_PROVIDER: 'verifik',
      FINES_PROVIDER: 'verifik',
      VERIFIK_BASE_URL: 'https://api.verifik.co',
      VERIFIK_QUOTA_PER_MINUTE: 60,
    });
    expect(loadConfig({ VERIFIK_QUOTA_PER_MINUTE: '120' }).VERIFIK_QUOTA_PER_MINUTE).toBe(120);
    expect(() => loadConfig({ VERIFIK_QUOTA_PER_MINUTE: '0' })).toThrow(/VERIFIK_QUOTA_PER_MINUTE:/);
    expect(() => loadConfig({ VALUE_PROVIDER: 'verifik' })).toThrow(/VALUE_PROVIDER:/);
  });

  it('refuses a verifik provider without a token, and a token too short to be one', () => {
    expect(() => loadConfig({ REGISTRY_PROVIDER: 'verifik' })).toThrow(
      /VERIFIK_TOKEN: required when REGISTRY_PROVIDER=verifik/,
    );
    expect(() => loadConfig({ FINES_PROVIDER: 'verifik', VERIFIK_TOKEN: '' })).toThrow(
      /VERIFIK_TOKEN: required when FINES_PROVIDER=verifik/,
    );
    expect(() => loadConfig({ FINES_PROVIDER: 'verifik', VERIFIK_TOKEN: 'corto' })).toThrow(/VERIFIK_TOKEN:/);
    expect(() => loadConfig({ VERIFIK_BASE_URL: 'no es una url' })).toThrow(/VERIFIK_BASE_URL:/);
  });

  it('production takes verifik as the real registry and fines, and refuses a plain-http base URL', () => {
    const verifik = { REGISTRY_PROVIDER: 'verifik', FINES_PROVIDER: 'verifik', VERIFIK_TOKEN: token };
    expect(loadConfig({ ...realProduction, ...verifik }).REGISTRY_PROVIDER).toBe('verifik');
    const message = configError({ ...realProduction, ...verifik, VERIFIK_BASE_URL: 'http://127.0.0.1:8080' });
    expect(message.split('\n').slice(1)).toEqual([
      expect.stringMatching(/^ {2}VERIFIK_BASE_URL: must be https/),
    ]);
    expect(configError({ ...realProduction, REGISTRY_PROVIDER: 'demo' })).toMatch(/set verifik or http/);
  });
});

describe('ADMIN_PASSWORD (issue 35, finding 9)', () => {
  it('production refuses a short or common first-admin password, naming it', () => {
    for (const weak of ['12345678', 'password1234', 'qwertyuiop123']) {
      const message = configError({ ...realProduction, ADMIN_EMAIL: 'jefa@togo.co', ADMIN_PASSWORD: weak });
      expect(message).toMatch(/^ {2}ADMIN_PASSWORD: /m);
    }
    const ok = loadConfig({
      ...realProduction,
      ADMIN_EMAIL: 'jefa@togo.co',
      ADMIN_PASSWORD: 'Pasillo-Verde-Colibrí-42',
    });
    expect(ok.ADMIN_PASSWORD).toBe('Pasillo-Verde-Colibrí-42');
  });

  it('development keeps accepting any 8-character password', () => {
    expect(loadConfig({ ADMIN_EMAIL: 'jefa@togo.co', ADMIN_PASSWORD: '12345678' }).ADMIN_PASSWORD).toBe(
      '12345678',
    );
  });
});

describe('OPERATOR_TOTP_ROLES (issue 35, finding 2)', () => {
  it('production refuses a list without the roles that refund or change data; soporte may be left out', () => {
    const message = configError({ ...realProduction, OPERATOR_TOTP_ROLES: 'admin' });
    expect(message).toMatch(/^ {2}OPERATOR_TOTP_ROLES: must include operaciones, contenido in production/m);
    const ok = loadConfig({ ...realProduction, OPERATOR_TOTP_ROLES: 'admin,operaciones,contenido' });
    expect(totpRoles(ok)).toEqual(['admin', 'operaciones', 'contenido']);
    expect(totpRoles(loadConfig(realProduction))).toEqual(['admin', 'operaciones', 'contenido', 'soporte']);
  });

  it('development requires none unless the setting asks for more', () => {
    expect(totpRoles(loadConfig({}))).toEqual([]);
    expect(totpRoles(loadConfig({ OPERATOR_TOTP_ROLES: 'soporte' }))).toEqual(['soporte']);
  });
});
