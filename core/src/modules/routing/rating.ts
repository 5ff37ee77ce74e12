import { inject, injectable, conversationSteps, type ConversationHandler, type InboundContext } from '@switchboard/sdk';
import { ratingScaleLine } from '@switchboard/sdk/contracts';
import { Clock } from '../../platform/clock.js';
import { Tenancy } from '../../platform/tenancy.js';
import type { TicketTransition, TicketTransitionListener } from '../tickets/index.js';
import { isContactsLiveMessage } from './contact-preferences.step.js';
import { ConversationClosing } from './conversation-closing.js';
import { ConversationTimers, type ConversationTimer, type ConversationTimerHandler } from './conversation-timers.js';
import { RoutedTickets, type RoutingChange } from './routed-tickets.js';
import { RoutingSettings } from './routing-settings.js';
import { customerText } from '../messages/index.js';

const EXPIRE_NPS = 'expireNps';

/** What decides whether a resolved ticket asks for a rating instead of saying goodbye at once. */
export interface ResolvedTicket {
  companyId: number;
  whatsappId: number | null;
  contactId: number;
  /** The attendant the rating is about. */
  userId: number | null;
  isGroup: boolean;
  /** The status before the resolve: only an attended (open) ticket is rated, never one closed from 'nps' again. */
  statusBefore: string;
  /** Closed without the automatic messages. */
  quiet: boolean;
  /** The agent recorded the rating when resolving: the contact is not asked again. */
  agentRated: boolean;
}

/**
 * The rating request (company userRating, connection ratingMessage, expiresTicketNPS, maxUseBotQueuesNPS). A normal
 * resolve of an attended, non-group ticket, with a rating message set and the bot allowed for the contact, sends the
 * rating message with the 1..5 scale and leaves the ticket in status 'nps'. The answer stores user_ratings for the
 * ticket's user and closes the ticket with the connection's complationMessage, or the product's thanks when it has
 * none (so the farewell comes after the rating, and TicketsService does not send its own); an invalid answer repeats the question, and at
 * maxUseBotQueuesNPS invalid answers the ticket closes without a rating (with the farewell, the contact is there).
 * The 'expireNps' timer (expiresTicketNPS minutes) closes an unanswered request without a word.
 */
@injectable()
export class RatingRequests {
  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(RoutingSettings) private readonly settings: RoutingSettings,
    @inject(RoutedTickets) private readonly tickets: RoutedTickets,
    @inject(ConversationTimers) private readonly timers: ConversationTimers,
    @inject(ConversationClosing) private readonly closing: ConversationClosing,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  /** Whether this resolve starts the rating flow (TicketsService then leaves the farewell to it). */
  async takesOver(ticket: ResolvedTicket): Promise<boolean> {
    if (ticket.quiet || ticket.agentRated || ticket.isGroup || !ticket.userId || !ticket.whatsappId || ticket.statusBefore !== 'open')
      return false;
    const [company, connection, contact] = await Promise.all([
      this.settings.company(ticket.companyId),
      this.settings.connection(ticket.companyId, ticket.whatsappId),
      this.tenancy.of(ticket.companyId).table('contacts').where('id', ticket.contactId).first('disable_bot'),
    ]);
    return company.userRating && connection.ratingMessage.trim() !== '' && contact?.disable_bot !== true;
  }

  /** After the resolve: the question, status 'nps', and the expiry timer. */
  async request(options: { companyId: number; ticketId: number; whatsappId: number }): Promise<void> {
    const { companyId, ticketId } = options;
    const [company, connection] = await Promise.all([
      this.settings.company(companyId),
      this.settings.connection(companyId, options.whatsappId),
    ]);
    const question = ratingQuestion(connection.ratingMessage, company.customerLanguage);
    const now = this.clock.now();
    const columns = { status: 'nps', nps_sent_at: now, amount_used_bot_queues_nps: 0, closed_at: null };
    await this.tickets.change({ companyId, ticketId, columns: columns as RoutingChange['columns'] });
    await this.tickets.say({ companyId, ticketId, body: question });
    if (connection.expiresTicketNps > 0) {
      await this.timers.set({ companyId, ticketId, kind: EXPIRE_NPS, inMs: connection.expiresTicketNps * 60_000 });
    }
  }

