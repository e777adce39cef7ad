/** Outgoing messages (email and SMS). Implementations: outbox (default), SMTP, SMS over HTTP. */
export interface OutgoingMessage {
  to: string;
  channel: 'email' | 'sms' | 'whatsapp';
  subject?: string | null;
  body: string;
  /** HTML alternative for email. */
  html?: string;
  /** The one-time code carried by the message, when there is one (shown by the dev outbox). */
  code?: string | null;
  attachments?: { filename: string; content: string | Buffer; contentType: string }[];
}

export interface Messenger {
  send(message: OutgoingMessage): Promise<void>;
}

/** Routes email and SMS to their own transports. */
export class ChannelMessenger implements Messenger {
  constructor(
    private readonly email: Messenger,
    private readonly sms: Messenger,
  ) {}
  send(message: OutgoingMessage): Promise<void> {
    return message.channel === 'email' ? this.email.send(message) : this.sms.send(message);
  }
}
