import { inject, injectable, type MessageTemplate, type TemplateChoice } from '@switchboard/sdk';
import { SecretKeys } from '../../platform/auth/app-secret.js';
import { PluginRegistry } from '../../platform/plugins/channel-registry.js';
import { toConnectionInfo } from '../connections/index.js';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import { TicketEvents } from '../realtime/index.js';
import { Tenancy } from '../../platform/tenancy.js';
import { CompanySettings } from '../settings/index.js';
import { TicketSearch } from '../tickets/index.js';
import { TicketModel } from '../tickets/index.js';
import { MessageModel } from './message.model.js';
import { OutboundMessages } from './outbound-messages.js';

const PAGE_SIZE = 20;
/** GET /messages/listimages: the gallery of a ticket. */
const IMAGES_LIMIT = 200;
/** GET /messages/getmedia: per group of the contact drawer's tabs. */
const MEDIA_GROUP_LIMIT = 100;
const URL_PATTERN = /https?:\/\/[^\s<>"'`]+/gi;

export interface MediaItem {
  id: number;
  body: string;
  mediaType: string | null;
  mediaUrl: string | null;
  fromMe: boolean;
  createdAt: Date;
}

/** A ticket's conversation as agents read and write it. */
@injectable()
export class MessagesService {
  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(OutboundMessages) private readonly outbound: OutboundMessages,
    @inject(TicketEvents) private readonly events: TicketEvents,
    @inject(TicketSearch) private readonly tickets: TicketSearch,
    @inject(CompanySettings) private readonly settings: CompanySettings,
    @inject(PluginRegistry) private readonly plugins: PluginRegistry,
    @inject(SecretKeys) private readonly secrets: SecretKeys,
  ) {}

  /**
   * The approved templates the ticket's connection may send once its reply window has closed; none when its channel
   * has no templates. Its plugin asks the provider with the connection's settings, on whichever node this is.
   */
  async templates(options: { auth: AuthContext; ticketId: number }): Promise<{ templates: MessageTemplate[] }> {
    const ticket = await this.tickets.visibleTicket(options.auth, options.ticketId);
    type ConnectionRow = Parameters<typeof toConnectionInfo>[0];
    const row = ticket.whatsappId
      ? await this.tenancy.of(options.auth.companyId).table<ConnectionRow>('connections').where('id', ticket.whatsappId).first()
      : undefined;
    const channel = row ? this.plugins.channel(row.channel) : undefined;
    if (!row || !channel?.templates) return { templates: [] };
    return { templates: await channel.templates(toConnectionInfo(row, this.secrets)) };
  }

  /** Newest page first (pageNumber 1 = the latest messages), each page in chronological order; opening it reads it. */
  async list(options: { auth: AuthContext; ticketId: number; pageNumber: number }) {
    const scope = this.tenancy.of(options.auth.companyId);
    const ticket = await this.tickets.visibleTicket(options.auth, options.ticketId);
    const rows = await scope
      .query(MessageModel)
      .where('ticket_id', ticket.id)
      .withGraphFetched('quotedMsg')
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(PAGE_SIZE + 1)
      .offset((options.pageNumber - 1) * PAGE_SIZE);
    const hasMore = rows.length > PAGE_SIZE;
    await this.markRead(options.auth.companyId, ticket);
    return { messages: rows.slice(0, PAGE_SIZE).reverse(), ticket, hasMore };
  }

  /**
   * The agent read the ticket (spec 1 §7: opening its messages, or writing in it with `read`): its unread count goes
   * to 0, its messages are marked read, and the lists and bells of everyone who sees it clear it (`updateUnread`).
   */
  private async markRead(companyId: number, ticket: TicketModel): Promise<void> {
    const scope = this.tenancy.of(companyId);
    // Read from the row, not the snapshot: a message may have come in since the ticket was loaded.
    const cleared = await scope
      .query(TicketModel)
      .findById(ticket.id)
      .where('unread_messages', '>', 0)
      .patch({ unreadMessages: 0 } as Partial<TicketModel>);
    if (!cleared) return;
    await scope
      .query(MessageModel)
      .where({ ticket_id: ticket.id, read: false })
      .patch({ read: true } as Partial<MessageModel>);
    this.events.ticketChanged(ticket, { action: 'updateUnread', ticketId: ticket.id });
  }

  async send(options: {
    auth: AuthContext;
    ticketId: number;
    body: string;
    isPrivate: boolean;
    /** The agent has read the ticket while writing (the web sends it): its unread count clears. */
    read?: boolean;
    quotedMsgId?: number;
    vCard?: string;
    /** An approved template instead of free text (channels with a reply window); `body` is its filled text. */
    template?: TemplateChoice;
    files: Express.Multer.File[];
  }): Promise<MessageModel[]> {
    const { auth } = options;
    // A profile user writes only in tickets they may see (spec 1 §6); another company's ticket is not found.
    const ticket = await this.tickets.visibleTicket(auth, options.ticketId);
    const sent = await this.sendAll(options);
    if (options.read) await this.markRead(auth.companyId, ticket);
    return sent;
  }

  private async sendAll(options: Parameters<MessagesService['send']>[0]): Promise<MessageModel[]> {
    const { auth } = options;
    const signed = (await this.settings.read(auth.companyId)).sendSignMessage;
    const base = { companyId: auth.companyId, ticketId: options.ticketId, userId: auth.userId, isPrivate: options.isPrivate, signed };
    if (options.files.length === 0) {
      const { body, quotedMsgId, vCard, template } = options;
      return [await this.outbound.send({ ...base, body, quotedMsgId, vCard, ...(template ? { template } : {}) })];
    }
    // One message per file; the text goes with the first.
    const sent: MessageModel[] = [];
    for (const [index, file] of options.files.entries()) {
      sent.push(
        await this.outbound.send({
          ...base,
          body: index === 0 ? options.body : '',
          quotedMsgId: index === 0 ? options.quotedMsgId : undefined,
          media: { data: file.buffer, fileName: file.originalname, mimeType: file.mimetype },
        }),
      );
    }
    return sent;
  }

  /** The ticket's images, newest first. */
  async listImages(options: { auth: AuthContext; ticketId: number }) {
    const ticket = await this.tickets.visibleTicket(options.auth, options.ticketId);
    const rows = (await this.ticketMessages(options.auth.companyId, ticket.id)
      .where('media_type', 'image')
      .limit(IMAGES_LIMIT)
      .select('id', 'media_url', 'created_at', 'body')) as { id: number; media_url: string | null; created_at: Date; body: string }[];
    return {
      images: rows.map((row) => ({
        id: row.id,
        mediaUrl: row.media_url,
        createdAt: row.created_at,
        body: row.body,
      })),
    };
  }

  /**
   * The contact drawer's tabs (Mídia, Documentos, Links, Ligações): image/video/audio messages, documents, messages
   * with links (with the links found in them) and call logs, each newest first. Every query reads only this
   * ticket's rows through the (ticket_id, created_at) index.
   */
  async media(options: { auth: AuthContext; ticketId: number }) {
    const { companyId } = options.auth;
    const ticket = await this.tickets.visibleTicket(options.auth, options.ticketId);
    const columns = ['id', 'body', 'media_type', 'media_url', 'from_me', 'created_at'];
    const [media, documents, links, calls] = await Promise.all([
      this.ticketMessages(companyId, ticket.id).whereIn('media_type', ['image', 'video', 'audio']).limit(MEDIA_GROUP_LIMIT).select(columns),
      this.ticketMessages(companyId, ticket.id).where('media_type', 'application').limit(MEDIA_GROUP_LIMIT).select(columns),
      this.ticketMessages(companyId, ticket.id)
        .where((q) => q.whereNull('media_type').orWhereNot('media_type', 'reactionMessage'))
        .whereRaw(`body ~* ?`, ['https?://'])
        .limit(MEDIA_GROUP_LIMIT)
        .select(columns),
      this.ticketMessages(companyId, ticket.id).where('media_type', 'call_log').limit(MEDIA_GROUP_LIMIT).select(columns),
    ]);
    return {
      media: media.map(mediaItem),
      documents: documents.map(mediaItem),
      links: links.map((row: Record<string, unknown>) => ({ ...mediaItem(row), urls: (row.body as string).match(URL_PATTERN) ?? [] })),
      calls: calls.map(mediaItem),
    };
  }

  /** A ticket's shown messages, newest first. */
  private ticketMessages(companyId: number, ticketId: number) {
    return this.tenancy
      .of(companyId)
      .table('messages')
      .where({ ticket_id: ticketId, is_deleted: false })
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ]);
  }
}

function mediaItem(row: Record<string, unknown>): MediaItem {
  return {
    id: row.id as number,
    body: row.body as string,
    mediaType: row.media_type as string | null,
    mediaUrl: row.media_url as string | null,
    fromMe: row.from_me as boolean,
    createdAt: row.created_at as Date,
  };
}
