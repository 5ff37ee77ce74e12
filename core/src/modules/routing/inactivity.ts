import { inject, injectable, type ConversationHandler, type InboundContext, conversationSteps } from '@switchboard/sdk';
import { prepared } from '../../platform/database/prepared-statement.js';
import { Tenancy } from '../../platform/tenancy.js';
import { Logger } from '../../platform/tokens.js';
import { OutboundMessages, type OutboundMessageListener, type StoredOutboundMessage } from '../messages/index.js';
import type { TicketTransition, TicketTransitionListener } from '../tickets/index.js';
import { botMayAnswer } from './contact-preferences.step.js';
import { ConversationClosing } from './conversation-closing.js';
import { ConversationTimers, type ConversationTimer, type ConversationTimerHandler } from './conversation-timers.js';
import type { RoutedTicket } from './routed-tickets.js';
import { RoutingSettings } from './routing-settings.js';

const INACTIVE_MESSAGE = 'inactiveMessage';
const EXPIRE_TICKET = 'expireTicket';
const INACTIVITY_KINDS = [INACTIVE_MESSAGE, EXPIRE_TICKET];
/** Only conversations in service wait for the contact (not groups, nor a ticket waiting for consent or a rating). */
const WATCHED = ['open', 'pending'];
/** The reminder is marked so that it does not count as a new message of ours (the expiry keeps its time). */
const REMINDER_ORIGIN = { routing: INACTIVE_MESSAGE };

type InactivityTicket = RoutedTicket & { from_me: boolean; send_inactive_message: boolean; contact_disable_bot: boolean | null };

/**
 * Inactivity of the contact (connection timeInactiveMessage + inactiveMessage, expiresTicket + expiresInactiveMessage,
 * whenExpiresTicket). Counting starts at our last message to an open or pending ticket: after timeInactiveMessage
 * minutes without an answer the inactiveMessage is sent, once until the contact writes again
 * (tickets.send_inactive_message); after expiresTicket minutes the ticket is closed, with expiresInactiveMessage
 * when set. whenExpiresTicket 0 expires only a ticket whose last message is ours (the contact's message cancels
 * the expiry); 1 expires any inactive ticket (the contact's message starts the expiry over). A contact with the
 * bot disabled gets neither.
 *
 * This part only sets and drops the clocks; it sends nothing, so OutboundMessages can call it (ContactInactivity,
 * which sends, depends on OutboundMessages).
 */
@injectable()
export class InactivityClocks {
  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(RoutingSettings) private readonly settings: RoutingSettings,
    @inject(ConversationTimers) private readonly timers: ConversationTimers,
  ) {}

  /**
   * Our message went out on the ticket's connection: both clocks start (again) from now, in one statement that
   * sets them only while the ticket waits for its contact (open or pending, not a group, the contact's bot on).
   */
  async afterOurMessage(options: { companyId: number; ticketId: number; whatsappId: number | null }): Promise<void> {
    // A ticket without a connection waits for nobody.
    if (!options.whatsappId) return;
    const connection = await this.settings.connection(options.companyId, options.whatsappId);
    const clocks: { kind: string; inMs: number }[] = [];
    if (connection.timeInactiveMessage > 0 && connection.inactiveMessage.trim()) {
      clocks.push({ kind: INACTIVE_MESSAGE, inMs: connection.timeInactiveMessage * 60_000 });
    }
    if (connection.expiresTicket > 0) clocks.push({ kind: EXPIRE_TICKET, inMs: connection.expiresTicket * 60_000 });
    await this.timers.setWhile({
      companyId: options.companyId,
      ticketId: options.ticketId,
      timers: clocks,
      when: this.tenancy
        .of(options.companyId)
        .table('tickets as t')
        .leftJoin('contacts as c', 'c.id', 't.contact_id')
        .where({ 't.id': options.ticketId, 't.whatsapp_id': options.whatsappId, 't.is_group': false })
        .whereIn('t.status', WATCHED)
        .whereRaw('c.disable_bot is not true')
        .select('t.id'),
    });
  }

  /** The contact answered: no reminder is due, and the expiry is dropped or (whenExpiresTicket 1) starts over. */
  async afterContactMessage(ctx: InboundContext): Promise<void> {
    const ticket = ctx.ticket!;
    const { connection } = await this.settings.forMessage(ctx);
    const restartExpiry =
      connection.whenExpiresTicket === 1 &&
      connection.expiresTicket > 0 &&
      WATCHED.includes(ticket.status) &&
      !ticket.isGroup &&
      botMayAnswer(ctx);
    // The reminder and the expiry start only after a message of ours (or with restartExpiry, below), and the
    // contact's previous message cancelled them: when the contact wrote last there is nothing to cancel.
    if (ticket.lastMessageFromMe === false && !restartExpiry) return;
    const companyId = ctx.connection.companyId;
    // One round trip for every message of a conversation: the timers' delete runs as a CTE of the flag's update
    // (a data-modifying CTE runs whether or not the update finds its row).
    const kinds = restartExpiry ? [INACTIVE_MESSAGE] : INACTIVITY_KINDS;
    await prepared(
      `contact-answered-${kinds.length}`,
      this.tenancy
        .of(companyId)
        .table('tickets')
        .with('cancelled', this.timers.cancelling({ companyId, ticketId: ticket.id, kinds }))
        .where({ id: ticket.id, send_inactive_message: true })
        .update({ send_inactive_message: false }),
    );
    if (restartExpiry) {
      await this.timers.set({
        companyId,
        ticketId: ticket.id,
        kind: EXPIRE_TICKET,
        inMs: connection.expiresTicket * 60_000,
      });
    }
  }

  async forget(companyId: number, ticketId: number): Promise<void> {
    await this.timers.cancel({ companyId, ticketId, kinds: INACTIVITY_KINDS });
  }

  /** The ticket when it still waits for its contact. */
  async watched(companyId: number, ticketId: number): Promise<InactivityTicket | undefined> {
    // Read after every message we send: one prepared statement, the contact's bot switch joined.
    const ticket = (await prepared(
      'inactivity-watched-ticket',
      this.tenancy
        .of(companyId)
        .table('tickets as t')
        .leftJoin('contacts as c', 'c.id', 't.contact_id')
        .where('t.id', ticketId)
        .first('t.*', 'c.disable_bot as contact_disable_bot'),
    )) as InactivityTicket | undefined;
    return ticket && WATCHED.includes(ticket.status) && !ticket.is_group && ticket.whatsapp_id ? ticket : undefined;
  }
}

