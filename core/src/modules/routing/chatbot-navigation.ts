import { inject, injectable } from '@switchboard/sdk';
import { Tenancy } from '../../platform/tenancy.js';
import { QueueAssignment } from './assignment.js';
import { backToStartLine, BotMenus, chosenIndex, invalidOptionLine, menuMessage, numberedMenu } from './bot-menus.js';
import { BotHandOverRef } from './bot-hand-over.js';
import { ConversationClosing } from './conversation-closing.js';
import { RoutedTickets, type RoutedTicket } from './routed-tickets.js';
import type { CompanyRoutingOptions, ConnectionRoutingOptions } from './routing-settings.js';
import { FileListDelivery } from '../files/index.js';

/** A chatbot option as the bot reads it (spec 2 §3 "Chatbot option"). */
interface OptionRow {
  id: number;
  name: string;
  greeting_message: string | null;
  queue_type: 'text' | 'attendent' | 'queue' | 'integration' | 'file';
  opt_queue_id: number | null;
  opt_user_id: number | null;
  opt_integration_id: number | null;
  opt_file_id: number | null;
  close_ticket: boolean;
}

/** One answer of the contact to the bot while its ticket is in a queue. */
export interface BotTurn {
  ticket: RoutedTicket;
  /** The company's language, for the bot's own lines. */
  company: Pick<CompanyRoutingOptions, 'customerLanguage'>;
  connection: ConnectionRoutingOptions;
  answer: string;
}

/**
 * The chatbot of a queue: its options listed level by level (`*[ n ]* - Name`, plus `*[ # ]*` back to the queue
 * menu when the connection has more than one queue), tickets.chatbot_id holding the level listed last. A choice
 * sends the option's message, then by queueType: 'text' lists its sub-options (or, without any, leaves the ticket
 * waiting in the queue); 'queue' moves the ticket to optQueueId; 'attendent' gives it to optUserId; 'integration'
 * hands it to optIntegrationId (use_integration; the integration step answers from then on); 'file' sends the file
 * list's files. closeTicket closes the ticket after the option's message. An invalid choice repeats the level.
 */
