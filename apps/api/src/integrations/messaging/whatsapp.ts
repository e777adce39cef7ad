import type { Messenger } from './messenger.ts';

/** An approved WhatsApp template message with its body parameters, in order ({{1}}, {{2}}, …). */
export interface WhatsAppTemplateMessage {
  /** Phone number in international format without '+', e.g. 573101234567. */
  to: string;
  template: string;
  language: string;
  parameters: string[];
}

/** A send that did not go through; `reason` is shown in the delivery log. */
export class WhatsAppSendError extends Error {
  constructor(
    readonly reason: string,
    readonly code: number | null = null,
  ) {
    super(reason);
  }
}

/** WhatsApp: the development outbox by default, the Business Cloud API when configured. */
export interface WhatsAppSender {
  readonly name: 'outbox' | 'cloud';
  /** Throws WhatsAppSendError when the message was not accepted. */
  send(message: WhatsAppTemplateMessage): Promise<void>;
}

/** Colombian mobile (10 digits starting with 3) → the international number WhatsApp expects. */
export function whatsappNumber(telefono: string): string | null {
  const digits = telefono.replace(/\D/g, '');
  if (/^3\d{9}$/.test(digits)) return `57${digits}`;
  if (/^573\d{9}$/.test(digits)) return digits;
  return null;
}

/** Local default: the message is stored in the development outbox (channel 'whatsapp'). */
export class OutboxWhatsAppSender implements WhatsAppSender {
  readonly name = 'outbox' as const;
  constructor(private readonly outbox: Messenger) {}
  async send(message: WhatsAppTemplateMessage): Promise<void> {
    await this.outbox.send({
      to: message.to,
      channel: 'whatsapp',
      subject: `${message.template} (${message.language})`,
      body: message.parameters.join('\n'),
    });
  }
}
