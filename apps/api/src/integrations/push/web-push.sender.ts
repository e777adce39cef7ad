import type webpushModule from 'web-push';
import type { PushOutcome, PushSender, PushTarget } from './push-sender.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** 'mailto:…' or an https URL the push services can contact. */
  subject: string;
}

export interface WebPushOptions {
  /** How long the push service keeps an undelivered message (seconds). */
  ttlSeconds?: number;
  timeoutMs?: number;
}

/**
 * Web Push with VAPID through the web-push library: it encrypts the payload (aes128gcm) and signs the
 * VAPID JWT; the request itself is sent with fetch, so the adapter has a timeout and can be contract-tested
 * against a local fake push service.
 */
export class WebPushSender implements PushSender {
  readonly publicKey: string;
  private readonly ttl: number;
  private readonly timeoutMs: number;

  constructor(
    private readonly vapid: VapidKeys,
    opts: WebPushOptions = {},
  ) {
    this.publicKey = vapid.publicKey;
    this.ttl = opts.ttlSeconds ?? 24 * 3600;
    this.timeoutMs = opts.timeoutMs ?? 10_000;
  }

  async send(target: PushTarget, payload: string): Promise<PushOutcome> {
    // web-push is loaded with the first notification, not at start-up (idle memory, decision 024).
    const { default: webpush } = await import('web-push');
    let details: ReturnType<typeof webpushModule.generateRequestDetails>;
    try {
      details = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: target.keys }, payload, {
        vapidDetails: this.vapid,
        TTL: this.ttl,
        urgency: 'normal',
      });
    } catch (err) {
      return { result: 'failed', status: null, error: err instanceof Error ? err.message : String(err) };
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(details.headers)) {
      // fetch computes Content-Length from the body itself.
      if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
    }
    try {
      const res = await fetch(details.endpoint, {
        method: details.method,
        headers,
        body: details.body ? new Uint8Array(details.body) : null,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      await res.arrayBuffer().catch(() => undefined);
      if (res.status === 404 || res.status === 410) return { result: 'gone', status: res.status };
      if (res.ok) return { result: 'sent', status: res.status };
      return { result: 'failed', status: res.status };
    } catch (err) {
      return { result: 'failed', status: null, error: err instanceof Error ? err.message : String(err) };
    }
  }
}
