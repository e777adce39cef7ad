import { registryVehicleSchema } from '@togo/domain/garage/registry.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  runtHistoryExample,
  runtPlateExample,
  startVerifikFake,
  VERIFIK_ERRORS,
  type VerifikFake,
} from '../verifik/verifik.test-support.ts';
import { ProviderError } from './provider-error.ts';
import { VerifikRegistryProvider } from './verifik.registry.ts';
import { rejectionOf } from '../../test/rejection.ts';

/**
 * The RUNT adapter against a local fake of Verifik answering the documented shapes and every documented error
 * (decision 070), plus the undocumented answers the adapter still has to refuse clearly.
 */
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.prueba.firma';
let fake: VerifikFake;

beforeAll(async () => {
  fake = await startVerifikFake(TOKEN);
});
afterAll(async () => {
  await fake.close();
});

const provider = (opts: { token?: string; timeoutMs?: number } = {}) =>
  new VerifikRegistryProvider(
    { baseUrl: fake.url, token: opts.token ?? TOKEN, timeoutMs: opts.timeoutMs ?? 2000 },
    60,
  );
const q = (placa: string, tipoDocumento = 'CC', documento = '1020304050') => ({
  placa,
  documento,
  tipoDocumento,
});

const failure = (p: Promise<unknown>) => rejectionOf(p, ProviderError);

