import { inject, injectable, conversationSteps, type ConversationHandler, type InboundContext } from '@switchboard/sdk';
import { Clock } from '../../platform/clock.js';
import { Tenancy } from '../../platform/tenancy.js';
import { BotHandOverRef, type QueueEntry } from './bot-hand-over.js';
import { ConversationTimers } from './conversation-timers.js';
import { QueuePosition } from './queue-position.js';
import { RoutedTickets, type RoutedTicket } from './routed-tickets.js';
import { RoutingSettings, type ConnectionRoutingOptions } from './routing-settings.js';
import { isContactsLiveMessage } from './contact-preferences.step.js';
import { isWithinWorkingHours } from '../users/index.js';

/** Timer kinds of assignment (names reserved by the routing framework). */
export const ROTATION_TIMER = 'rotation';
export const SEND_QUEUE_TIMER = 'sendQueue';
/** Every timer that only makes sense while a ticket waits without an agent. */
export const WAITING_TIMERS = [ROTATION_TIMER, SEND_QUEUE_TIMER, 'botMenuReset'];

const MINUTE = 60_000;

interface QueueUser {
  id: number;
  profile: string;
  start_work: string | null;
  end_work: string | null;
  last_assigned_at: Date | string | null;
}

/**
 * Who gets a ticket waiting in a queue: with userRandom a random online user of the queue within working hours
 * at once; with the queue's router (ativarRoteador, tempoRoteador minutes) the next online user in turn when the
 * 'rotation' timer fires (round robin: the user least recently given a ticket first). A ticket still without queue
 * after the connection's timeSendQueue minutes goes to its sendIdQueue.
 */
@injectable()
export class QueueAssignment {
  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(Clock) private readonly clock: Clock,
    @inject(RoutingSettings) private readonly settings: RoutingSettings,
    @inject(RoutedTickets) private readonly tickets: RoutedTickets,
    @inject(ConversationTimers) private readonly timers: ConversationTimers,
    @inject(QueuePosition) private readonly position: QueuePosition,
    @inject(BotHandOverRef) private readonly handOver: BotHandOverRef,
  ) {}

  /**
   * A ticket has just entered a queue, pending without user, and the bot is done with it: a random user takes it
   * (userRandom), else it waits for the router and, with sendQueuePosition, the contact learns its position. A queue
   * that hands its conversations to a bot keeps the ticket for it.
   */
  async queueEntered(ticket: RoutedTicket, entry: QueueEntry = {}): Promise<void> {
    await this.timers.cancel({ companyId: ticket.company_id, ticketId: ticket.id, kinds: [SEND_QUEUE_TIMER] });
    if (await this.handOver()?.queueEntered(ticket, entry)) return;
    const company = await this.settings.company(ticket.company_id);
    if (company.userRandom && (await this.assignRandom(ticket, company.timezone))) return;
    await this.scheduleRotation(ticket);
    if (company.sendQueuePosition) await this.position.tell(ticket, company.customerLanguage);
  }

  /** A message on a ticket waiting in its queue: try a random user again, and make sure the router is armed. */
  async stillWaiting(ticket: RoutedTicket): Promise<void> {
    const company = await this.settings.company(ticket.company_id);
    if (company.userRandom && (await this.assignRandom(ticket, company.timezone))) return;
    const armed = (await this.timers.pending(ticket.company_id, ticket.id)).some((timer) => timer.kind === ROTATION_TIMER);
    if (!armed) await this.scheduleRotation(ticket);
  }

  /** Arms the 'rotation' timer when the ticket's queue has its router on. */
  async scheduleRotation(ticket: RoutedTicket): Promise<void> {
    if (!ticket.queue_id) return;
    const queue = await this.tenancy
      .of(ticket.company_id)
      .table('queues')
      .where('id', ticket.queue_id)
      .first('ativar_roteador', 'tempo_roteador');
    if (!queue?.ativar_roteador || !(Number(queue.tempo_roteador) > 0)) return;
    await this.timers.set({
      companyId: ticket.company_id,
      ticketId: ticket.id,
      kind: ROTATION_TIMER,
      inMs: Number(queue.tempo_roteador) * MINUTE,
      payload: { queueId: ticket.queue_id },
    });
  }

  /** Arms the 'sendQueue' timer of a ticket without queue (once: the wait counts from its first message). */
  async scheduleSendQueue(ticket: RoutedTicket, connection: ConnectionRoutingOptions): Promise<void> {
    if (!(connection.timeSendQueue > 0) || !connection.sendIdQueue) return;
    const armed = (await this.timers.pending(ticket.company_id, ticket.id)).some((timer) => timer.kind === SEND_QUEUE_TIMER);
    if (armed) return;
    await this.timers.set({
      companyId: ticket.company_id,
      ticketId: ticket.id,
      kind: SEND_QUEUE_TIMER,
      inMs: connection.timeSendQueue * MINUTE,
      payload: { queueId: connection.sendIdQueue },
    });
  }

  /** The router's turn: the next user gets the ticket; with nobody available the timer is armed again. */
  async rotate(ticket: RoutedTicket): Promise<void> {
    const company = await this.settings.company(ticket.company_id);
    const [next] = await this.availableUsers(ticket, company.timezone);
    if (next) await this.assign(ticket, next.id);
    else await this.scheduleRotation(ticket);
  }

  /** Gives the ticket to a user (status open, log 'open'); its waiting timers go. */
  async assign(ticket: RoutedTicket, userId: number): Promise<void> {
    await this.tickets.change({
      companyId: ticket.company_id,
      ticketId: ticket.id,
      columns: { status: ticket.is_group ? 'group' : 'open', user_id: userId, is_bot: false },
      log: { type: 'open', userId, queueId: ticket.queue_id },
    });
    await this.timers.cancel({ companyId: ticket.company_id, ticketId: ticket.id, kinds: WAITING_TIMERS });
  }

  private async assignRandom(ticket: RoutedTicket, timeZone: string): Promise<boolean> {
    const users = await this.availableUsers(ticket, timeZone);
    if (users.length === 0) return false;
    await this.assign(ticket, users[Math.floor(Math.random() * users.length)]!.id);
    return true;
  }

  /** Online users of the ticket's queue within their working hours, least recently given a ticket first. */
  private async availableUsers(ticket: RoutedTicket, timeZone: string): Promise<QueueUser[]> {
    const scope = this.tenancy.of(ticket.company_id);
    const lastAssigned = scope
      .table('ticket_logs as l')
      .where('l.user_id', scope.connection.ref('u.id'))
      .whereIn('l.type', ['open', 'receivedTransfer'])
      .max('l.created_at');
    const users = (await scope
      .table('users as u')
      .join('user_queues as uq', 'uq.user_id', 'u.id')
      .where({ 'uq.queue_id': ticket.queue_id, 'u.online': true })
      .select('u.id', 'u.profile', 'u.start_work', 'u.end_work', lastAssigned.as('last_assigned_at'))) as QueueUser[];
    const now = this.clock.now();
    const at = (user: QueueUser) => (user.last_assigned_at ? new Date(user.last_assigned_at).getTime() : 0);
    return users
      .filter((user) => isWithinWorkingHours({ profile: user.profile, startWork: user.start_work, endWork: user.end_work }, now, timeZone))
      .sort((a, b) => at(a) - at(b) || a.id - b.id);
  }
}

