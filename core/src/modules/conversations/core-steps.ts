import { inject, injectable, conversationSteps, type ConversationHandler, type InboundContext, type TicketRecord } from '@switchboard/sdk';
import type { Knex } from 'knex';
import { MediaStorage } from '../../platform/media/media-storage.js';
import { prepared } from '../../platform/database/prepared-statement.js';
import { Tenancy } from '../../platform/tenancy.js';
import { Metrics } from '../../platform/metrics/index.js';
import { audienceOf, TicketEvents } from '../realtime/index.js';
import { ConversationRecords } from './conversation-records.js';
import { mediaTypeOf } from '../../platform/media/media-type.js';

const LOOKUP = 'conversationLookup';

/**
 * A message already stored for this connection (the channel delivered it twice) ends here. For a known contact the
 * check rides on the contact lookup, which is kept for the contact step: one query instead of two.
 */
@injectable()
export class DedupeStep implements ConversationHandler {
  readonly name = 'dedupe';
  readonly order = conversationSteps.dedupe;

  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(ConversationRecords) private readonly records: ConversationRecords,
  ) {}

  async handle(ctx: InboundContext, next: () => Promise<void>): Promise<void> {
    const { connection, event } = ctx;
    const known = await this.records.lookup(connection, event.chat.address, { externalId: event.externalId });
    const seen = known
      ? known.seen
      : await this.tenancy
          .of(connection.companyId)
          .table('messages')
          .where({ whatsapp_id: connection.id, external_id: event.externalId })
          .first('id');
    if (seen) return;
    ctx.state[LOOKUP] = { known };
    await next();
  }
}

/** The conversation's contact (or group), created on first contact, its name kept up to date. */
@injectable()
export class ContactStep implements ConversationHandler {
  readonly name = 'contact';
  readonly order = conversationSteps.contact;

  constructor(@inject(ConversationRecords) private readonly records: ConversationRecords) {}

  async handle(ctx: InboundContext, next: () => Promise<void>): Promise<void> {
    const { chat } = ctx.event;
    // The dedupe step's lookup when it ran (and found what it found), else a lookup of our own.
    const done = ctx.state[LOOKUP] as { known: Awaited<ReturnType<ConversationRecords['lookup']>> } | undefined;
    const known = done ? done.known : await this.records.lookup(ctx.connection, chat.address);
    const renamed = Boolean(chat.name?.trim()) && chat.name!.trim() !== known?.contact.name;
    if (known && !renamed) {
      ctx.contact = known.contact;
      // Handed to the ticket step, which then needs no query of its own.
      if (known.ticket) ctx.state.activeTicket = known.ticket;
    } else {
      const settled = await this.records.settleContact(ctx.connection, chat);
      ctx.contact = settled.contact;
      // Created for this message: it has no ticket of any status, which later steps need not look for.
      if (settled.created) ctx.state.newContact = true;
    }
    await next();
  }
}

/** The ticket the message belongs to (see ConversationRecords.settleTicket); ignored groups end here. */
@injectable()
export class TicketStep implements ConversationHandler {
  readonly name = 'ticket';
  readonly order = conversationSteps.ticket;

  constructor(@inject(ConversationRecords) private readonly records: ConversationRecords) {}

  async handle(ctx: InboundContext, next: () => Promise<void>): Promise<void> {
    const active = ctx.state.activeTicket as TicketRecord | undefined;
    if (active) {
      ctx.ticket = active;
      ctx.ticketCreated = false;
      return next();
    }
    const settled = await this.records.settleTicket(ctx.connection, ctx.contact!, {
      ...(ctx.event.history ? { imported: true } : {}),
      newContact: ctx.state.newContact === true,
    });
    if (!settled) return;
    ctx.ticket = settled.ticket;
    ctx.ticketCreated = settled.created;
    await next();
  }
}

/**
 * Stores the message (and its media), moves the ticket's last message and unread counter, and tells the
 * company's clients. The (connection, external id) unique index is the last guard against a double delivery.
 * A history message (an import) is stored read, counts nothing unread, moves the ticket's last message only when
 * it is the newest there, tells no client (the import's progress and its final refresh do) and ends the chain:
 * no routing step runs for the past.
 */
