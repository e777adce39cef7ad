import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError } from '../registry/provider-error.ts';
import { sendJson, startLocalServer, type LocalServer } from '../../test/local-server.ts';
import { HttpVehicleValueProvider } from './http.vehicle-value.ts';
import type { ValueQuery } from './vehicle-value-provider.ts';

/** Contract test of the valuation http adapter against a local fake serving the documented shape. */
let server: LocalServer;

beforeAll(async () => {
  server = await startLocalServer((req, body, res) => {
    if (req.method !== 'POST' || req.url !== '/v2/valuations') return sendJson(res, 404, {});
    const q = JSON.parse(body) as ValueQuery;
    if (q.placa === 'ERR500') return sendJson(res, 500, {});
    if (q.placa === 'BAD111') return sendJson(res, 200, { valor_vehiculo: '18.500,00' });
    if (q.placa === 'BAD222') return sendJson(res, 200, { valor_vehiculo: 18500.5 });
    return sendJson(res, 200, { valor_vehiculo: 18_500 });
  });
});
afterAll(() => server.close());

const query = (placa: string): ValueQuery => ({
  placa,
  marca: 'KIA',
  linea: 'PICANTO',
  modelo: 2022,
  clase: 'AUTOMOVIL',
  combustible: 'GASOLINA',
  cilindraje: 1250,
});
const provider = () =>
  new HttpVehicleValueProvider({ baseUrl: `${server.url}/v2/`, apiKey: 'valor', timeoutMs: 2000 });

describe('HttpVehicleValueProvider', () => {
  it('posts the vehicle data and returns whole US dollars', async () => {
    expect(await provider().valueOf(query('ABC123'))).toEqual({ valor_vehiculo: 18_500 });
    expect(JSON.parse(server.requests.at(-1)?.body ?? '{}')).toEqual(query('ABC123'));
  });

  it('maps a 500 and malformed answers to ProviderErrors', async () => {
    for (const [placa, kind] of [
      ['ERR500', 'unavailable'],
      ['BAD111', 'invalid_answer'],
      ['BAD222', 'invalid_answer'],
    ] as const) {
      const err = await provider()
        .valueOf(query(placa))
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ProviderError);
      expect([placa, (err as ProviderError).kind]).toEqual([placa, kind]);
    }
  });
});
