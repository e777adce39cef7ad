import type { ServerResponse } from 'node:http';
import { registryVehicleSchema } from '@togo/domain/garage/registry.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.ts';
import { sendJson, startLocalServer, type LocalServer } from '../../test/local-server.ts';
import { DemoRegistryProvider } from './demo.registry.ts';
import { HttpRegistryProvider } from './http.registry.ts';
import { ProviderError } from './provider-error.ts';
import { rejectionOf } from '../../test/rejection.ts';

/**
 * Contract test of the registry's http adapter against a local fake that serves the documented shapes
 * (the demo provider's answers), plus the failures a real provider produces.
 */
const demo = new DemoRegistryProvider(new ManualClock('2026-11-22T15:00:00Z'));
let server: LocalServer;
const held: ServerResponse[] = [];

beforeAll(async () => {
  server = await startLocalServer(async (req, _body, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.headers.authorization !== 'Bearer k3y') return sendJson(res, 401, { detail: 'bad key' });
    const placa = decodeURIComponent(url.pathname.replace('/api/v1/vehicles/', ''));
    const query = {
      placa,
      documento: url.searchParams.get('documento') ?? '',
      tipoDocumento: url.searchParams.get('tipo_documento') ?? '',
    };
    switch (placa) {
      case 'NOF404':
        return sendJson(res, 404, { detail: 'no existe' });
      case 'ERR500':
        return sendJson(res, 500, { detail: 'boom' });
      case 'BAD111':
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"placa": "BAD111", "vehiculo": ');
        return;
      case 'BAD222':
        return sendJson(res, 200, {
          ...(await demo.lookupVehicle({ ...query, placa: 'ABC123' })),
          placa: 'BAD222',
          soat: { fecha_vencimiento: '31/12/2026' },
        });
      case 'OTH333':
        return sendJson(res, 200, await demo.lookupVehicle({ ...query, placa: 'XYZ987' }));
      case 'SLO999':
        held.push(res);
        return;
      default:
        return sendJson(res, 200, await demo.lookupVehicle(query));
    }
  });
});
afterAll(async () => {
  for (const res of held) res.end();
  await server.close();
});

const provider = (opts: { key?: string; timeoutMs?: number } = {}) =>
  new HttpRegistryProvider({
    baseUrl: `${server.url}/api/v1`,
    apiKey: opts.key ?? 'k3y',
    timeoutMs: opts.timeoutMs ?? 2000,
  });

const failure = (p: Promise<unknown>) => rejectionOf(p, ProviderError);

describe('HttpRegistryProvider', () => {
  it('asks with the key, plate and document, and returns the validated answer', async () => {
    const query = { placa: 'KMN482', documento: '1020304050', tipoDocumento: 'CC' };
    const answer = await provider().lookupVehicle(query);
    expect(answer).toEqual(await demo.lookupVehicle(query));
    expect(registryVehicleSchema.parse(answer)).toEqual(answer);
    expect(server.requests.at(-1)).toMatchObject({
      method: 'GET',
      url: '/api/v1/vehicles/KMN482?documento=1020304050&tipo_documento=CC',
    });
    expect(provider().name).toBe('http');
  });

  it('maps each failure to a ProviderError that says whether retrying can help', async () => {
    const q = (placa: string) => ({ placa, documento: '1', tipoDocumento: 'CC' });
    const cases: [string, string, boolean][] = [
      ['NOF404', 'not_found', false],
      ['ERR500', 'unavailable', true],
      ['BAD111', 'invalid_answer', true],
      ['BAD222', 'invalid_answer', true],
      ['OTH333', 'invalid_answer', true],
    ];
    for (const [placa, kind, retryable] of cases) {
      const err = await failure(provider().lookupVehicle(q(placa)));
      expect([placa, err.kind, err.retryable]).toEqual([placa, kind, retryable]);
    }
    const denied = await failure(provider({ key: 'otra' }).lookupVehicle(q('KMN482')));
    expect([denied.kind, denied.retryable]).toEqual(['unauthorized', false]);
  });

  it('times out', async () => {
    const err = await failure(
      provider({ timeoutMs: 300 }).lookupVehicle({ placa: 'SLO999', documento: '1', tipoDocumento: 'CC' }),
    );
    expect([err.kind, err.retryable]).toEqual(['timeout', true]);
  });

  it('reports an unreachable provider as unavailable', async () => {
    const dead = new HttpRegistryProvider({ baseUrl: 'http://127.0.0.1:9', apiKey: 'k', timeoutMs: 2000 });
    const err = await failure(dead.lookupVehicle({ placa: 'ABC123', documento: '1', tipoDocumento: 'CC' }));
    expect(err.kind).toBe('unavailable');
  });
});
