/** Web Push (RFC 8030/8291/8292). Implementations: disabled (no VAPID keys, the default) and web-push. */

/** A browser's PushSubscription, as stored. */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * 'sent': the push service accepted the message; 'gone': the subscription no longer exists (404/410) and
 * must be deleted; 'failed': anything else (logged, retried by nothing — push is best effort);
 * 'disabled': push is not configured.
 */
export type PushOutcome =
  | { result: 'sent' | 'gone'; status: number }
  | { result: 'failed'; status: number | null; error?: string }
  | { result: 'disabled' };

export interface PushSender {
  /** The VAPID public key browsers subscribe with; null when push is not configured. */
  readonly publicKey: string | null;
  send(target: PushTarget, payload: string): Promise<PushOutcome>;
}

/** Without VAPID keys: nothing is sent, and the web app is told (public_key null) not to subscribe. */
export class DisabledPushSender implements PushSender {
  readonly publicKey = null;
  async send(): Promise<PushOutcome> {
    return { result: 'disabled' };
  }
}