/**
 * Assignment's step (order 1000): a pending ticket without queue arms its 'sendQueue' timer; one waiting in a queue
 * (the bot done with it) gets a random user or the router. It reads the row afresh: earlier steps may have moved it.
 */
@injectable()
export class AssignmentStep implements ConversationHandler {
  readonly name = 'assignment';
  readonly order = conversationSteps.assignment;

  constructor(
    @inject(RoutedTickets) private readonly tickets: RoutedTickets,
    @inject(RoutingSettings) private readonly settings: RoutingSettings,
    @inject(QueueAssignment) private readonly assignment: QueueAssignment,
  ) {}

  async handle(ctx: InboundContext, next: () => Promise<void>): Promise<void> {
    // Only a contact's message on a waiting, unowned ticket concerns assignment: checked on the message's own
    // ticket record first, so the common message (an attended conversation) reads nothing more.
    if (isContactsLiveMessage(ctx) && ctx.ticket?.status === 'pending' && !ctx.ticket.userId && (await this.mayConcern(ctx))) {
      const ticket = await this.tickets.read(ctx.connection.companyId, ctx.ticket.id);
      if (ticket && ticket.status === 'pending' && !ticket.user_id && !ticket.is_group && !ticket.use_integration) {
        if (!ticket.queue_id) await this.assignment.scheduleSendQueue(ticket, (await this.settings.forMessage(ctx)).connection);
        else if (!ticket.is_bot) await this.assignment.stillWaiting(ticket);
      }
    }
    await next();
  }

  /**
   * Whether the fresh row could call for assignment: a ticket without a queue on a connection that has no queues
   * (no menu step can have given it one) and no sendQueue timer needs nothing, and is not read again.
   */
  private async mayConcern(ctx: InboundContext): Promise<boolean> {
    if (ctx.ticket!.queueId) return true;
    const { connection } = await this.settings.forMessage(ctx);
    return connection.queueIds.length > 0 || (connection.timeSendQueue > 0 && Boolean(connection.sendIdQueue));
  }
}
