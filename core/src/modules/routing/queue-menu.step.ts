import { inject, injectable, conversationSteps, type ConversationHandler, type InboundContext } from '@switchboard/sdk';
import { Tenancy } from '../../platform/tenancy.js';
import { QueueAssignment, SEND_QUEUE_TIMER } from './assignment.js';
import { isContactsLiveMessage } from './contact-preferences.step.js';
import { BotMenus, chosenIndex, invalidOptionLine, menuMessage, numberedMenu } from './bot-menus.js';
import { BotHandOverRef, type QueueEntry } from './bot-hand-over.js';
import { ChatbotNavigation } from './chatbot-navigation.js';
import { ConversationTimers } from './conversation-timers.js';
import { RoutedTickets, type RoutedTicket } from './routed-tickets.js';
import { RoutingSettings, type CompanyRoutingOptions, type ConnectionRoutingOptions } from './routing-settings.js';
import { ServiceHoursRule } from './service-hours.step.js';
import { FileListDelivery } from '../files/index.js';

interface MenuTurn {
  ticket: RoutedTicket;
  company: CompanyRoutingOptions;
  connection: ConnectionRoutingOptions;
  answer: string;
}

/**
 * The greeting and queue menu (order 900). It talks to a pending ticket without agent, not a group, whose contact
 * has the bot on and whose connection has queues; its whole state is in the tickets row (queue_id, is_bot,
 * chatbot_id, amount_used_bot_queues), so a restart between a menu and its answer loses nothing.
 * - one queue with sendGreetingMessageOneQueues: the ticket enters it at once;
 * - otherwise the connection's greeting over the numbered queues; the answer "n" enters queue n, anything else
 *   repeats the menu under the invalid-option line.
 * Entering a queue (log 'queue') sends its greeting (the connection's for the automatic single queue when the queue
 * has none) with its chatbot options, then its file list (fileListId); a queue without options (or closed, with
 * scheduleType 'queue') ends the bot.
 */
