import path from 'node:path';
import { setTimeout as pause } from 'node:timers/promises';
import { buffer } from 'node:stream/consumers';
import {
  downloadMedia,
  inject,
  injectable,
  type ConversationMessage,
  type IntegrationContext,
  type IntegrationContribution,
  type IntegrationReply,
  type IntegrationResult,
  type MediaType,
} from '@switchboard/sdk';
import type { SwitchboardConfig } from '@switchboard/config';
import type { BackgroundWorker } from '../../platform/background-worker.js';
import { Clock } from '../../platform/clock.js';
import { MediaStorage } from '../../platform/media/media-storage.js';
import { Tenancy } from '../../platform/tenancy.js';
import { Config, Logger } from '../../platform/tokens.js';
import { MediaLinks } from '../media/index.js';
import { OutboundMessages } from '../messages/index.js';
import {
  ConversationClosing,
  QueueAssignment,
  RoutedTickets,
  type BotHandOver,
  type QueueEntry,
  type RoutedTicket,
} from '../routing/index.js';
import { CompanySettings } from '../settings/index.js';
import { IntegrationSessions } from './integration-sessions.js';
import { LaterAnswerKeys, type LaterAnswerClaims } from './later-answers.js';
import { PromptsService } from './prompts.service.js';
import { QueueIntegrationsService, withoutSecrets } from './queue-integrations.service.js';

/** How long core waits for an integration's answer to one message. */
export const INTEGRATION_TIMEOUT_MS = 30_000;
/** A reply's file fetched from a URL is refused past this size. */
const REPLY_MEDIA_MAX_BYTES = 64 * 1024 * 1024;

/** The ticket columns the bot's conversation reads. */
interface BotTicket extends RoutedTicket {
  uuid: string;
  integration_id: number | null;
  prompt_id: number | null;
}

interface MessageRow {
  id: number;
  body: string;
  from_me: boolean;
  media_type: string | null;
  media_url: string | null;
  created_at: Date | string;
}

/** A turn: the contact's message to answer (the latest when not given), and whether it handed the ticket over. */
interface TurnOptions {
  companyId: number;
  ticketId: number;
  messageId?: number;
  opening?: boolean;
}

/** What a bot's replies became: how many went out, and which files could not be fetched (by reply index). */
export interface RepliesSent {
  sent: number;
  skipped: { reply: number; reason: string }[];
}

/** Where a ticket's bot comes from: a queue integration or an AI prompt. */
type BotTarget = { integrationId: number } | { promptId: number };

/**
 * The conversation between a contact and the bot a ticket is handed to (an integration or an AI prompt, DESIGN §3):
 * each of the contact's messages is answered in turn, one ticket's turns one after the other and apart from the
 * inbound chain (an upstream or a reply's pause never holds up other conversations). The plugin's state is kept per
 * ticket; its replies go out as bot messages; a transfer, a close or a hand-off ends the bot's part.
 */
