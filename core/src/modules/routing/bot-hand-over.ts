import type { RoutedTicket } from './routed-tickets.js';

/** How a ticket entered its queue. */
export interface QueueEntry {
  chosen?: boolean;
}

export const BotHandOver = Symbol('BotHandOver');
/**
 * Queues and chatbot options that hand their conversations to a bot (an integration or an AI prompt), bound by a
 * higher module (integrations). Routing asks it whenever it moves a waiting ticket into a queue, before the queue's
 * greeting, options or assignment.
 */
export interface BotHandOver {
  /**
   * The ticket has just entered its queue (queue_id): answers true when a bot took it, and routing stops there.
   * `chosen`: the contact's message chose the queue (a menu answer such as "1"), so the bot opens rather than answers it.
   */
  queueEntered(ticket: RoutedTicket, entry?: QueueEntry): Promise<boolean>;
  /** A chatbot option handed the ticket to an integration (use_integration is set): the bot opens the conversation now. */
  handedOver(ticket: RoutedTicket): Promise<void>;
}

/** The bound BotHandOver, resolved on first use (it needs the plugin registry), or undefined without one. */
export const BotHandOverRef = Symbol('BotHandOverRef');
export type BotHandOverRef = () => BotHandOver | undefined;
