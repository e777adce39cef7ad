import type { PaymentEvent, PaymentLinkInput, PaymentProvider, RefundInput } from './payment-provider.ts';
import { toPaymentEvent, verifyWompiEvent } from './wompi-event.ts';

/**
 * Local default (no account, no network): the payment link opens this server's own checkout page
 * (`/api/pagos/sandbox/{reference}/`, 'Aprobar pago' / 'Rechazar pago'), which posts the same signed
 * `transaction.updated` event a gateway would to `/api/pagos/webhook/sandbox/`. Never presented as a real payment.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;

  constructor(
    private readonly baseUrl: string,
    /** Signs the sandbox's events (derived from APP_SECRET). */
    readonly eventsSecret: string,
  ) {}

  async createPaymentLink(input: PaymentLinkInput): Promise<string> {
    return `${this.baseUrl.replace(/\/+$/, '')}/api/pagos/sandbox/${encodeURIComponent(input.reference)}/`;
  }

  async verifyEvent(body: unknown): Promise<PaymentEvent> {
    return toPaymentEvent(verifyWompiEvent(body, this.eventsSecret));
  }

  /** Simulated: a sandbox payment is always given back. */
  async refund(_input: RefundInput): Promise<void> {}
}