@injectable()
export class BotConversations implements BotHandOver, BackgroundWorker {
  readonly name = 'bot-conversations';
  private readonly turns = new Map<number, Promise<void>>();
  private readonly stopping = new AbortController();

  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(Clock) private readonly clock: Clock,
    @inject(Logger) private readonly logger: Logger,
    @inject(MediaStorage) private readonly media: MediaStorage,
    @inject(OutboundMessages) private readonly outbound: OutboundMessages,
    @inject(RoutedTickets) private readonly tickets: RoutedTickets,
    @inject(QueueAssignment) private readonly assignment: QueueAssignment,
    @inject(ConversationClosing) private readonly closing: ConversationClosing,
    @inject(CompanySettings) private readonly settings: CompanySettings,
    @inject(IntegrationSessions) private readonly sessions: IntegrationSessions,
    @inject(QueueIntegrationsService) private readonly integrations: QueueIntegrationsService,
    @inject(PromptsService) private readonly prompts: PromptsService,
    @inject(MediaLinks) private readonly links: MediaLinks,
    @inject(Config) private readonly config: SwitchboardConfig,
    @inject(LaterAnswerKeys) private readonly laterKeys: LaterAnswerKeys,
  ) {}

  async start(): Promise<void> {}

  /** Shutting down: upstream calls and pauses are aborted, and the turns under way end. */
  async stop(): Promise<void> {
    this.stopping.abort();
    await this.idle();
  }

  /** Resolves when no turn is under way (tests wait on it before a restart). */
  async idle(): Promise<void> {
    while (this.turns.size > 0) await Promise.allSettled([...this.turns.values()]);
  }

  /** The ticket's bot answers a message of the contact (its latest one when `messageId` is not given), after its earlier turns. */
  answer(options: TurnOptions): void {
    const { ticketId } = options;
    void this.inTurn(ticketId, () => this.turn(options)).catch((error: unknown) =>
      this.logger.warn({ err: error, ticketId }, 'bot turn failed'),
    );
  }

  /**
   * An answer the ticket's integration sent later (LaterAnswers), sent and applied in the ticket's turn order while
   * that integration still has the ticket; answers what went out, or undefined when it no longer has it.
   */
  applyLater(claims: LaterAnswerClaims, result: Omit<IntegrationResult, 'state'>): Promise<RepliesSent | undefined> {
    const { companyId, ticketId, integrationId } = claims;
    return this.inTurn(ticketId, async () => {
      const ticket = await this.withBot(companyId, ticketId);
      if (ticket?.integration_id !== integrationId) return undefined;
      const sent = await this.reply(ticket, result.replies ?? []);
      await this.conclude(ticket, result);
      return sent;
    });
  }

  /** Runs `work` after the ticket's earlier turns; a failed turn does not hold up the next. */
  private inTurn<T>(ticketId: number, work: () => Promise<T>): Promise<T> {
    const done = (this.turns.get(ticketId) ?? Promise.resolve()).then(work);
    const turn = done
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => {
        if (this.turns.get(ticketId) === turn) this.turns.delete(ticketId);
      });
    this.turns.set(ticketId, turn);
    return done;
  }

  /** Hands the ticket to a bot: it answers the contact from now on (its earlier state forgotten). */
  async handOver(options: { companyId: number; ticketId: number; to: BotTarget }): Promise<RoutedTicket> {
    const { companyId, ticketId, to } = options;
    await this.sessions.forget(companyId, ticketId);
    const target =
      'integrationId' in to ? { integration_id: to.integrationId, prompt_id: null } : { integration_id: null, prompt_id: to.promptId };
    return this.tickets.change({ companyId, ticketId, columns: { use_integration: true, is_bot: false, ...target } });
  }

  /** BotHandOver: a queue with an integration or a prompt takes a ticket entering it, unless a bot already let it go. */
  async queueEntered(ticket: RoutedTicket, entry: QueueEntry = {}): Promise<boolean> {
    if (!ticket.queue_id || ticket.user_id || ticket.is_group || ticket.status !== 'pending') return false;
    const row = ticket as BotTicket;
    // A bot that transferred or handed off the ticket is done with it: the queue's humans attend it now.
    if (row.integration_id || row.prompt_id) return false;
    const queue = (await this.tenancy
      .of(ticket.company_id)
      .table('queues')
      .where('id', ticket.queue_id)
      .first('integration_id', 'prompt_id')) as { integration_id: number | null; prompt_id: number | null } | undefined;
    const to = botOf(queue);
    if (!to) return false;
    await this.handOver({ companyId: ticket.company_id, ticketId: ticket.id, to });
    this.answer({ companyId: ticket.company_id, ticketId: ticket.id, opening: entry.chosen });
    return true;
  }

  /** BotHandOver: a chatbot option handed the ticket to an integration; it answers the message that chose it. */
  async handedOver(ticket: RoutedTicket): Promise<void> {
    await this.sessions.forget(ticket.company_id, ticket.id);
    this.answer({ companyId: ticket.company_id, ticketId: ticket.id, opening: true });
  }

  /** The bot lets the ticket go (an agent took it or wrote in it): use_integration off, its state forgotten. */
  async release(companyId: number, ticketId: number): Promise<void> {
    const ticket = await this.tickets.read(companyId, ticketId);
    if (!ticket?.use_integration) return;
    await this.sessions.forget(companyId, ticketId);
    await this.tickets.change({ companyId, ticketId, columns: { use_integration: false } });
  }

  // --- one turn ---

  private async turn(options: TurnOptions): Promise<void> {
    const { companyId, ticketId } = options;
    const ticket = await this.withBot(companyId, ticketId);
    if (!ticket) return;
    const bot = ticket.integration_id
      ? await this.integrations.forConversation(companyId, ticket.integration_id)
      : await this.prompts.forConversation(companyId, ticket.prompt_id!);
    if (!bot?.plugin) {
      this.logger.warn(
        { companyId, ticketId, type: bot?.type },
        'the ticket is handed to a bot that is gone or whose plugin is not loaded',
      );
      return;
    }
    const context = await this.context(ticket, bot.plugin, bot.config, options);
    if (!context) return;
    let result: IntegrationResult;
    try {
      result = await bot.plugin.handle(context);
    } catch (error) {
      // Logged without the settings (they hold secrets), and without a secret the upstream may have echoed.
      const reason = withoutSecrets(error instanceof Error ? error.message : String(error), bot.plugin, bot.config);
      this.logger.warn(
        { companyId, ticketId, type: bot.type, integration: bot.name, reason },
        'integration failed; the message stays unanswered',
      );
      return;
    }
    if (result.state === null) await this.sessions.forget(companyId, ticketId);
    else if (result.state !== undefined) await this.sessions.keep(companyId, ticketId, result.state);
    // An agent may have taken the conversation while the upstream thought.
    if (!(await this.withBot(companyId, ticketId))) return;
    await this.reply(ticket, result.replies ?? []);
    await this.conclude(ticket, result);
  }

  /** The ticket while its bot talks: handed to an integration or prompt, waiting, without agent, not a group. */
  private async withBot(companyId: number, ticketId: number): Promise<BotTicket | undefined> {
    const ticket = (await this.tickets.read(companyId, ticketId)) as BotTicket | undefined;
    const talking = ticket?.use_integration && ticket.status === 'pending' && !ticket.user_id && !ticket.is_group;
    return talking && (ticket.integration_id || ticket.prompt_id) ? ticket : undefined;
  }

  private async context(
    ticket: BotTicket,
    plugin: IntegrationContribution,
    config: Record<string, unknown>,
    { messageId, opening }: TurnOptions,
  ): Promise<IntegrationContext | undefined> {
    const scope = this.tenancy.of(ticket.company_id);
    const messages = scope.table<MessageRow>('messages').where('ticket_id', ticket.id).where('is_private', false);
    const message = messageId
      ? await messages.clone().where('id', messageId).first()
      : await messages.clone().where('from_me', false).orderBy('id', 'desc').first();
    if (!message) return undefined;
    const limit = historyLimit(plugin, config);
    const [history, contact, connection, company, options, state] = await Promise.all([
      limit > 0 ? messages.clone().where('id', '<', message.id).orderBy('id', 'desc').limit(limit) : Promise.resolve([] as MessageRow[]),
      scope.table('contacts').where('id', ticket.contact_id).first('id', 'name', 'number', 'email', 'channel'),
      scope.table('connections').where('id', ticket.whatsapp_id).first('id', 'name', 'channel'),
      scope.company().first('id', 'name'),
      this.settings.read(ticket.company_id),
      this.sessions.read(ticket.company_id, ticket.id),
    ]);
    const type = plugin.type;
    const now = this.clock.now();
    const reply =
      plugin.readLaterAnswer && ticket.integration_id
        ? this.laterKeys.address({ companyId: ticket.company_id, ticketId: ticket.id, integrationId: ticket.integration_id }, now)
        : undefined;
    const log = (level: 'info' | 'warn') => (data: object, text: string) =>
      this.logger[level]({ ...data, companyId: ticket.company_id, ticketId: ticket.id, integration: type }, text);
    return {
      config,
      conversation: {
        ticket: { id: ticket.id, uuid: ticket.uuid, status: ticket.status, queueId: ticket.queue_id, userId: ticket.user_id },
        contact: {
          id: ticket.contact_id,
          name: String(contact?.name ?? ''),
          number: String(contact?.number ?? ''),
          email: String(contact?.email ?? ''),
          channel: String(contact?.channel ?? ''),
        },
        connection: { id: Number(connection?.id ?? 0), name: String(connection?.name ?? ''), channel: String(connection?.channel ?? '') },
        company: { id: ticket.company_id, name: String(company?.name ?? '') },
        message: {
          ...conversationMessage(message),
          ...(message.media_url ? this.fileOf(ticket.company_id, message.media_url) : {}),
          ...(opening ? { opening } : {}),
        },
        history: history.reverse().map(conversationMessage),
        language: options.customerLanguage ?? 'pt-BR',
        ...(reply ? { reply } : {}),
      },
      state,
      now,
      signal: AbortSignal.any([AbortSignal.timeout(INTEGRATION_TIMEOUT_MS), this.stopping.signal]),
      log: { info: log('info'), warn: log('warn') },
    };
  }

  /** The message's file for the plugin: a signed link its upstream may fetch, and its bytes. */
  private fileOf(companyId: number, stored: string): { mediaUrl: string; readMedia(): Promise<Buffer> } {
    const link = this.links.signForIntegration(companyId, stored);
    return { mediaUrl: new URL(link, this.config.server.publicUrl).href, readMedia: () => buffer(this.media.read(stored)) };
  }

  /**
   * Sends the replies in order, each after its pause, while the bot still has the ticket. A file that cannot be
   * fetched is left out (its caption still goes), so it silences neither the bot's other words nor its hand-off.
   */
  private async reply(ticket: BotTicket, replies: IntegrationReply[]): Promise<RepliesSent> {
    const done: RepliesSent = { sent: 0, skipped: [] };
    for (const [index, reply] of replies.entries()) {
      if (reply.delayMs && reply.delayMs > 0) {
        await pause(Math.min(reply.delayMs, INTEGRATION_TIMEOUT_MS), undefined, { signal: this.stopping.signal });
        // An agent may have taken the conversation during the pause.
        if (!(await this.withBot(ticket.company_id, ticket.id))) return done;
      }
      let media;
      try {
        media = reply.media ? { ...(await this.replyMedia(reply.media)), asVoiceNote: reply.voiceNote } : undefined;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        this.logger.warn(
          { companyId: ticket.company_id, ticketId: ticket.id, reason },
          "a bot reply's file was not fetched; sent without it",
        );
        done.skipped.push({ reply: index, reason });
      }
      if (!reply.body?.trim() && !media) continue;
      await this.outbound.send({ companyId: ticket.company_id, ticketId: ticket.id, userId: null, body: reply.body ?? '', media });
      done.sent += 1;
    }
    return done;
  }

  /** A reply's file: its bytes, or fetched from its URL where MEDIA_FETCH_HOSTS allows (internet addresses only by default). */
  private async replyMedia(media: NonNullable<IntegrationReply['media']>): Promise<{ data: Buffer; fileName: string; mimeType: string }> {
    if ('data' in media) return media;
    const url = new URL(media.url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('a reply file must be an http(s) address');
    const file = await downloadMedia(url, {
      hosts: this.config.server.mediaFetchHosts,
      maxBytes: REPLY_MEDIA_MAX_BYTES,
      timeoutMs: INTEGRATION_TIMEOUT_MS,
    });
    const fileName = media.fileName ?? (path.basename(url.pathname) || 'file');
    return { data: file.data, fileName, mimeType: media.mimeType ?? file.mimeType ?? 'application/octet-stream' };
  }

  /** What the bot decided besides its replies: a transfer, a close or a hand-off ends its part. */
  private async conclude(ticket: BotTicket, result: IntegrationResult): Promise<void> {
    const { company_id: companyId, id: ticketId } = ticket;
    if (!result.close && !result.handOff && !result.transfer) return;
    await this.sessions.forget(companyId, ticketId);
    if (!(await this.withBot(companyId, ticketId))) return;
    if (result.close) {
      await this.tickets.change({ companyId, ticketId, columns: { use_integration: false } });
      await this.closing.close({ companyId, ticketId, fromStatuses: ['pending'] });
      return;
    }
    const scope = this.tenancy.of(companyId);
    const userId = result.transfer?.userId;
    if (userId && (await scope.table('users').where('id', userId).first('id'))) {
      const released = await this.tickets.change({ companyId, ticketId, columns: { use_integration: false } });
      await this.assignment.assign(released, userId);
      return;
    }
    const queueId = result.transfer?.queueId;
    const toQueue = queueId && queueId !== ticket.queue_id && (await scope.table('queues').where('id', queueId).first('id'));
    const released = await this.tickets.change({
      companyId,
      ticketId,
      columns: { use_integration: false, ...(toQueue ? { queue_id: queueId } : {}) },
      ...(toQueue ? { log: { type: 'queue' as const, userId: null, queueId: queueId! } } : {}),
    });
    // The ticket waits in its queue for a person: a random user, the router, its position.
    if (released.queue_id) await this.assignment.queueEntered(released);
  }
}

/** The bot a queue or a connection hands its conversations to, if any (an integration wins over a prompt). */
export function botOf(row: { integration_id: number | null; prompt_id: number | null } | undefined): BotTarget | undefined {
  if (row?.integration_id) return { integrationId: row.integration_id };
  if (row?.prompt_id) return { promptId: row.prompt_id };
  return undefined;
}

function historyLimit(plugin: IntegrationContribution, config: Record<string, unknown>): number {
  const limit = typeof plugin.historyLimit === 'function' ? plugin.historyLimit(config) : plugin.historyLimit;
  return typeof limit === 'number' && Number.isSafeInteger(limit) && limit > 0 ? Math.min(limit, 100) : 0;
}

function conversationMessage(row: MessageRow): ConversationMessage {
  return {
    fromMe: row.from_me,
    body: row.body,
    ...(row.media_type && row.media_url ? { mediaType: row.media_type as MediaType, fileName: path.basename(row.media_url) } : {}),
    createdAt: new Date(row.created_at).toISOString(),
  };
}
