/**
 * Payment gateways behind one interface (docs/decisions/009-booking.md): `sandbox` (default, local checkout page
 * that fires the same signed event a gateway would) and `wompi` (Web Checkout link + signed events).
 */
export type PaymentStatus = 'PENDING' | 'APPROVED' | 'DECLINED' | 'VOIDED' | 'ERROR';
export const PAYMENT_STATUSES: readonly PaymentStatus[] = [
  'PENDING',
  'APPROVED',
  'DECLINED',
  'VOIDED',
  'ERROR',
];

export interface PaymentLinkInput {
  /** Our payment reference (unique, sent back in every event). */
  reference: string;
  amountInCents: number;
  description: string;
  customerEmail: string | null;
  /** The hold's end: the link stops accepting payments then. */
  expiresAt: Date;
  /** Where the gateway sends the payer back. */
  redirectUrl: string;
}

/** A verified gateway event about one transaction. */
export interface PaymentEvent {
  /** De-duplication key: the same transaction reaching the same status is one event. */
  eventId: string;
  reference: string;
  status: PaymentStatus;
  transactionId: string;
  amountInCents: number;
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'wompi';
  /** The URL the payer opens. */
  createPaymentLink(input: PaymentLinkInput): Promise<string>;
  /**
   * Checks a webhook delivery (signature, shape, and for real gateways the transaction itself) received at `now`.
   * A provider whose event is trusted as it stands refuses one signed more than 5 minutes away from `now`
   * ('stale', decision 069).
   */
  verifyEvent(body: unknown, now: Date): Promise<PaymentEvent>;
  /**
   * Gives an approved payment back (staff cancelled the booking). Resolves when the gateway accepted it; throws
   * PaymentRefundError when it refused or could not be asked (the refund job retries).
   */
  refund(input: RefundInput): Promise<void>;
}

export interface RefundInput {
  reference: string;
  /** The gateway's transaction id (from the APPROVED event); null when never received. */
  transactionId: string | null;
  amountInCents: number;
}

/** A refund the gateway did not accept (or could not be asked for). */
export class PaymentRefundError extends Error {}

/** A delivery that is not a genuine, well-formed, fresh event: answered 400/401 and never applied. */
export class PaymentEventError extends Error {
  constructor(
    message: string,
    readonly kind: 'signature' | 'shape' | 'stale',
  ) {
    super(message);
  }
}

/** The gateway could not be asked (network, 5xx): answered 503 so the gateway retries later. */
export class PaymentGatewayUnavailableError extends Error {}