/** What the inactivity timers do when they are due: the reminder and the expiry. */
@injectable()
export class ContactInactivity {
  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(InactivityClocks) private readonly clocks: InactivityClocks,
    @inject(RoutingSettings) private readonly settings: RoutingSettings,
    @inject(ConversationClosing) private readonly closing: ConversationClosing,
    @inject(OutboundMessages) private readonly outbound: OutboundMessages,
  ) {}

  /** timeInactiveMessage passed since our last message: the reminder, once. */
  async remind(timer: ConversationTimer): Promise<void> {
    const ticket = await this.clocks.watched(timer.companyId, timer.ticketId);
    if (!ticket || !ticket.from_me || ticket.send_inactive_message) return;
    const connection = await this.settings.connection(ticket.company_id, ticket.whatsapp_id!);
    if (!connection.inactiveMessage.trim()) return;
    // Marked first: a sweep that runs this timer again finds it sent.
    const marked = await this.tenancy
      .of(ticket.company_id)
      .table('tickets')
      .where({ id: ticket.id, send_inactive_message: false })
      .update({ send_inactive_message: true }, ['id']);
    if (marked.length === 0) return;
    await this.outbound.send({
      companyId: ticket.company_id,
      ticketId: ticket.id,
      userId: null,
      body: connection.inactiveMessage,
      origin: REMINDER_ORIGIN,
    });
  }

  /** expiresTicket passed: the conversation is closed. */
  async expire(timer: ConversationTimer): Promise<void> {
    const ticket = await this.clocks.watched(timer.companyId, timer.ticketId);
    if (!ticket) return;
    const connection = await this.settings.connection(ticket.company_id, ticket.whatsapp_id!);
    if (connection.whenExpiresTicket !== 1 && !ticket.from_me) return;
    await this.closing.close({
      companyId: ticket.company_id,
      ticketId: ticket.id,
      fromStatuses: WATCHED,
      lastWords: connection.expiresInactiveMessage,
    });
  }
}

function isReminder(message: StoredOutboundMessage): boolean {
  return message.origin?.routing === REMINDER_ORIGIN.routing;
}

/** Our messages sent through OutboundMessages (agents, greetings, menus...) start the inactivity clocks. */
@injectable()
export class InactivityOutboundListener implements OutboundMessageListener {
  readonly name = 'inactivity';

  constructor(
    @inject(InactivityClocks) private readonly clocks: InactivityClocks,
    @inject(Logger) private readonly logger: Logger,
  ) {}

  async afterStored(message: StoredOutboundMessage): Promise<void> {
    if (!WATCHED.includes(message.ticketStatus) || isReminder(message)) return;
    try {
      await this.clocks.afterOurMessage({ companyId: message.companyId, ticketId: message.ticketId, whatsappId: message.whatsappId });
    } catch (error) {
      this.logger.warn({ err: error, ticketId: message.ticketId }, 'inactivity timers not set');
    }
  }
}

/**
 * Inbound messages, once stored: the contact's cancels the inactivity clocks; one we sent from the phone (fromMe)
 * starts them like any message of ours. Runs before LGPD and the menu, which may end the chain.
 */
@injectable()
export class InactivityStep implements ConversationHandler {
  readonly name = 'inactivity';
  readonly order = conversationSteps.message + 60;

  constructor(@inject(InactivityClocks) private readonly clocks: InactivityClocks) {}

  async handle(ctx: InboundContext, next: () => Promise<void>): Promise<void> {
    if (!ctx.event.history && ctx.ticket) {
      if (ctx.event.fromMe) {
        await this.clocks.afterOurMessage({ companyId: ctx.connection.companyId, ticketId: ctx.ticket.id, whatsappId: ctx.connection.id });
      } else await this.clocks.afterContactMessage(ctx);
    }
    await next();
  }
}

/** A closed ticket waits for nobody. */
@injectable()
export class InactivityTransitionListener implements TicketTransitionListener {
  readonly name = 'inactivity';

  constructor(@inject(InactivityClocks) private readonly clocks: InactivityClocks) {}

  async afterTransition(transition: TicketTransition): Promise<void> {
    if (transition.after.status === 'closed') await this.clocks.forget(transition.companyId, transition.ticketId);
  }
}

@injectable()
export class InactiveMessageHandler implements ConversationTimerHandler {
  readonly kind = INACTIVE_MESSAGE;

  constructor(@inject(ContactInactivity) private readonly inactivity: ContactInactivity) {}

  fire(timer: ConversationTimer): Promise<void> {
    return this.inactivity.remind(timer);
  }
}

@injectable()
export class TicketExpiryHandler implements ConversationTimerHandler {
  readonly kind = EXPIRE_TICKET;

  constructor(@inject(ContactInactivity) private readonly inactivity: ContactInactivity) {}

  fire(timer: ConversationTimer): Promise<void> {
    return this.inactivity.expire(timer);
  }
}
