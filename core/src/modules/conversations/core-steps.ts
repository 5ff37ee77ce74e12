import { inject, injectable, conversationSteps, type ConversationHandler, type InboundContext, type TicketRecord } from '@switchboard/sdk';
import { Database } from '../../platform/database/database.js';
import { MediaStorage } from '../../platform/media/media-storage.js';
import { RealtimeBus, rooms } from '../../platform/realtime/realtime-bus.js';
import { isUniqueViolation } from '../../platform/database/errors.js';
import { mediaTypeOf } from '../messages/media-type.js';

const ACTIVE = ['open', 'pending', 'group'];

/** A message already stored for this connection (the channel delivered it twice) ends here. */
@injectable()
export class DedupeStep implements ConversationHandler {
  readonly name = 'dedupe';
  readonly order = conversationSteps.dedupe;

  constructor(@inject(Database) private readonly database: Database) {}

  async handle(ctx: InboundContext, next: () => Promise<void>): Promise<void> {
    const seen = await this.database
      .knex('messages')
      .where({ whatsapp_id: ctx.connection.id, external_id: ctx.event.externalId })
      .first('id');
    if (!seen) await next();
  }
}

/** The conversation's contact (or group), created on first contact, its name kept up to date. */
@injectable()
export class ContactStep implements ConversationHandler {
  readonly name = 'contact';
  readonly order = conversationSteps.contact;

  constructor(@inject(Database) private readonly database: Database) {}

  async handle(ctx: InboundContext, next: () => Promise<void>): Promise<void> {
    const { chat } = ctx.event;
    const knex = this.database.knex;
    const [row] = await knex('contacts')
      .insert({
        company_id: ctx.connection.companyId,
        channel: ctx.connection.channel,
        number: chat.address,
        name: chat.name?.trim() || chat.address,
        email: chat.email ?? '',
        is_group: Boolean(chat.isGroup),
        ...(chat.profilePicUrl ? { profile_pic_url: chat.profilePicUrl } : {}),
        whatsapp_id: ctx.connection.id,
      })
      .onConflict(['company_id', 'channel', 'number'])
      .merge({
        // A name the contact gave beats the bare number; an agent's edit is kept unless the channel sends a new one.
        name: chat.name?.trim() ? chat.name.trim() : knex.raw('contacts.name'),
        whatsapp_id: ctx.connection.id,
        updated_at: new Date(),
      })
      .returning(['id', 'company_id', 'name', 'number', 'channel', 'is_group', 'disable_bot', 'active']);
    ctx.contact = {
      id: row.id,
      companyId: row.company_id,
      name: row.name,
      number: row.number,
      channel: row.channel,
      isGroup: row.is_group,
      disableBot: row.disable_bot,
      active: row.active,
    };
    await next();
  }
}

/**
 * The contact's active ticket on this connection, else (within timeCreateNewTicket) the last closed one
 * reopened, else a new one. The partial unique index allows one active ticket; a concurrent creator that loses
 * the race reads the winner's ticket.
 */
@injectable()
export class TicketStep implements ConversationHandler {
  readonly name = 'ticket';
  readonly order = conversationSteps.ticket;

  constructor(@inject(Database) private readonly database: Database) {}

  async handle(ctx: InboundContext, next: () => Promise<void>): Promise<void> {
    const contact = ctx.contact!;
    const connection = await this.database
      .knex('connections')
      .where('id', ctx.connection.id)
      .first('allow_group', 'group_as_ticket', 'time_create_new_ticket');
    if (contact.isGroup && !connection?.allow_group) return;
    const groupStatus = contact.isGroup && connection?.group_as_ticket !== 'enabled';
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const active = await this.active(contact.id, ctx.connection.id);
      if (active) {
        ctx.ticket = active;
        return next();
      }
      try {
        const reopened = await this.reopenRecent(contact.id, ctx.connection.id, connection?.time_create_new_ticket ?? 0, groupStatus);
        ctx.ticket = reopened ?? (await this.create(ctx, groupStatus));
        ctx.ticketCreated = !reopened;
        return next();
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
    throw new Error(`Could not settle the ticket of contact ${contact.id}`);
  }

  private async active(contactId: number, connectionId: number): Promise<TicketRecord | undefined> {
    const row = await this.database.knex('tickets').where({ contact_id: contactId, whatsapp_id: connectionId }).whereIn('status', ACTIVE).first();
    return row ? ticketRecord(row) : undefined;
  }

  private async reopenRecent(contactId: number, connectionId: number, minutes: number, groupStatus: boolean): Promise<TicketRecord | undefined> {
    if (!minutes || minutes <= 0) return undefined;
    const since = new Date(Date.now() - minutes * 60_000);
    const [row] = await this.database
      .knex('tickets')
      .whereIn(
        'id',
        this.database
          .knex('tickets')
          .where({ contact_id: contactId, whatsapp_id: connectionId, status: 'closed' })
          .where('updated_at', '>=', since)
          .orderBy('updated_at', 'desc')
          .limit(1)
          .select('id'),
      )
      .update({ status: groupStatus ? 'group' : 'pending', user_id: null, closed_at: null, updated_at: new Date() })
      .returning('*');
    return row ? ticketRecord(row) : undefined;
  }

  private async create(ctx: InboundContext, groupStatus: boolean): Promise<TicketRecord> {
    const [row] = await this.database
      .knex('tickets')
      .insert({
        company_id: ctx.connection.companyId,
        contact_id: ctx.contact!.id,
        whatsapp_id: ctx.connection.id,
        channel: ctx.connection.channel,
        is_group: ctx.contact!.isGroup,
        status: groupStatus ? 'group' : 'pending',
      })
      .returning('*');
    await this.database
      .knex('ticket_logs')
      .insert({ company_id: ctx.connection.companyId, ticket_id: row.id, type: 'create' });
    return ticketRecord(row);
  }
}

/**
 * Stores the message (and its media), moves the ticket's last message and unread counter, and tells the
 * company's clients. The (connection, external id) unique index is the last guard against a double delivery.
 */
@injectable()
export class MessageStep implements ConversationHandler {
  readonly name = 'message';
  readonly order = conversationSteps.message;

