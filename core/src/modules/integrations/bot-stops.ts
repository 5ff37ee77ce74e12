import { inject, injectable } from '@switchboard/sdk';
import { OutboundMessageListener, type StoredOutboundMessage } from '../messages/index.js';
import type { RoutedTicket } from '../routing/index.js';
import { TicketTransitionListener, type TicketTransition } from '../tickets/index.js';
import { BotConversationsRef } from './integration.step.js';
import { Tenancy } from '../../platform/tenancy.js';
import { Logger } from '../../platform/tokens.js';

/** Agents' changes that give the conversation to a person (or end it): the bot stops. */
const TAKEN = new Set(['accept', 'transferToUser', 'resolve', 'reopen']);

/**
 * Agents' ticket changes and the bot: accepting, taking or closing a ticket stops its bot; an agent's transfer to a
 * queue with an integration or a prompt hands the waiting ticket to it (a queue menu's choice goes through routing).
 */
@injectable()
export class BotTransitionListener implements TicketTransitionListener {
  readonly name = 'integrations-bot';

  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(BotConversationsRef) private readonly bots: BotConversationsRef,
  ) {}

  async afterTransition(transition: TicketTransition): Promise<void> {
    const { companyId, ticketId, after } = transition;
    if (TAKEN.has(transition.kind)) {
      await this.bots().release(companyId, ticketId);
      return;
    }
    const entersQueue = transition.kind === 'transferToQueue' || transition.kind === 'queue';
    if (!entersQueue || after.status !== 'pending' || after.userId || !after.queueId) return;
    const ticket = await this.tenancy.of(companyId).table<RoutedTicket>('tickets').where('id', ticketId).first();
    if (ticket) await this.bots().queueEntered(ticket);
  }
}

/** An agent writing to the contact takes the conversation from the bot. */
@injectable()
export class BotOutboundListener implements OutboundMessageListener {
  readonly name = 'integrations-bot';

  constructor(
    @inject(Logger) private readonly logger: Logger,
    @inject(BotConversationsRef) private readonly bots: BotConversationsRef,
  ) {}

  async afterStored(message: StoredOutboundMessage): Promise<void> {
    // The bot talks only on waiting tickets: an agent's message elsewhere costs nothing.
    if (message.userId === null || message.ticketStatus !== 'pending') return;
    try {
      await this.bots().release(message.companyId, message.ticketId);
    } catch (error) {
      this.logger.warn({ err: error, ticketId: message.ticketId }, 'could not stop the bot after an agent wrote');
    }
  }
}
