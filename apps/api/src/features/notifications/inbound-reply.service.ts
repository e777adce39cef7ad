import type { Clock } from '../../lib/clock.ts';
import { isStaleWebhook } from '../../lib/webhook-freshness.ts';
import type { OptOutService } from './opt-out.service.ts';
import type { WebhookMessagesRepository } from './webhook-messages.repository.ts';

interface InboundReply {
  /** The vendor's message id (WhatsApp's wamid, the SMS provider's id). */
  id: string;
  /** When the vendor says the message was sent. */
  sentAt: Date;
  from: string;
  text: string;
}

/** applied: handled now; duplicate: this id was handled before; stale: its timestamp is out of the window. */
type InboundReplyOutcome = 'applied' | 'duplicate' | 'stale';

/**
 * A signed reply from WhatsApp or SMS, handled at most once (decision 069): a message older than 5 minutes is
 * refused, and a message id seen before changes nothing (the first delivery's claim wins, across instances).
 */
export class InboundReplyService {
  constructor(
    private readonly messages: WebhookMessagesRepository,
    private readonly optOut: OptOutService,
    private readonly clock: Clock,
  ) {}

  async handle(channel: 'whatsapp' | 'sms', reply: InboundReply): Promise<InboundReplyOutcome> {
    const now = this.clock.now();
    if (isStaleWebhook(reply.sentAt, now)) return 'stale';
    if (!(await this.messages.claim(channel, reply.id, now))) return 'duplicate';
    try {
      await this.optOut.optOutByReply(channel, reply.from, reply.text);
    } catch (err) {
      // Not handled: let the vendor's retry of this id through.
      await this.messages.release(channel, reply.id);
      throw err;
    }
    return 'applied';
  }
}
