import { inject, injectable } from '@switchboard/sdk';
import type { ConversationTimer, ConversationTimerHandler } from './conversation-timers.js';
import { ConversationTimers } from './conversation-timers.js';
import { RoutedTickets, type RoutedTicket } from './routed-tickets.js';
import type { ConnectionRoutingOptions } from './routing-settings.js';
import { customerText } from '../messages/index.js';

export const BOT_MENU_RESET_TIMER = 'botMenuReset';

/** The line above a menu repeated after an answer that is none of its options. */
export function invalidOptionLine(language: string): string {
  return customerText('menu.invalidOption', { language });
}

/** The last line of a chatbot level when the connection has a queue menu to go back to (the contact types #). */
export function backToStartLine(language: string): string {
  return `*[ # ]* - ${customerText('menu.backToStart', { language })}`;
}

/** One line per choice: `*[ 1 ]* - Name`. */
export function numberedMenu(names: string[]): string {
  return names.map((name, index) => `*[ ${index + 1} ]* - ${name}`).join('\n');
}

/** A heading (greeting, option message, invalid-option line) above a menu, a blank line between. */
export function menuMessage(heading: string | null | undefined, menu: string): string {
  return [heading?.trim(), menu].filter(Boolean).join('\n\n');
}

/** The 1-based choice a contact typed, or undefined. */
export function chosenIndex(answer: string): number | undefined {
  return /^\d{1,3}$/.test(answer) ? Number(answer) - 1 : undefined;
}

/**
 * The bot's menus and their limit. tickets.amount_used_bot_queues counts the menus sent since the contact's last
 * valid choice (a valid choice starts the count over, so a deep chatbot is not cut short); once it reaches the
 * connection's maxUseBotQueues the bot sends nothing more and the ticket waits for an agent. With timeUseBotQueues
 * (minutes) the 'botMenuReset' timer, armed when the limit is first hit, starts the count over.
 */
@injectable()
export class BotMenus {
  constructor(
    @inject(RoutedTickets) private readonly tickets: RoutedTickets,
    @inject(ConversationTimers) private readonly timers: ConversationTimers,
  ) {}

  /** Sends a menu unless the limit is reached; answers whether it went. `fresh`: after a valid choice. */
  async send(options: {
    ticket: RoutedTicket;
    connection: ConnectionRoutingOptions;
    body: string;
    chatbotId: number | null;
    fresh?: boolean;
  }): Promise<boolean> {
    const { ticket, connection } = options;
    const used = options.fresh ? 0 : ticket.amount_used_bot_queues;
    if (used >= connection.maxUseBotQueues) {
      await this.scheduleReset(ticket, connection);
      return false;
    }
    await this.tickets.say({ companyId: ticket.company_id, ticketId: ticket.id, body: options.body });
    await this.tickets.change({
      companyId: ticket.company_id,
      ticketId: ticket.id,
      columns: { is_bot: true, amount_used_bot_queues: used + 1, chatbot_id: options.chatbotId },
    });
    return true;
  }

  /** Whether the bot has gone silent on this ticket (the limit of menus reached); arms the reset if so. */
  async silent(ticket: RoutedTicket, connection: ConnectionRoutingOptions): Promise<boolean> {
    if (ticket.amount_used_bot_queues < connection.maxUseBotQueues) return false;
    await this.scheduleReset(ticket, connection);
    return true;
  }

  private async scheduleReset(ticket: RoutedTicket, connection: ConnectionRoutingOptions): Promise<void> {
    if (!(connection.timeUseBotQueues > 0)) return;
    const armed = (await this.timers.pending(ticket.company_id, ticket.id)).some((timer) => timer.kind === BOT_MENU_RESET_TIMER);
    if (armed) return;
    await this.timers.set({
      companyId: ticket.company_id,
      ticketId: ticket.id,
      kind: BOT_MENU_RESET_TIMER,
      inMs: connection.timeUseBotQueues * 60_000,
    });
  }
}

/** timeUseBotQueues ran out: the bot may answer the waiting ticket again (its menu count starts over). */
@injectable()
export class BotMenuResetTimer implements ConversationTimerHandler {
  readonly kind = BOT_MENU_RESET_TIMER;

  constructor(@inject(RoutedTickets) private readonly tickets: RoutedTickets) {}

  async fire(timer: ConversationTimer): Promise<void> {
    const ticket = await this.tickets.read(timer.companyId, timer.ticketId);
    if (!ticket || ticket.status !== 'pending' || ticket.user_id || ticket.amount_used_bot_queues === 0) return;
    await this.tickets.change({ companyId: ticket.company_id, ticketId: ticket.id, columns: { amount_used_bot_queues: 0 } });
  }
}
