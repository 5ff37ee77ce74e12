import { inject, injectable } from '@switchboard/sdk';
import { Tenancy } from '../../platform/tenancy.js';
import type { TicketTransition, TicketTransitionListener } from '../tickets/index.js';
import { QueueAssignment, ROTATION_TIMER, SEND_QUEUE_TIMER, WAITING_TIMERS } from './assignment.js';
import type { ConversationTimer, ConversationTimerHandler } from './conversation-timers.js';
import { ConversationTimers } from './conversation-timers.js';
import { RoutedTickets, type RoutedTicket } from './routed-tickets.js';
import { RoutingSettings } from './routing-settings.js';

/** Still waiting without an agent, as the timer expects (fire() is idempotent by row state). */
function waiting(ticket: RoutedTicket | undefined): ticket is RoutedTicket {
  return Boolean(ticket && ticket.status === 'pending' && !ticket.user_id);
}

/** The router's turn for a ticket still waiting in the queue it was set for. */
@injectable()
export class RotationTimer implements ConversationTimerHandler {
  readonly kind = ROTATION_TIMER;

  constructor(
    @inject(RoutedTickets) private readonly tickets: RoutedTickets,
    @inject(QueueAssignment) private readonly assignment: QueueAssignment,
  ) {}

  async fire(timer: ConversationTimer): Promise<void> {
    const ticket = await this.tickets.read(timer.companyId, timer.ticketId);
    if (!waiting(ticket) || ticket.queue_id !== timer.payload.queueId) return;
    await this.assignment.rotate(ticket);
  }
}

/** timeSendQueue ran out: a ticket still without queue moves to the connection's sendIdQueue (log 'queue'). */
@injectable()
export class SendQueueTimer implements ConversationTimerHandler {
  readonly kind = SEND_QUEUE_TIMER;

  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(RoutedTickets) private readonly tickets: RoutedTickets,
    @inject(RoutingSettings) private readonly settings: RoutingSettings,
    @inject(QueueAssignment) private readonly assignment: QueueAssignment,
  ) {}

  async fire(timer: ConversationTimer): Promise<void> {
    const ticket = await this.tickets.read(timer.companyId, timer.ticketId);
    if (!waiting(ticket) || ticket.queue_id || !ticket.whatsapp_id) return;
    // The connection's option as it is now: an admin who turned it off meanwhile wins.
    const connection = await this.settings.connection(ticket.company_id, ticket.whatsapp_id);
    const queueId = connection.timeSendQueue > 0 ? connection.sendIdQueue : null;
    if (!queueId) return;
    const queue = await this.tenancy.of(ticket.company_id).table('queues').where('id', queueId).first('id');
    if (!queue) return;
    const moved = await this.tickets.change({
      companyId: ticket.company_id,
      ticketId: ticket.id,
      columns: { queue_id: queueId, chatbot_id: null, is_bot: false, amount_used_bot_queues: 0 },
      log: { type: 'queue', userId: null, queueId },
    });
    await this.assignment.queueEntered(moved);
  }
}

/**
 * Keeps the waiting timers in step with agents' changes: a ticket taken, transferred to a user or closed needs none;
 * one sent back to a queue waits for the router again (or, without queue, for timeSendQueue).
 */
@injectable()
export class WaitingTimersListener implements TicketTransitionListener {
  readonly name = 'routing-waiting-timers';

  constructor(
    @inject(ConversationTimers) private readonly timers: ConversationTimers,
    @inject(RoutedTickets) private readonly tickets: RoutedTickets,
    @inject(RoutingSettings) private readonly settings: RoutingSettings,
    @inject(QueueAssignment) private readonly assignment: QueueAssignment,
  ) {}

  async afterTransition(transition: TicketTransition): Promise<void> {
    const { after } = transition;
    if (after.status !== 'pending' || after.userId !== null) {
      await this.timers.cancel({ companyId: transition.companyId, ticketId: transition.ticketId, kinds: WAITING_TIMERS });
      return;
    }
    if (transition.kind !== 'transferToQueue' && transition.kind !== 'returnToQueue') return;
    const ticket = await this.tickets.read(transition.companyId, transition.ticketId);
    if (!ticket) return;
    if (ticket.queue_id) await this.assignment.scheduleRotation(ticket);
    else if (ticket.whatsapp_id) {
      await this.assignment.scheduleSendQueue(ticket, await this.settings.connection(ticket.company_id, ticket.whatsapp_id));
    }
  }
}
