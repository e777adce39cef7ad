/**
 * How far a signed inbound webhook's own timestamp may be from our clock (decision 069): older messages are
 * refused as replays; the same margin ahead absorbs the vendor's clock drift.
 */
const WEBHOOK_MAX_AGE_MS = 5 * 60_000;

/** True when a message sent at `sentAt` (by the vendor's clock) is outside the accepted window at `now`. */
export function isStaleWebhook(sentAt: Date, now: Date): boolean {
  const age = now.getTime() - sentAt.getTime();
  return !Number.isFinite(age) || Math.abs(age) > WEBHOOK_MAX_AGE_MS;
}
