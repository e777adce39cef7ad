import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendJson, startLocalServer, type LocalServer } from '../../test/local-server.ts';
import { PaymentRefundError } from './payment-provider.ts';
import { WompiPaymentProvider } from './wompi.payments.ts';

/** Refunds through Wompi: POST /v1/transactions/{id}/void with the private key, against a local fake. */
const PRIVATE_KEY = 'prv_test_togo';
let fake: LocalServer;
/** Answer of the fake per transaction id. */
const answers = new Map<string, number>();

beforeAll(async () => {
  fake = await startLocalServer((req, _body, res) => {
    const id = decodeURIComponent(/^\/v1\/transactions\/([^/?]+)\/void$/.exec(req.url ?? '')?.[1] ?? '');
    if (req.method !== 'POST' || !id) return sendJson(res, 404, { error: { type: 'NOT_FOUND_ERROR' } });
    if (req.headers.authorization !== `Bearer ${PRIVATE_KEY}`)
      return sendJson(res, 401, { error: 'unauthorized' });
    const status = answers.get(id) ?? 404;
    return sendJson(
      res,
      status,
      status < 300 ? { data: { id, status: 'VOIDED' } } : { error: { type: 'INPUT_VALIDATION_ERROR' } },
    );
  });
});
afterAll(async () => {
  await fake?.close();
});

const provider = (privateKey: string | undefined = PRIVATE_KEY) =>
  new WompiPaymentProvider({
    publicKey: 'pub_test_togo',
    integritySecret: 'i',
    eventsSecret: 'e',
    checkoutUrl: 'https://checkout.wompi.co/p/',
    apiUrl: `${fake.url}/v1`,
    timeoutMs: 2000,
    privateKey,
  });

const input = (transactionId: string | null) => ({
  reference: 'TOGO-1',
  transactionId,
  amountInCents: 3_500_000,
});

describe('WompiPaymentProvider.refund', () => {
  it('voids the card transaction with the private key', async () => {
    answers.set('tx-ok', 201);
    await expect(provider().refund(input('tx-ok'))).resolves.toBeUndefined();
    const req = fake.requests.at(-1);
    expect(req).toMatchObject({ method: 'POST', url: '/v1/transactions/tx-ok/void' });
    expect(req?.headers.authorization).toBe(`Bearer ${PRIVATE_KEY}`);
  });

  it('throws PaymentRefundError when Wompi refuses or fails, or nothing identifies the payment', async () => {
    answers.set('tx-nequi', 422);
    await expect(provider().refund(input('tx-nequi'))).rejects.toThrow(/422/);
    await expect(provider().refund(input(null))).rejects.toBeInstanceOf(PaymentRefundError);
    await expect(provider('').refund(input('tx-ok'))).rejects.toThrow('WOMPI_PRIVATE_KEY');
    answers.set('tx-down', 503);
    await expect(provider().refund(input('tx-down'))).rejects.toBeInstanceOf(PaymentRefundError);
  });
});
