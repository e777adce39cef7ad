import type { Transporter } from 'nodemailer';
import type { Messenger, OutgoingMessage } from './messenger.ts';

/** Email through any SMTP server (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465). */
export class SmtpMessenger implements Messenger {
  /** nodemailer is loaded with the first email, not at start-up (idle memory, decision 024). */
  private transport: Promise<Transporter> | null = null;
  constructor(
    private readonly url: string,
    private readonly from: string,
  ) {}

  private transporter(): Promise<Transporter> {
    this.transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(this.url),
    );
    return this.transport;
  }

  async send(message: OutgoingMessage): Promise<void> {
    await (
      await this.transporter()
    ).sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject ?? 'TOGO',
      text: message.body,
      ...(message.html ? { html: message.html } : {}),
      ...(message.attachments ? { attachments: message.attachments } : {}),
    });
  }
}