describe('VerifikRegistryProvider', () => {
  it('asks GET /v2/co/runt/vehicle-by-plate with the Bearer token and the owner, and maps the documented example', async () => {
    const answer = await provider().lookupVehicle(q('ABC123'));
    const request = fake.requests.at(-1);
    expect(request?.method).toBe('GET');
    expect(request?.url).toBe(
      '/v2/co/runt/vehicle-by-plate?documentType=CC&documentNumber=1020304050&plate=ABC123',
    );
    expect(request?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(request?.headers.accept).toBe('application/json');
    expect(answer).toEqual({
      placa: 'ABC123',
      vehiculo: {
        marca: 'MAZDA',
        linea: 'CX-30',
        modelo: 2021,
        clase: 'CAMIONETA',
        servicio: 'PARTICULAR',
        combustible: 'GASOLINA',
        color: 'MACHINE GRAY',
        cilindraje: 2488,
        carroceria: 'WAGON',
        fecha_matricula: '2020-10-17',
      },
      soat: {
        fecha_expedicion: '2023-10-03',
        fecha_vencimiento: '2024-10-16',
        aseguradora: 'SEGUROS COMERCIALES BOLIVAR S.A',
      },
      // tecnoMecanica [{"vigente": "NO APLICA"}]: no inspection due yet.
      rtm: null,
      licencia: null,
    });
    expect(registryVehicleSchema.parse(answer)).toEqual(answer);
    expect(provider().name).toBe('verifik');
    expect(provider().quota).toEqual({ key: 'verifik', perMinute: 60 });
  });

  it('takes the current SOAT policy and the last inspection from the history rows', async () => {
    fake.runt.set('NET603', { status: 200, body: runtHistoryExample('NET603') });
    const answer = await provider().lookupVehicle(q('NET603', 'NIT', '901254531'));
    expect(answer.vehiculo).toMatchObject({
      marca: 'TOYOTA',
      linea: 'PRADO',
      clase: 'CAMPERO',
      cilindraje: 2982,
      modelo: 2013,
    });
    expect(answer.vehiculo.fecha_matricula).toBe('2013-03-07');
    expect(answer.soat).toEqual({
      fecha_expedicion: '2024-11-14',
      fecha_vencimiento: '2025-11-14',
      aseguradora: 'SEGUROS COMERCIALES BOLIVAR S.A',
    });
    expect(answer.rtm).toEqual({
      fecha_expedicion: '2025-09-30',
      fecha_vencimiento: '2026-09-30',
      cda: 'TECMOCAR SAN JUAN',
    });
  });

  it("maps RUNT's service types and accepts a vehicle without SOAT", async () => {
    const body = runtPlateExample('WHH662');
    body.data.informacionGeneral.tipoServicio = 'Público';
    body.data.soat = [];
    fake.runt.set('WHH662', { status: 200, body });
    const answer = await provider().lookupVehicle(q('WHH662'));
    expect(answer.vehiculo.servicio).toBe('PUBLICO');
    expect(answer.soat).toBeNull();
  });

  it('maps every documented error answer to a ProviderError that says whether retrying can help', async () => {
    fake.runt.set('NOF404', { status: 404, body: VERIFIK_ERRORS.notFound });
    fake.runt.set('ERR500', { status: 500, body: VERIFIK_ERRORS.serverError });
    const cases: [string, string, boolean, RegExp][] = [
      ['NOF404', 'not_found', false, /404 \(NotFound: Record not found\.\)/],
      ['ERR500', 'unavailable', true, /500 \(InternalServerError: Server error\.\)/],
    ];
    for (const [placa, kind, retryable, message] of cases) {
      const err = await failure(provider().lookupVehicle(q(placa)));
      expect([placa, err.kind, err.retryable]).toEqual([placa, kind, retryable]);
      expect(err.message).toMatch(message);
    }
    // 401: the token is refused (documented body of the token endpoints).
    const denied = await failure(provider({ token: 'otro-token-de-prueba' }).lookupVehicle(q('ABC123')));
    expect([denied.kind, denied.retryable]).toEqual(['unauthorized', false]);
    expect(denied.message).toMatch(/Invalid or expired token/);
  });

  it("refuses a document type the endpoint does not take before calling it, and reports the provider's 409", async () => {
    const before = fake.requests.length;
    for (const tipo of ['TI', 'PPT']) {
      const err = await failure(provider().lookupVehicle(q('ABC123', tipo)));
      expect([err.kind, err.retryable]).toEqual(['bad_request', false]);
    }
    const badNumber = await failure(provider().lookupVehicle(q('ABC123', 'CC', '10.203.040')));
    expect(badNumber.kind).toBe('bad_request');
    expect(fake.requests.length).toBe(before);
    // The provider's own 409 (MissingParameter), e.g. a list it narrowed since.
    fake.runt.set('MIS409', {
      status: 409,
      body: VERIFIK_ERRORS.missing('documentType must be one of: [CC]'),
    });
    const refused = await failure(provider().lookupVehicle(q('MIS409', 'CE')));
    expect([refused.kind, refused.retryable]).toEqual(['bad_request', false]);
    expect(refused.message).toMatch(/MissingParameter: documentType must be one of: \[CC\]/);
  });

  it('handles the answers the documentation does not show: 403, 429 with Retry-After, 503, other statuses', async () => {
    fake.runt.set('FOR403', { status: 403, body: { code: 'Forbidden', message: 'No credits.' } });
    fake.runt.set('RAT429', {
      status: 429,
      body: { code: 'TooManyRequests', message: 'Slow down.' },
      headers: { 'retry-after': '30' },
    });
    fake.runt.set('DWN503', { status: 503 });
    fake.runt.set('TEA418', { status: 418, body: { code: 'Teapot', message: '?' } });
    fake.runt.set('RED302', { status: 302, headers: { location: 'https://example.com/' } });
    const cases: [string, string, boolean][] = [
      ['FOR403', 'unauthorized', false],
      ['RAT429', 'rate_limited', true],
      ['DWN503', 'unavailable', true],
      ['TEA418', 'invalid_answer', true],
      ['RED302', 'invalid_answer', true],
    ];
    for (const [placa, kind, retryable] of cases) {
      const err = await failure(provider().lookupVehicle(q(placa)));
      expect([placa, err.kind, err.retryable]).toEqual([placa, kind, retryable]);
    }
    const limited = await failure(provider().lookupVehicle(q('RAT429')));
    expect(limited.retryAfterSeconds).toBe(30);
  });

  it('refuses malformed and unexpected 200 answers instead of storing them', async () => {
    const variant = (plate: string, edit: (b: ReturnType<typeof runtPlateExample>) => unknown) => {
      const body = runtPlateExample(plate);
      fake.runt.set(plate, { status: 200, body: edit(body) });
    };
    fake.runt.set('BAD111', { status: 200, raw: '{"data": {"informacionGeneral": ' });
    variant('BAD222', (b) => ({
      ...b,
      data: { ...b.data, informacionGeneral: { ...b.data.informacionGeneral, fechaMatricula: '2020-10-17' } },
    }));
    variant('BAD333', (b) => ({ ...b, data: { ...b.data, tecnoMecanica: [{ vigente: 'NO REGISTRA' }] } }));
    variant('BAD444', (b) => ({
      ...b,
      data: {
        ...b.data,
        informacionGeneral: { ...b.data.informacionGeneral, tipoServicio: 'Intergaláctico' },
      },
    }));
    variant('BAD555', (b) => ({ ...b, data: { ...b.data, soat: undefined } }));
    variant('BAD666', (b) => ({
      ...b,
      data: { ...b.data, informacionGeneral: { ...b.data.informacionGeneral, modelo: 'dos mil' } },
    }));
    variant('BAD777', (b) => ({
      ...b,
      data: { ...b.data, informacionGeneral: { ...b.data.informacionGeneral, fechaMatricula: '31/02/2020' } },
    }));
    variant('OTH888', (b) => ({
      ...b,
      data: { ...b.data, informacionGeneral: { ...b.data.informacionGeneral, noPlaca: 'XYZ987' } },
    }));
    fake.runt.set('BIG999', { status: 200, raw: `{"pad":"${'x'.repeat(2 * 1024 * 1024 + 10)}"}` });
    for (const placa of [
      'BAD111',
      'BAD222',
      'BAD333',
      'BAD444',
      'BAD555',
      'BAD666',
      'BAD777',
      'OTH888',
      'BIG999',
    ]) {
      const err = await failure(provider().lookupVehicle(q(placa)));
      expect([placa, err.kind, err.retryable]).toEqual([placa, 'invalid_answer', true]);
    }
    const tecno = await failure(provider().lookupVehicle(q('BAD333')));
    expect(tecno.message).toMatch(/tecnoMecanica/);
  });

  it('times out, and reports an unreachable Verifik as unavailable', async () => {
    fake.runt.set('SLO999', 'hold');
    const slow = await failure(provider({ timeoutMs: 300 }).lookupVehicle(q('SLO999')));
    expect([slow.kind, slow.retryable]).toEqual(['timeout', true]);
    const dead = new VerifikRegistryProvider(
      { baseUrl: 'http://127.0.0.1:9', token: TOKEN, timeoutMs: 2000 },
      60,
    );
    expect((await failure(dead.lookupVehicle(q('ABC123')))).kind).toBe('unavailable');
  });
});
