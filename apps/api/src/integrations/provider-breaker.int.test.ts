import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { ManualClock } from '../lib/clock.ts';
import { providersFromConfig, type Providers } from '../providers.ts';
import { ProviderError } from './registry/provider-error.ts';
import { startVerifikFake, VERIFIK_ERRORS, type VerifikFake } from './verifik/verifik.test-support.ts';
import { rejectionOf } from '../test/rejection.ts';

/**
 * Providers that hang or fail (issue 40, decision 127), through the configuration the app uses: Verifik's RUNT and
 * SIMIT behind their circuit breakers, against the local fake (a held request never answers; 503 as documented).
 */
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.prueba.firma';
let fake: VerifikFake;
let clock: ManualClock;
let providers: Providers;

beforeAll(async () => {
  fake = await startVerifikFake(TOKEN);
  clock = new ManualClock('2026-12-03T12:00:00Z');
  const config = loadConfig({
    NODE_ENV: 'test',
    REGISTRY_PROVIDER: 'verifik',
    FINES_PROVIDER: 'verifik',
    VERIFIK_BASE_URL: fake.url,
    VERIFIK_TOKEN: TOKEN,
    PROVIDER_TIMEOUT_MS: '500',
    PROVIDER_BREAKER_FAILURES: '2',
    PROVIDER_BREAKER_OPEN_SECONDS: '30',
  });
  // The messengers are never used here: no database needed.
  providers = providersFromConfig(config, {} as Db, clock);
});
afterAll(async () => {
  await fake.close();
});

const owner = (placa: string, documento = '1020304050') => ({ placa, documento, tipoDocumento: 'CC' });

const failureOf = (p: Promise<unknown>) => rejectionOf(p, ProviderError);

const requestsTo = (path: string) => fake.requests.filter((r) => r.url?.startsWith(path)).length;

describe('a provider that hangs or fails, behind its circuit breaker', () => {
  it('RUNT that never answers: two timeouts, then calls fail at once without reaching it, until a trial succeeds', async () => {
    fake.runt.set('HNG001', 'hold');
    const before = requestsTo('/v2/co/runt/');
    expect((await failureOf(providers.registry.lookupVehicle(owner('HNG001')))).kind).toBe('timeout');
    expect((await failureOf(providers.registry.lookupVehicle(owner('HNG001')))).kind).toBe('timeout');
    expect(requestsTo('/v2/co/runt/')).toBe(before + 2);

    // Open: the next calls, for any plate, fail at once and never reach the provider.
    const fast = await failureOf(providers.registry.lookupVehicle(owner('ABC123')));
    expect(fast.kind).toBe('unavailable');
    expect(fast.retryable).toBe(true);
    expect(fast.message).toContain('circuit open');
    expect(requestsTo('/v2/co/runt/')).toBe(before + 2);

    // 30 s later one trial goes through; the provider answers again, and the circuit closes.
    fake.runt.delete('HNG001');
    clock.advance(30_000);
    const answer = await providers.registry.lookupVehicle(owner('HNG001'));
    expect(answer.placa).toBe('HNG001');
    await providers.registry.lookupVehicle(owner('ABC123'));
    expect(requestsTo('/v2/co/runt/')).toBe(before + 4);
  });

  it('SIMIT answering 503 opens its own circuit; RUNT, a separate one, keeps answering', async () => {
    fake.simit.set('79000111', { status: 503, body: VERIFIK_ERRORS.serverError });
    const before = requestsTo('/v2/co/simit/');
    for (let i = 0; i < 2; i++) {
      expect((await failureOf(providers.fines.lookupFines(owner('RDL805', '79000111')))).kind).toBe(
        'unavailable',
      );
    }
    const fast = await failureOf(providers.fines.lookupFines(owner('RDL805', '1020304050')));
    expect(fast.message).toContain('circuit open');
    expect(requestsTo('/v2/co/simit/')).toBe(before + 2);
    expect((await providers.registry.lookupVehicle(owner('ABC123'))).placa).toBe('ABC123');
  });

  it("a provider's refusals (not found, bad request) are answers and keep the circuit closed", async () => {
    fake.runt.set('NOP404', { status: 404, body: VERIFIK_ERRORS.notFound });
    for (let i = 0; i < 3; i++) {
      expect((await failureOf(providers.registry.lookupVehicle(owner('NOP404')))).kind).toBe('not_found');
    }
    expect((await providers.registry.lookupVehicle(owner('ABC123'))).placa).toBe('ABC123');
  });
});