@injectable()
export class QueueMenuStep implements ConversationHandler {
  readonly name = 'chatbot';
  readonly order = conversationSteps.chatbot;

  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(RoutingSettings) private readonly settings: RoutingSettings,
    @inject(RoutedTickets) private readonly tickets: RoutedTickets,
    @inject(BotMenus) private readonly menus: BotMenus,
    @inject(ChatbotNavigation) private readonly chatbot: ChatbotNavigation,
    @inject(QueueAssignment) private readonly assignment: QueueAssignment,
    @inject(ServiceHoursRule) private readonly hours: ServiceHoursRule,
    @inject(ConversationTimers) private readonly timers: ConversationTimers,
    @inject(BotHandOverRef) private readonly handOver: BotHandOverRef,
    @inject(FileListDelivery) private readonly fileLists: FileListDelivery,
  ) {}

  async handle(ctx: InboundContext, next: () => Promise<void>): Promise<void> {
    // The bot speaks only on a waiting, unowned ticket: the message's own ticket record says so without a read.
    const waiting = ctx.ticket?.status === 'pending' && !ctx.ticket.userId;
    if (!isContactsLiveMessage(ctx) || !waiting || !ctx.contact || ctx.contact.disableBot) return next();
    // The (cached) settings first: a connection without queues has no menu, and its messages read nothing more.
    const { company, connection } = await this.settings.forMessage(ctx);
    if (connection.queueIds.length === 0) return next();
    const ticket = await this.tickets.read(ctx.connection.companyId, ctx.ticket!.id);
    if (!ticket || ticket.status !== 'pending' || ticket.user_id || ticket.is_group || ticket.use_integration) return next();
    const turn: MenuTurn = { ticket, company, connection, answer: (ctx.event.body ?? '').trim() };
    if (ticket.is_bot && (await this.menus.silent(ticket, connection))) {
      // The bot went silent on this ticket: it waits for an agent (or for timeUseBotQueues to start over).
    } else if (!ticket.queue_id) {
      await this.atQueueMenu(turn);
    } else if (ticket.is_bot && (await this.chatbot.answer(turn)) === 'back') {
      await this.backToQueueMenu(turn);
    }
    await next();
  }

  private async atQueueMenu(turn: MenuTurn): Promise<void> {
    const { ticket, company, connection } = turn;
    if (connection.queueIds.length === 1 && company.sendGreetingMessageOneQueues) {
      return this.enterQueue(turn, connection.queueIds[0]!, connection.greetingMessage, { chosen: false });
    }
    if (ticket.is_bot) {
      const index = chosenIndex(turn.answer);
      const queueId = index === undefined ? undefined : connection.queueIds[index];
      if (queueId) return this.enterQueue(turn, queueId, '', { chosen: true });
      const body = menuMessage(invalidOptionLine(company.customerLanguage), await this.queueMenu(turn));
      await this.menus.send({ ticket, connection, body, chatbotId: null });
      return;
    }
    await this.menus.send({
      ticket,
      connection,
      body: menuMessage(connection.greetingMessage, await this.queueMenu(turn)),
      chatbotId: null,
    });
  }

  /** `#` in a chatbot: the queue is let go and the queue menu shown again. */
  private async backToQueueMenu(turn: MenuTurn): Promise<void> {
    const ticket = await this.tickets.change({
      companyId: turn.ticket.company_id,
      ticketId: turn.ticket.id,
      columns: { queue_id: null, chatbot_id: null },
      log: { type: 'queue', userId: null, queueId: null },
    });
    await this.menus.send({
      ticket,
      connection: turn.connection,
      body: menuMessage(turn.connection.greetingMessage, await this.queueMenu(turn)),
      chatbotId: null,
      fresh: true,
    });
  }

  private async enterQueue(turn: MenuTurn, queueId: number, fallbackGreeting: string, entry: QueueEntry): Promise<void> {
    const { company, connection } = turn;
    const ticket = await this.tickets.change({
      companyId: turn.ticket.company_id,
      ticketId: turn.ticket.id,
      columns: { queue_id: queueId, chatbot_id: null, is_bot: false, amount_used_bot_queues: 0 },
      log: { type: 'queue', userId: null, queueId },
    });
    await this.timers.cancel({ companyId: ticket.company_id, ticketId: ticket.id, kinds: [SEND_QUEUE_TIMER] });
    if (company.scheduleType === 'queue') {
      const verdict = await this.hours.verdict({ companyId: ticket.company_id, company, connection, queueId });
      if (!verdict.open) {
        await this.tickets.say({ companyId: ticket.company_id, ticketId: ticket.id, body: verdict.outOfHoursMessage });
        await this.tickets.change({ companyId: ticket.company_id, ticketId: ticket.id, columns: { is_out_of_hour: true } });
        return;
      }
    }
    if (await this.handOver()?.queueEntered(ticket, entry)) return;
    const queue = await this.tenancy.of(ticket.company_id).table('queues').where('id', queueId).first('greeting_message', 'file_list_id');
    const greeting = (queue?.greeting_message as string | null)?.trim() || fallbackGreeting;
    // The queue's file list follows its greeting (with options, the menu that carries the greeting).
    const fileList = { ticket, fileListId: queue?.file_list_id as number | null, language: company.customerLanguage };
    const level = await this.chatbot.optionsUnder({ companyId: ticket.company_id, queueId, chatbotId: null });
    if (level.length > 0) {
      await this.chatbot.showLevel({ turn: { ticket, company, connection }, heading: greeting, level, chatbotId: null, fresh: true });
      await this.sendFileList(fileList);
      return;
    }
    await this.tickets.say({ companyId: ticket.company_id, ticketId: ticket.id, body: greeting });
    await this.sendFileList(fileList);
    await this.assignment.queueEntered(ticket);
  }

  private async sendFileList(options: { ticket: RoutedTicket; fileListId: number | null; language: string }): Promise<void> {
    if (!options.fileListId) return;
    const { ticket, fileListId, language } = options;
    await this.fileLists.send({ companyId: ticket.company_id, ticketId: ticket.id, fileListId, language });
  }

  private async queueMenu(turn: MenuTurn): Promise<string> {
    const rows = (await this.tenancy
      .of(turn.ticket.company_id)
      .table('queues')
      .whereIn('id', turn.connection.queueIds)
      .select('id', 'name')) as { id: number; name: string }[];
    const names = new Map(rows.map((row) => [row.id, row.name]));
    return numberedMenu(turn.connection.queueIds.map((id) => names.get(id) ?? ''));
  }
}
