import { isStaleWebhook } from '../../lib/webhook-freshness.ts';
import {
  PaymentEventError,
  type PaymentEvent,
  type PaymentLinkInput,
  type PaymentProvider,
  type RefundInput,
} from './payment-provider.ts';
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

  /**
   * The sandbox's event is applied as it stands (no gateway to read the transaction back from), so a signed
   * event more than 5 minutes old is refused as a replay (decision 069).
   */
  async verifyEvent(body: unknown, now: Date): Promise<PaymentEvent> {
    const event = verifyWompiEvent(body, this.eventsSecret);
    if (isStaleWebhook(new Date(event.timestamp * 1000), now)) {
      throw new PaymentEventError('Evento de pago vencido: tiene más de 5 minutos.', 'stale');
    }
    return toPaymentEvent(event);
  }

  /** Simulated: a sandbox payment is always given back. */
  async refund(_input: RefundInput): Promise<void> {}
}
