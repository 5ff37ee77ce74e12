import { inject, injectable } from '@switchboard/sdk';
import { Clock } from '../../platform/clock.js';
import { ConversationTimers } from './conversation-timers.js';
import { RoutedTickets } from './routed-tickets.js';

/**
 * Closing a conversation on routing's behalf (LGPD refusal, rating answered or expired, inactivity): only from the
 * statuses the caller expects (so a timer that runs twice, or after an agent acted, changes nothing), with the last
 * words first, the 'closed' log row, and no timer left behind.
 */
@injectable()
export class ConversationClosing {
  constructor(
    @inject(RoutedTickets) private readonly tickets: RoutedTickets,
    @inject(ConversationTimers) private readonly timers: ConversationTimers,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  /** Answers whether the ticket was closed (false: it was no longer in one of `fromStatuses`). */
  async close(options: { companyId: number; ticketId: number; fromStatuses: string[]; lastWords?: string }): Promise<boolean> {
    const { companyId, ticketId } = options;
    const ticket = await this.tickets.read(companyId, ticketId);
    if (!ticket || !options.fromStatuses.includes(ticket.status)) return false;
    if (options.lastWords?.trim()) await this.tickets.say({ companyId, ticketId, body: options.lastWords });
    await this.tickets.change({
      companyId,
      ticketId,
      columns: { status: 'closed', closed_at: this.clock.now() },
      log: { type: 'closed', userId: null, queueId: ticket.queue_id },
    });
    await this.timers.cancel({ companyId, ticketId });
    return true;
  }
}
