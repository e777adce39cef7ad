import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import {
  PAYMENT_STATUSES,
  PaymentEventError,
  type PaymentEvent,
  type PaymentStatus,
} from './payment-provider.ts';

/**
 * Wompi's event format and checksum (docs.wompi.co "Eventos"): `signature.checksum` is the SHA-256 (hex) of the
 * values of `signature.properties` (paths inside `data`, in order), then `timestamp`, then the events secret,
 * concatenated without separators. The sandbox signs its events the same way with its own secret.
 */
export const wompiEventSchema = z.object({
  event: z.string(),
  data: z.object({
    transaction: z.looseObject({
      id: z.string().min(1).max(100),
      status: z.string(),
      reference: z.string().min(1).max(100),
      amount_in_cents: z.number().int().nonnegative(),
      currency: z.string().optional(),
    }),
  }),
  environment: z.string().optional(),
  signature: z.object({
    properties: z.array(z.string().max(100)).min(1).max(20),
    checksum: z.string().regex(/^[0-9a-fA-F]{64}$/),
  }),
  timestamp: z.number().int(),
  sent_at: z.string().optional(),
});
export type WompiEvent = z.infer<typeof wompiEventSchema>;

function valueAt(data: unknown, path: string): string {
  let node: unknown = data;
  for (const key of path.split('.')) {
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  }
  return node === undefined || node === null ? '' : String(node);
}

export function wompiChecksum(
  data: unknown,
  properties: readonly string[],
  timestamp: number,
  secret: string,
): string {
  const concatenated = properties.map((p) => valueAt(data, p)).join('') + String(timestamp) + secret;
  return createHash('sha256').update(concatenated).digest('hex');
}

/** Parses and verifies an event; throws PaymentEventError ('shape' or 'signature'). */
export function verifyWompiEvent(body: unknown, secret: string): WompiEvent {
  const parsed = wompiEventSchema.safeParse(body);
  if (!parsed.success) throw new PaymentEventError('Evento de pago mal formado.', 'shape');
  const event = parsed.data;
  const expected = Buffer.from(
    wompiChecksum(event.data, event.signature.properties, event.timestamp, secret),
    'hex',
  );
  const given = Buffer.from(event.signature.checksum.toLowerCase(), 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw new PaymentEventError('Firma del evento de pago inválida.', 'signature');
  }
  // The signed properties must cover what we act on, or a valid checksum would vouch for nothing.
  for (const required of ['transaction.id', 'transaction.status', 'transaction.amount_in_cents']) {
    if (!event.signature.properties.includes(required)) {
      throw new PaymentEventError('El evento no firma los campos necesarios.', 'signature');
    }
  }
  return event;
}

export function toPaymentEvent(event: WompiEvent): PaymentEvent {
  const tx = event.data.transaction;
  const status = (PAYMENT_STATUSES as readonly string[]).includes(tx.status)
    ? (tx.status as PaymentStatus)
    : null;
  if (!status) throw new PaymentEventError('Estado de transacción desconocido.', 'shape');
  return {
    eventId: `${tx.id}:${status}`,
    reference: tx.reference,
    status,
    transactionId: tx.id,
    amountInCents: tx.amount_in_cents,
  };
}

/** A signed `transaction.updated` event as the gateway sends it (sandbox checkout and test fakes). */
export function signedWompiEvent(
  transaction: { id: string; status: PaymentStatus; reference: string; amount_in_cents: number },
  timestamp: number,
  secret: string,
  environment = 'test',
): WompiEvent {
  const data = { transaction: { ...transaction, currency: 'COP' } };
  const properties = ['transaction.id', 'transaction.status', 'transaction.amount_in_cents'];
  return {
    event: 'transaction.updated',
    data,
    environment,
    signature: { properties, checksum: wompiChecksum(data, properties, timestamp, secret) },
    timestamp,
    sent_at: new Date(timestamp * 1000).toISOString(),
  };
}
