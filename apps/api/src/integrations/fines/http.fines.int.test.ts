import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.ts';
import { ProviderError } from '../registry/provider-error.ts';
import { sendJson, startLocalServer, type LocalServer } from '../../test/local-server.ts';
import { DemoFinesProvider } from './demo.fines.ts';
import { HttpFinesProvider } from './http.fines.ts';

/** Contract test of the fines http adapter against a local fake serving the documented shape. */
const demo = new DemoFinesProvider(new ManualClock('2026-11-22T15:00:00Z'));
let server: LocalServer;

beforeAll(async () => {
  server = await startLocalServer(async (req, _body, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const placa = url.searchParams.get('placa') ?? '';
    if (url.pathname !== '/fines' || req.headers.authorization !== 'Bearer multas')
      return sendJson(res, 404, {});
    if (placa === 'ERR500') return sendJson(res, 500, { detail: 'boom' });
    if (placa === 'BAD111') {
      return sendJson(res, 200, {
        comparendos_vehiculo: [{ numero: 1, tipo: 'Comparendo', estado: 'vigente', total: '633200' }],
        comparendos_persona: [],
      });
    }
    if (placa === 'BAD333') {
      const fine = {
        numero: '11001000000012345678',
        tipo: 'Comparendo - C14 Pico y placa',
        estado: 'suspendido',
        total: 633200,
        fecha_infraccion: '2026-03-01',
        placa: 'BAD333',
        infractor: '79555444',
        descripcion: 'Pico y placa',
        categoria: 'C14',
      };
      return sendJson(res, 200, { comparendos_vehiculo: [fine], comparendos_persona: [] });
    }
    if (placa === 'BAD222') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('<html>mantenimiento</html>');
      return;
    }
    return sendJson(
      res,
      200,
      await demo.lookupFines({
        placa,
        documento: url.searchParams.get('documento') ?? '',
        tipoDocumento: url.searchParams.get('tipo_documento') ?? '',
      }),
    );
  });
});
afterAll(() => server.close());

const provider = () => new HttpFinesProvider({ baseUrl: server.url, apiKey: 'multas', timeoutMs: 2000 });

describe('HttpFinesProvider', () => {
  it('returns the validated lists of vehicle and person fines', async () => {
    for (const placa of ['ABC123', 'KMN482', 'QWE987', 'ZZZ111']) {
      const q = { placa, documento: '79555444', tipoDocumento: 'CC' };
      expect(await provider().lookupFines(q)).toEqual(await demo.lookupFines(q));
    }
    expect(server.requests.at(-1)?.url).toBe('/fines?placa=ZZZ111&documento=79555444&tipo_documento=CC');
  });

  it('maps a 500 and malformed answers to retryable ProviderErrors', async () => {
    for (const [placa, kind] of [
      ['ERR500', 'unavailable'],
      ['BAD111', 'invalid_answer'],
      ['BAD222', 'invalid_answer'],
      // A state TOGO cannot count is refused, never guessed (decision 071).
      ['BAD333', 'invalid_answer'],
    ] as const) {
      const err = await provider()
        .lookupFines({ placa, documento: '1', tipoDocumento: 'CC' })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ProviderError);
      expect([placa, (err as ProviderError).kind, (err as ProviderError).retryable]).toEqual([
        placa,
        kind,
        true,
      ]);
    }
  });
});