  /** The contact's answer to the rating request. */
  async answer(options: { companyId: number; ticketId: number; whatsappId: number; reply: string }): Promise<void> {
    const { companyId, ticketId } = options;
    const ticket = await this.tickets.read(companyId, ticketId);
    if (!ticket || ticket.status !== 'nps') return;
    const [company, connection] = await Promise.all([
      this.settings.company(companyId),
      this.settings.connection(companyId, options.whatsappId),
    ]);
    const farewell = connection.complationMessage;
    const rate = /^[1-5]$/.test(options.reply.trim()) ? Number(options.reply.trim()) : undefined;
    if (rate) {
      await this.tenancy.of(companyId).insertInto('user_ratings', { ticket_id: ticketId, user_id: ticket.user_id, rate });
      const thanks = farewell.trim() || customerText('rating.thanks', { language: company.customerLanguage });
      await this.closing.close({ companyId, ticketId, fromStatuses: ['nps'], lastWords: thanks });
      return;
    }
    const [counted] = await this.tenancy
      .of(companyId)
      .table('tickets')
      .where({ id: ticketId, status: 'nps' })
      .increment('amount_used_bot_queues_nps', 1)
      .returning('amount_used_bot_queues_nps');
    const attempts = Number((counted as { amount_used_bot_queues_nps?: number } | undefined)?.amount_used_bot_queues_nps ?? 0);
    if (attempts >= connection.maxUseBotQueuesNps) {
      await this.closing.close({ companyId, ticketId, fromStatuses: ['nps'], lastWords: farewell });
      return;
    }
    await this.tickets.say({ companyId, ticketId, body: ratingQuestion(connection.ratingMessage, company.customerLanguage) });
  }

  /** The request went unanswered for expiresTicketNPS minutes. */
  async expire(timer: ConversationTimer): Promise<void> {
    await this.closing.close({ companyId: timer.companyId, ticketId: timer.ticketId, fromStatuses: ['nps'] });
  }
}

/** The company's rating message over the product's 1..5 scale, each score with its face. */
function ratingQuestion(ratingMessage: string, language: string): string {
  return `${ratingMessage.trim()}\n\n${customerText('rating.scale', { language })}\n${ratingScaleLine()}`;
}

/** Starts the rating request after a resolve that qualifies. */
@injectable()
export class RatingRequestListener implements TicketTransitionListener {
  readonly name = 'ratingRequest';

  constructor(@inject(RatingRequests) private readonly ratings: RatingRequests) {}

  async afterTransition(transition: TicketTransition): Promise<void> {
    const { after } = transition;
    if (transition.kind !== 'resolve' || after.status !== 'closed' || !after.whatsappId) return;
    const rated = await this.ratings.takesOver({
      companyId: transition.companyId,
      whatsappId: after.whatsappId,
      contactId: after.contactId,
      userId: after.userId ?? transition.before.userId,
      isGroup: after.isGroup,
      statusBefore: transition.before.status,
      quiet: transition.quiet,
      agentRated: transition.agentRated,
    });
    if (rated) await this.ratings.request({ companyId: transition.companyId, ticketId: transition.ticketId, whatsappId: after.whatsappId });
  }
}

/** The contact's message on a ticket waiting for a rating is the answer; nothing else routes it. */
@injectable()
export class RatingStep implements ConversationHandler {
  readonly name = 'rating';
  readonly order = conversationSteps.rating;

  constructor(@inject(RatingRequests) private readonly ratings: RatingRequests) {}

  async handle(ctx: InboundContext, next: () => Promise<void>): Promise<void> {
    if (!isContactsLiveMessage(ctx) || (ctx.ticket?.status as string | undefined) !== 'nps') return next();
    await this.ratings.answer({
      companyId: ctx.connection.companyId,
      ticketId: ctx.ticket!.id,
      whatsappId: ctx.connection.id,
      reply: ctx.event.body ?? '',
    });
  }
}

/** Closes a rating request nobody answered. */
@injectable()
export class NpsExpiryHandler implements ConversationTimerHandler {
  readonly kind = EXPIRE_NPS;

  constructor(@inject(RatingRequests) private readonly ratings: RatingRequests) {}

  fire(timer: ConversationTimer): Promise<void> {
    return this.ratings.expire(timer);
  }
}