  constructor(
    @inject(Database) private readonly database: Database,
    @inject(MediaStorage) private readonly media: MediaStorage,
    @inject(RealtimeBus) private readonly realtime: RealtimeBus,
  ) {}

  async handle(ctx: InboundContext, next: () => Promise<void>): Promise<void> {
    const { event, connection } = ctx;
    const ticket = ctx.ticket!;
    const knex = this.database.knex;
    const stored = event.media
      ? await this.media.save({
          companyId: connection.companyId,
          folder: `messages/${ticket.id}`,
          fileName: `${Date.now()}-${event.media.fileName}`,
          data: event.media.data,
        })
      : undefined;
    const quoted = event.quotedExternalId
      ? await knex('messages').where({ whatsapp_id: connection.id, external_id: event.quotedExternalId }).first('id')
      : undefined;
    const body = event.body ?? '';
    const outcome = await knex.transaction(async (trx) => {
      const [message] = await trx('messages')
        .insert({
          company_id: connection.companyId,
          ticket_id: ticket.id,
          contact_id: ctx.contact!.id,
          whatsapp_id: connection.id,
          queue_id: ticket.queueId,
          external_id: event.externalId,
          body,
          from_me: event.fromMe,
          read: event.fromMe,
          media_type: event.mediaType ?? (event.media ? mediaTypeOf(event.media.mimeType) : 'chat'),
          media_url: stored?.path ?? null,
          quoted_msg_id: quoted?.id ?? null,
          is_forwarded: Boolean(event.isForwarded),
          v_card: event.vCard ?? null,
          ack: event.fromMe ? 1 : 0,
          participant: event.participant?.address ?? null,
          created_at: event.timestamp ?? new Date(),
        })
        .onConflict(['whatsapp_id', 'external_id'])
        .ignore()
        .returning('*');
      if (!message) return undefined;
      const [updated] = await trx('tickets')
        .where('id', ticket.id)
        .update({
          last_message: body || (event.media ? event.media.fileName : ''),
          from_me: event.fromMe,
          unread_messages: event.fromMe ? trx.raw('unread_messages') : trx.raw('unread_messages + 1'),
          updated_at: new Date(),
        })
        .returning('*');
      return { message, ticket: updated };
    });
    if (!outcome) return;
    ctx.messageId = outcome.message.id;
    const payload = {
      action: 'create',
      message: camelRow(outcome.message),
      ticket: { ...camelRow(outcome.ticket), contact: ctx.contact },
      contact: ctx.contact,
    };
    this.realtime.emit([rooms.company(connection.companyId), rooms.ticket(ticket.id)], 'appMessage', payload);
    this.realtime.emit(rooms.company(connection.companyId), 'ticket', { action: 'update', ticket: payload.ticket });
    await next();
  }
}

function ticketRecord(row: Record<string, any>): TicketRecord {
  return {
    id: row.id,
    uuid: row.uuid,
    companyId: row.company_id,
    status: row.status,
    contactId: row.contact_id,
    whatsappId: row.whatsapp_id,
    queueId: row.queue_id,
    userId: row.user_id,
    isGroup: row.is_group,
  };
}

/** snake_case row → the API's camelCase, for event payloads built from raw rows. */
export function camelRow(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (key === 'data') continue;
    out[key.replace(/_([a-z])/g, (_m, letter: string) => letter.toUpperCase())] = value;
  }
  return out;
}
