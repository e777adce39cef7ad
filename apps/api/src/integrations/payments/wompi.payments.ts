import { createHash } from 'node:crypto';
import { z } from 'zod';
import {
  PaymentEventError,
  PaymentGatewayUnavailableError,
  PaymentRefundError,
  type RefundInput,
  type PaymentEvent,
  type PaymentLinkInput,
  type PaymentProvider,
} from './payment-provider.ts';
import { toPaymentEvent, verifyWompiEvent } from './wompi-event.ts';

export interface WompiConfig {
  publicKey: string;
  integritySecret: string;
  eventsSecret: string;
  /** Web Checkout, e.g. https://checkout.wompi.co/p/ */
  checkoutUrl: string;
  /** API base, e.g. https://production.wompi.co/v1 or https://sandbox.wompi.co/v1 */
  apiUrl: string;
  timeoutMs: number;
  /** prv_… key: needed to void card transactions (refunds). */
  privateKey?: string | undefined;
}

const transactionAnswerSchema = z.object({
  data: z.looseObject({
    id: z.string(),
    status: z.string(),
    reference: z.string(),
    amount_in_cents: z.number().int(),
  }),
});

/**
 * Wompi (Colombia). Link: Web Checkout with `amount-in-cents`, `reference`, `currency=COP`, `expiration-time`
 * and `signature:integrity` = SHA-256(reference + amount-in-cents + currency + expiration-time + integrity secret).
 * Events: checksum verified (wompi-event.ts), then the transaction is read back from the API
 * (GET /transactions/{id}, public key) so only what Wompi itself reports is applied.
 */
export class WompiPaymentProvider implements PaymentProvider {
  readonly name = 'wompi' as const;

  constructor(private readonly config: WompiConfig) {}

  integritySignature(reference: string, amountInCents: number, currency: string, expiration: string): string {
    return createHash('sha256')
      .update(`${reference}${amountInCents}${currency}${expiration}${this.config.integritySecret}`)
      .digest('hex');
  }

  async createPaymentLink(input: PaymentLinkInput): Promise<string> {
    const expiration = input.expiresAt.toISOString();
    const url = new URL(this.config.checkoutUrl);
    url.searchParams.set('public-key', this.config.publicKey);
    url.searchParams.set('currency', 'COP');
    url.searchParams.set('amount-in-cents', String(input.amountInCents));
    url.searchParams.set('reference', input.reference);
    url.searchParams.set('expiration-time', expiration);
    url.searchParams.set(
      'signature:integrity',
      this.integritySignature(input.reference, input.amountInCents, 'COP', expiration),
    );
    url.searchParams.set('redirect-url', input.redirectUrl);
    if (input.customerEmail) url.searchParams.set('customer-data:email', input.customerEmail);
    return url.toString();
  }

  /**
   * No freshness window here (decision 069): the event only names a transaction, whose status is read back from
   * Wompi and de-duplicated by id, so a replay applies nothing Wompi does not report now; and Wompi resends an
   * event we did not answer with 200 30 minutes, 3 hours and 24 hours later (docs.wompi.co, "Eventos"), which a
   * 5-minute window on the event's timestamp would refuse.
   */
  async verifyEvent(body: unknown, _now: Date): Promise<PaymentEvent> {
    const event = toPaymentEvent(verifyWompiEvent(body, this.config.eventsSecret));
    const remote = await this.fetchTransaction(event.transactionId);
    if (remote.reference !== event.reference || remote.amount_in_cents !== event.amountInCents) {
      throw new PaymentEventError('El evento no coincide con la transacción de Wompi.', 'signature');
    }
    // Wompi's current status wins over the (possibly stale) status the event carried.
    const current = toPaymentEvent({
      event: 'transaction.updated',
      data: { transaction: remote },
      signature: { properties: [], checksum: '' },
      timestamp: 0,
    });
    return current;
  }

  /**
   * Voids the card transaction: POST /transactions/{id}/void with the private key (Wompi's final VOIDED status
   * only exists for card payments; other methods are refused and left to a manual refund).
   */
  async refund(input: RefundInput): Promise<void> {
    if (!this.config.privateKey) throw new PaymentRefundError('WOMPI_PRIVATE_KEY no está configurada.');
    if (!input.transactionId) throw new PaymentRefundError('El pago no tiene transacción de Wompi.');
    const url = `${this.config.apiUrl.replace(/\/+$/, '')}/transactions/${encodeURIComponent(input.transactionId)}/void`;
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${this.config.privateKey}`,
          accept: 'application/json',
          'content-type': 'application/json',
        },
        body: '{}',
        signal: AbortSignal.timeout(this.config.timeoutMs),
      });
    } catch (err) {
      throw new PaymentRefundError(`Wompi no respondió: ${(err as Error).message}`);
    }
    if (!res.ok) {
      const text = (await res.text().catch(() => '')).slice(0, 300);
      throw new PaymentRefundError(`Wompi rechazó la anulación (${res.status}): ${text}`);
    }
  }

  private async fetchTransaction(id: string) {
    const url = `${this.config.apiUrl.replace(/\/+$/, '')}/transactions/${encodeURIComponent(id)}`;
    let res: Response;
    try {
      res = await fetch(url, {
        headers: { authorization: `Bearer ${this.config.publicKey}`, accept: 'application/json' },
        signal: AbortSignal.timeout(this.config.timeoutMs),
      });
    } catch (err) {
      throw new PaymentGatewayUnavailableError(`Wompi no respondió: ${(err as Error).message}`);
    }
    if (res.status === 404) throw new PaymentEventError('Transacción inexistente en Wompi.', 'signature');
    if (!res.ok) throw new PaymentGatewayUnavailableError(`Wompi respondió ${res.status}`);
    const parsed = transactionAnswerSchema.safeParse(await res.json().catch(() => null));
    if (!parsed.success) throw new PaymentGatewayUnavailableError('Respuesta de Wompi mal formada.');
    return parsed.data.data;
  }
}
