import { finesResultSchema } from '@togo/domain/garage/registry.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError } from '../registry/provider-error.ts';
import {
  simitData,
  simitExample,
  simitMulta,
  startVerifikFake,
  VERIFIK_ERRORS,
  type VerifikFake,
} from '../verifik/verifik.test-support.ts';
import { VerifikFinesProvider } from './verifik.fines.ts';
import { rejectionOf } from '../../test/rejection.ts';

/** The SIMIT adapter against a local fake of Verifik (documented shapes and errors, decision 070). */
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.prueba.firma';
let fake: VerifikFake;

beforeAll(async () => {
  fake = await startVerifikFake(TOKEN);
});
afterAll(async () => {
  await fake.close();
});

const provider = (opts: { token?: string; timeoutMs?: number } = {}) =>
  new VerifikFinesProvider(
    { baseUrl: fake.url, token: opts.token ?? TOKEN, timeoutMs: opts.timeoutMs ?? 2000 },
    60,
  );
const q = (documento: string, placa = 'RDL805', tipoDocumento = 'CC') => ({
  placa,
  documento,
  tipoDocumento,
});

const failure = (p: Promise<unknown>) => rejectionOf(p, ProviderError);

describe('VerifikFinesProvider', () => {
  it("asks GET /v2/co/simit/consultar by the owner's document and maps the documented example", async () => {
    const answer = await provider().lookupFines(q('123456789'));
    const request = fake.requests.at(-1);
    expect(request?.url).toBe('/v2/co/simit/consultar?documentType=CC&documentNumber=123456789');
    expect(request?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(answer.comparendos_vehiculo).toEqual([
      {
        numero: '25612001000012662173',
        tipo: 'MULTA DE TRÁNSITO - C35',
        estado: 'vigente',
        total: 344730,
        fecha_infraccion: '2016-02-23',
        placa: 'RDL805',
        infractor: 'C** B**',
        descripcion: expect.stringMatching(/^No realizar la revisión técnico-mecánica/),
        categoria: 'C35',
        organismo_transito: 'Ricaurte (Cundinamarca)',
        fecha_resolucion: '2022-12-12',
        descuento: null,
        curso: null,
      },
    ]);
    // The payment agreement is the person's, owed, in state 'acuerdo de pago'.
    expect(answer.comparendos_persona).toEqual([
      {
        numero: '324',
        tipo: 'Acuerdo de pago',
        estado: 'acuerdo de pago',
        total: 837716,
        fecha_infraccion: '2018-02-16',
        placa: '',
        infractor: '123456789',
        descripcion: 'Acuerdo de pago, resolución 324.',
        categoria: '',
        organismo_transito: 'Jamundi (Valle del Cauca)',
        fecha_resolucion: '2018-02-16',
        descuento: null,
        curso: null,
      },
    ]);
    expect(finesResultSchema.parse(answer)).toEqual(answer);
  });

  it("splits the vehicle's fines from the person's, maps SIMIT's states and attaches the course", async () => {
    const body = simitExample([
      simitMulta({
        numeroComparendo: '11001000000011111111',
        estadoComparendo: 'Cobro coactivo',
        placa: 'KMN482',
      }),
      simitMulta({
        numeroComparendo: '00001234',
        estadoComparendo: 'Pagado',
        placa: 'kmn482',
        fechaResolucion: null,
      }),
      simitMulta({
        numeroComparendo: '05001000000022222222',
        estadoComparendo: 'Pendiente de pago',
        placa: 'XYZ987',
      }),
      simitMulta({
        numeroComparendo: '05001000000033333333',
        estadoComparendo: 'En proceso de cobro coactivo',
        placa: null,
      }),
    ]);
    fake.simit.set('79555444', { status: 200, body });
    const answer = await provider().lookupFines(q('79555444', 'KMN482'));
    expect(answer.comparendos_vehiculo.map((f) => [f.numero, f.estado, f.tipo.split(' - ')[0]])).toEqual([
      ['11001000000011111111', 'en cobro coactivo', 'MULTA DE TRÁNSITO'],
      ['00001234', 'pagado', 'Comparendo'],
    ]);
    expect(answer.comparendos_vehiculo[1]?.curso).toEqual({
      fecha: '2011-12-21',
      estado: 'No aplicado',
      centro: 'CIA AL INFRACTOR DE TRANSITO',
    });
    expect(answer.comparendos_persona.map((f) => [f.numero, f.estado])).toEqual([
      ['05001000000022222222', 'vigente'],
      ['05001000000033333333', 'en cobro coactivo'],
      ['324', 'acuerdo de pago'],
    ]);
  });

  it('takes the unwrapped {data} shape of the other SIMIT endpoints too', async () => {
    fake.simit.set('52111222', { status: 200, body: simitExample([simitMulta()], false) });
    const answer = await provider().lookupFines(q('52111222'));
    expect(answer.comparendos_vehiculo).toHaveLength(1);
  });

  it('reads a 404 (SIMIT has no record for the document) as no fines', async () => {
    fake.simit.set('90040401', { status: 404, body: VERIFIK_ERRORS.notFound });
    expect(await provider().lookupFines(q('90040401'))).toEqual({
      comparendos_vehiculo: [],
      comparendos_persona: [],
    });
  });

  it('maps every other documented error, and the undocumented ones, to a ProviderError', async () => {
    fake.simit.set('50000500', { status: 500, body: VERIFIK_ERRORS.serverError });
    fake.simit.set('40900409', { status: 409, body: VERIFIK_ERRORS.missing('missing documentNumber') });
    fake.simit.set('42900429', { status: 429, body: { code: 'TooManyRequests', message: 'Slow down.' } });
    fake.simit.set('50300503', { status: 503, raw: '<html>Service Unavailable</html>' });
    const cases: [string, string, boolean][] = [
      ['50000500', 'unavailable', true],
      ['40900409', 'bad_request', false],
      ['42900429', 'rate_limited', true],
      ['50300503', 'unavailable', true],
    ];
    for (const [doc, kind, retryable] of cases) {
      const err = await failure(provider().lookupFines(q(doc)));
      expect([doc, err.kind, err.retryable]).toEqual([doc, kind, retryable]);
    }
    const limited = await failure(provider().lookupFines(q('42900429')));
    expect(limited.retryAfterSeconds).toBeNull();
    const denied = await failure(provider({ token: 'otro-token-de-prueba' }).lookupFines(q('123456789')));
    expect([denied.kind, denied.retryable]).toEqual(['unauthorized', false]);
    const before = fake.requests.length;
    expect((await failure(provider().lookupFines(q('123456789', 'RDL805', 'PPT')))).kind).toBe('bad_request');
    expect(fake.requests.length).toBe(before);
  });

  it('refuses an unknown state, a malformed amount or date, and a shape it does not know', async () => {
    const bad: [string, unknown][] = [
      ['60000001', simitExample([simitMulta({ estadoComparendo: 'Suspendido por tutela' })])],
      ['60000002', simitExample([simitMulta({ valorPagar: -5 })])],
      ['60000003', simitExample([simitMulta({ fechaComparendo: '2016-02-23' })])],
      ['60000004', { value: { data: simitData() } }],
      ['60000005', { data: { multas: 'ninguna' } }],
      [
        '60000006',
        {
          data: { ...simitData(), acuerdosPago: [{ ...simitData().acuerdosPago[0], estado: 'Incumplido' }] },
        },
      ],
    ];
    for (const [doc, body] of bad) {
      fake.simit.set(doc, { status: 200, body });
      const err = await failure(provider().lookupFines(q(doc)));
      expect([doc, err.kind, err.retryable]).toEqual([doc, 'invalid_answer', true]);
    }
    const state = await failure(provider().lookupFines(q('60000001')));
    expect(state.message).toMatch(/unknown estadoComparendo 'Suspendido por tutela'/);
  });

  it('times out', async () => {
    fake.simit.set('70000007', 'hold');
    const err = await failure(provider({ timeoutMs: 300 }).lookupFines(q('70000007')));
    expect([err.kind, err.retryable]).toEqual(['timeout', true]);
  });
});
