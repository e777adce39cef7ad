import type { Messenger, OutgoingMessage } from './messenger.ts';

/**
 * SMS through a configured HTTP provider: POST {SMS_URL} with JSON {to, message} and
 * 'Authorization: Bearer {SMS_TOKEN}'. Numbers are sent in E.164 with Colombia's +57.
 */
export class HttpSmsMessenger implements Messenger {
  constructor(
    private readonly url: string,
    private readonly token: string | undefined,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async send(message: OutgoingMessage): Promise<void> {
    const digits = message.to.replace(/\D/g, '');
    const to = digits.length === 10 ? `+57${digits}` : `+${digits}`;
    const res = await this.fetchImpl(this.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      body: JSON.stringify({ to, message: message.body }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`SMS provider answered ${res.status}`);
  }
}