@injectable()
export class MessageStep implements ConversationHandler {
  readonly name = 'message';
  readonly order = conversationSteps.message;

  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(MediaStorage) private readonly media: MediaStorage,
    @inject(TicketEvents) private readonly events: TicketEvents,
    @inject(Metrics) private readonly metrics: Metrics,
  ) {}

  async handle(ctx: InboundContext, next: () => Promise<void>): Promise<void> {
    const { event, connection } = ctx;
    const ticket = ctx.ticket!;
    const scope = this.tenancy.of(connection.companyId);
    const stored = event.media
      ? await this.media.save({
          companyId: connection.companyId,
          folder: `messages/${ticket.id}`,
          fileName: `${Date.now()}-${event.media.fileName}`,
          data: event.media.data,
        })
      : undefined;
    const quoted = event.quotedExternalId
      ? ((await scope.table('messages').where({ whatsapp_id: connection.id, external_id: event.quotedExternalId }).first('id')) as
          { id: number } | undefined)
      : undefined;
    const body = event.body ?? '';
    const message = {
      company_id: connection.companyId,
      ticket_id: ticket.id,
      contact_id: ctx.contact!.id,
      whatsapp_id: connection.id,
      queue_id: ticket.queueId,
      external_id: event.externalId,
      body,
      from_me: event.fromMe,
      read: event.fromMe || Boolean(event.history),
      media_type: event.mediaType ?? (event.media ? mediaTypeOf(event.media.mimeType) : 'chat'),
      media_url: stored?.path ?? null,
      quoted_msg_id: quoted?.id ?? null,
      is_forwarded: Boolean(event.isForwarded),
      v_card: event.vCard ?? null,
      ack: event.fromMe ? 1 : 0,
      participant: event.participant?.address ?? null,
      participant_name: event.participant?.name ?? null,
      created_at: event.timestamp ?? new Date(),
    };
    const columns = Object.keys(message);
    // A history message older than what the ticket holds leaves the ticket as it is.
    const newest = event.history
      ? 'and not exists (select 1 from messages m where m.company_id = ? and m.ticket_id = ? and m.created_at > (select created_at from inserted))'
      : '';
    // One statement stores the message and moves its ticket (atomic without a transaction round trip); a message
    // the unique index already holds changes nothing. Each table it reaches carries the company.
    const knex: Knex = scope.connection;
    const statement = knex.raw(
      `with inserted as (
         insert into messages (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})
         on conflict (whatsapp_id, external_id) do nothing
         returning *
       ), touched as (
         update tickets set last_message = ?, last_message_type = ?, from_me = ?, unread_messages = unread_messages + ?, updated_at = now()
          where company_id = ? and id = ? and exists (select 1 from inserted) ${newest}
         returning *
       )
       select row_to_json(inserted) as message, (select row_to_json(touched) from touched) as ticket from inserted`,
      [
        ...Object.values(message),
        body || (event.media ? event.media.fileName : ''),
        message.media_type,
        event.fromMe,
        event.fromMe || event.history ? 0 : 1,
        connection.companyId,
        ticket.id,
        ...(event.history ? [connection.companyId, ticket.id] : []),
      ],
    );
    const result = await prepared(event.history ? 'store-history-message' : 'store-inbound-message', statement);
    type Stored = Record<string, unknown> & { id: number };
    type Touched = Record<string, unknown> & {
      id: number;
      company_id: number;
      status: string;
      queue_id: number | null;
      user_id: number | null;
    };
    const row = (result as { rows: { message: Stored | string; ticket: Touched | string }[] }).rows[0];
    const outcome = row && { message: parseJsonColumn(row.message), ticket: parseJsonColumn(row.ticket) };
    if (!outcome) return;
    ctx.messageId = outcome.message.id;
    if (event.history) return;
    if (!event.fromMe) this.metrics.messageReceived(connection.channel);
    const payload = {
      action: 'create',
      message: camelRow(outcome.message),
      ticket: { ...camelRow(outcome.ticket), contact: ctx.contact },
      contact: ctx.contact,
    };
    // One event, not two: the message's event carries the ticket it changed, and clients read it as that ticket's
    // update (web/src/app/realtime.ts). A second broadcast per message doubled the fan-out at a thousand agents.
    this.events.message(audienceOf(outcome.ticket), payload);
    await next();
  }
}

/** row_to_json answers an object from pg and may answer text elsewhere. */
function parseJsonColumn<T extends Record<string, unknown>>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

/** snake_case row → the API's camelCase, for event payloads built from raw rows. */
export function camelRow(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key in row) {
    if (key !== 'data') out[camelName(key)] = row[key];
  }
  return out;
}

/** Each column's camelCase name, worked out once: every stored message converts the same few dozen columns. */
const camelNames = new Map<string, string>();
function camelName(column: string): string {
  let name = camelNames.get(column);
  if (name === undefined) camelNames.set(column, (name = column.replace(/_([a-z])/g, (_m, letter: string) => letter.toUpperCase())));
  return name;
}