@injectable()
export class ChatbotNavigation {
  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(FileListDelivery) private readonly fileLists: FileListDelivery,
    @inject(RoutedTickets) private readonly tickets: RoutedTickets,
    @inject(BotMenus) private readonly menus: BotMenus,
    @inject(QueueAssignment) private readonly assignment: QueueAssignment,
    @inject(ConversationClosing) private readonly closing: ConversationClosing,
    @inject(BotHandOverRef) private readonly handOver: BotHandOverRef,
  ) {}

  /** The options right under a queue (chatbotId null) or under an option, in the order they were created. */
  async optionsUnder(options: { companyId: number; queueId: number | null; chatbotId: number | null }): Promise<OptionRow[]> {
    const query = this.tenancy.of(options.companyId).table<OptionRow>('chatbots');
    if (options.chatbotId) query.where('chatbot_id', options.chatbotId);
    else query.where('queue_id', options.queueId).whereNull('chatbot_id');
    return (await query.orderBy('id')) as OptionRow[];
  }

  /** Lists a level of options under a heading; answers whether the menu went (the limit may stop it). */
  showLevel(options: {
    turn: Omit<BotTurn, 'answer'>;
    heading: string | null;
    level: OptionRow[];
    chatbotId: number | null;
    fresh: boolean;
  }): Promise<boolean> {
    const { turn, level } = options;
    const lines = [numberedMenu(level.map((option) => option.name))];
    if (turn.connection.queueIds.length > 1) lines.push(backToStartLine(turn.company.customerLanguage));
    return this.menus.send({
      ticket: turn.ticket,
      connection: turn.connection,
      body: menuMessage(options.heading, lines.join('\n')),
      chatbotId: options.chatbotId,
      fresh: options.fresh,
    });
  }

  /** The contact's answer at the current level: 'back' asks the caller for the queue menu. */
  async answer(turn: BotTurn): Promise<'back' | 'handled'> {
    const { ticket } = turn;
    if (turn.answer === '#' && turn.connection.queueIds.length > 1) return 'back';
    const level = await this.optionsUnder({ companyId: ticket.company_id, queueId: ticket.queue_id, chatbotId: ticket.chatbot_id });
    if (level.length === 0) {
      // The options were removed meanwhile: nothing to navigate, the ticket waits in its queue.
      await this.finish(ticket, ticket.chatbot_id);
      return 'handled';
    }
    const index = chosenIndex(turn.answer);
    const option = index === undefined ? undefined : level[index];
    if (!option) {
      await this.showLevel({
        turn,
        heading: invalidOptionLine(turn.company.customerLanguage),
        level,
        chatbotId: ticket.chatbot_id,
        fresh: false,
      });
      return 'handled';
    }
    await this.choose(turn, option);
    return 'handled';
  }

  private async choose(turn: BotTurn, option: OptionRow): Promise<void> {
    const { ticket } = turn;
    const companyId = ticket.company_id;
    if (option.queue_type === 'text') {
      const next = await this.optionsUnder({ companyId, queueId: null, chatbotId: option.id });
      if (next.length > 0 && !option.close_ticket) {
        await this.showLevel({ turn, heading: option.greeting_message, level: next, chatbotId: option.id, fresh: true });
        return;
      }
    }
    await this.tickets.say({ companyId, ticketId: ticket.id, body: option.greeting_message ?? '' });
    if (option.queue_type === 'file' && option.opt_file_id) {
      const language = turn.company.customerLanguage;
      await this.fileLists.send({ companyId, ticketId: ticket.id, fileListId: option.opt_file_id, language });
    }
    if (option.close_ticket) {
      await this.close(ticket);
      return;
    }

    if (option.queue_type === 'queue' && (await this.owned('queues', companyId, option.opt_queue_id))) {
      const moved = await this.tickets.change({
        companyId,
        ticketId: ticket.id,
        columns: { queue_id: option.opt_queue_id, chatbot_id: null, is_bot: false, amount_used_bot_queues: 0 },
        log: { type: 'queue', userId: null, queueId: option.opt_queue_id },
      });
      return this.assignment.queueEntered(moved, { chosen: true });
    }
    if (option.queue_type === 'attendent' && (await this.owned('users', companyId, option.opt_user_id))) {
      return this.assignment.assign(ticket, option.opt_user_id!);
    }
    if (option.queue_type === 'integration' && (await this.owned('queue_integrations', companyId, option.opt_integration_id))) {
      // Core hands over: the integration answers this message and the next ones, no more menus.
      const handed = await this.tickets.change({
        companyId,
        ticketId: ticket.id,
        columns: { use_integration: true, integration_id: option.opt_integration_id, is_bot: false, chatbot_id: option.id },
      });
      await this.handOver()?.handedOver(handed);
      return;
    }
    await this.finish(ticket, option.id);
  }

  /** The bot is done: the ticket waits in its queue for an agent (random user, router, position). */
  private async finish(ticket: RoutedTicket, chatbotId: number | null): Promise<void> {
    const waiting = await this.tickets.change({
      companyId: ticket.company_id,
      ticketId: ticket.id,
      columns: { is_bot: false, chatbot_id: chatbotId },
    });
    await this.assignment.queueEntered(waiting);
  }

  private async close(ticket: RoutedTicket): Promise<void> {
    await this.closing.close({ companyId: ticket.company_id, ticketId: ticket.id, fromStatuses: ['pending'] });
  }

  private async owned(table: string, companyId: number, id: number | null): Promise<boolean> {
    if (!id) return false;
    return Boolean(await this.tenancy.of(companyId).table(table).where('id', id).first('id'));
  }
}
