import { inject, injectable, type ConnectionInfo, type ContactRecord, type ContactRef, type TicketRecord } from '@switchboard/sdk';
import { isUniqueViolation } from '../../platform/database/errors.js';
import { prepared } from '../../platform/database/prepared-statement.js';
import { CompanyCache } from '../../platform/cache/company-cache.js';
import { Tenancy } from '../../platform/tenancy.js';

const ACTIVE = ['open', 'pending', 'group'];

interface TicketSettings {
  allow_group: boolean;
  group_as_ticket: string;
  time_create_new_ticket: number;
  closed_tickets_post_imported: boolean;
}

/**
 * How a ticket starts when a message needs a new one; `imported`: the message comes from a history import;
 * `newContact`: the contact was created for this message, so it has no ticket to find yet.
 */
export interface TicketStart {
  status?: 'open' | 'pending';
  userId?: number;
  queueId?: number;
  imported?: boolean;
  newContact?: boolean;
}

/**
 * The contact and ticket a conversation belongs to, shared by the inbound pipeline and the external API:
 * contacts are upserted on (company, channel, number); one active ticket per contact and connection is kept by
 * the partial unique index, and a creator that loses a race reads the winner's ticket.
 */
@injectable()
export class ConversationRecords {
  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(CompanyCache) private readonly cache: CompanyCache,
  ) {}

  /** A connection's options or queues changed (or it is gone): every node reads them afresh. */
  forgetConnection(companyId: number): Promise<void> {
    return this.cache.invalidate(companyId);
  }

  /** The connection's ticket options, cached: every inbound message needs them. */
  private ticketSettings(connection: ConnectionInfo): Promise<TicketSettings | undefined> {
    return this.cache.get(
      connection.companyId,
      `tickets:connection:${connection.id}`,
      () =>
        this.tenancy
          .of(connection.companyId)
          .table<TicketSettings>('connections')
          .where('id', connection.id)
          .first('allow_group', 'group_as_ticket', 'time_create_new_ticket', 'closed_tickets_post_imported') as Promise<
          TicketSettings | undefined
        >,
    );
  }

  /**
   * The contact of this address with its active ticket on the connection, in one query: the common case of an
   * inbound message (a known contact writing into an open conversation) needs nothing else. With `externalId`,
   * `seen` also says whether the connection already stored that message (the dedupe check, in the same query).
   */
  async lookup(
    connection: ConnectionInfo,
    address: string,
    options: { externalId?: string } = {},
  ): Promise<{ contact: ContactRecord; ticket?: TicketRecord; seen?: boolean } | undefined> {
    const scope = this.tenancy.of(connection.companyId);
    const query = scope
      .table('contacts as c')
      .leftJoin('tickets as t', (join) => {
        join.on('t.contact_id', 'c.id').andOnVal('t.whatsapp_id', connection.id).andOnIn('t.status', ACTIVE);
      })
      .where({ 'c.channel': connection.channel, 'c.number': address })
      .first(
        'c.id as contact_id',
        'c.name',
        'c.number',
        'c.channel',
        'c.is_group',
        'c.disable_bot',
        'c.active',
        't.id',
        't.uuid',
        't.status',
        't.whatsapp_id',
        't.queue_id',
        't.user_id',
        't.is_group as ticket_is_group',
        't.use_integration',
        't.integration_id',
        't.prompt_id',
        't.from_me as ticket_from_me',
      );
    if (options.externalId !== undefined) {
      query.select(
        scope.raw('exists (select 1 from messages m where m.company_id = ? and m.whatsapp_id = ? and m.external_id = ?) as seen', [
          connection.companyId,
          connection.id,
          options.externalId,
        ]),
      );
    }
    const row = await prepared(options.externalId === undefined ? 'conversation-lookup' : 'conversation-lookup-seen', query);
    if (!row) return undefined;
    const contact = contactRecord({ ...row, id: row.contact_id, company_id: connection.companyId });
    const ticket = row.id
      ? ticketRecord({ ...row, company_id: connection.companyId, contact_id: row.contact_id, is_group: row.ticket_is_group })
      : undefined;
    return { contact, ticket, ...(options.externalId !== undefined ? { seen: row.seen === true } : {}) };
  }

  async upsertContact(connection: ConnectionInfo, chat: ContactRef): Promise<ContactRecord> {
    return (await this.settleContact(connection, chat)).contact;
  }

  /** upsertContact, telling whether the contact was created (then it has no ticket yet). */
  async settleContact(connection: ConnectionInfo, chat: ContactRef): Promise<{ contact: ContactRecord; created: boolean }> {
    const scope = this.tenancy.of(connection.companyId);
    const given = chat.name?.trim() || null;
    // Every column always named, so that the statement's text is one and it is prepared once per connection.
    const upsert = scope
      .insertInto('contacts', {
        channel: connection.channel,
        number: chat.address,
        name: given ?? chat.address,
        email: chat.email ?? '',
        is_group: Boolean(chat.isGroup),
        profile_pic_url: chat.profilePicUrl || null,
        whatsapp_id: connection.id,
      })
      .onConflict(['company_id', 'channel', 'number'])
      .merge({
        // A name the contact gave beats the bare number; an agent's edit stays unless the channel sends a new one.
        name: scope.raw('coalesce(?, contacts.name)', [given]),
        whatsapp_id: connection.id,
        updated_at: new Date(),
      })
      // xmax is 0 only on a row this statement inserted (not on one the conflict updated).
      .returning([
        'id',
        'company_id',
        'name',
        'number',
        'channel',
        'is_group',
        'disable_bot',
        'active',
        scope.raw('(xmax = 0) as created'),
      ]);
    const [row] = await prepared('settle-contact', upsert);
    return { contact: contactRecord(row), created: row.created === true };
  }

  /**
   * The contact's active ticket on this connection, else (within timeCreateNewTicket) the last closed one
   * reopened, else a new one. Undefined for a group on a connection that does not take groups.
   * A history message never reopens a ticket: without an active one it goes to a ticket of its own, marked
   * imported_at, which the connection's closedTicketsPostImported makes closed from the start (and the next history
   * messages of the contact join that closed imported ticket); otherwise it stays active until POST /closedimported.
   */
  async settleTicket(
    connection: ConnectionInfo,
    contact: ContactRecord,
    initial: TicketStart = {},
  ): Promise<{ ticket: TicketRecord; created: boolean } | undefined> {
    const settings = await this.ticketSettings(connection);
    if (contact.isGroup && !settings?.allow_group) return undefined;
    const groupStatus = contact.isGroup && settings?.group_as_ticket !== 'enabled';
    const closedImport = Boolean(initial.imported && settings?.closed_tickets_post_imported);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      // A new contact's first try goes straight to the insert; a race lost there retries with every read.
      const nothingToFind = initial.newContact === true && attempt === 0;
      const active = nothingToFind ? undefined : await this.active(connection, contact.id);
      if (active) return { ticket: active, created: false };
      if (closedImport && !nothingToFind) {
        const imported = await this.closedImported(connection, contact.id);
        if (imported) return { ticket: imported, created: false };
      }
      try {
        const reopened =
          initial.imported || nothingToFind
            ? undefined
            : await this.reopenRecent(connection, contact.id, settings?.time_create_new_ticket ?? 0, groupStatus);
        if (reopened) return { ticket: reopened, created: false };
        return { ticket: await this.create(connection, contact, groupStatus, initial, closedImport), created: true };
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
    throw new Error(`Could not settle the ticket of contact ${contact.id}`);
  }

  /**
   * The active ticket of each contact on the connection, a pending one created where there is none: one read and
   * one insert for the whole set (a campaign's batch). A contact that needs more (a group, a connection that reopens
   * recent tickets, a creation raced by another message) is settled by settleTicket.
   */
  async settleTickets(connection: ConnectionInfo, contacts: ContactRecord[]): Promise<Map<number, TicketRecord>> {
    const settled = new Map<number, TicketRecord>();
    if (contacts.length === 0) return settled;
    const settings = await this.ticketSettings(connection);
    const active = (await this.tickets(connection)
      .where('whatsapp_id', connection.id)
      .whereIn('contact_id', [...new Set(contacts.map((contact) => contact.id))])
      .whereIn('status', ACTIVE)
      .select('*')) as TicketRow[];
    for (const row of active) settled.set(row.contact_id, ticketRecord(row));
    const missing = [...new Map(contacts.filter((contact) => !settled.has(contact.id)).map((contact) => [contact.id, contact])).values()];
    const plain = (settings?.time_create_new_ticket ?? 0) > 0 ? [] : missing.filter((contact) => !contact.isGroup);
    if (plain.length > 0) {
      const scope = this.tenancy.of(connection.companyId);
      const created = scope
        .insertInto(
          'tickets',
          plain.map((contact) => ({
            contact_id: contact.id,
            whatsapp_id: connection.id,
            channel: connection.channel,
            is_group: false,
            status: 'pending',
          })),
        )
        // Another message may have opened one meanwhile: that contact is settled below.
        .onConflict()
        .ignore()
        .returning('*');
      const rows = (await scope.connection
        .with('created', created)
        .with(
          'logged',
          scope.raw(`insert into ticket_logs (company_id, ticket_id, type, user_id) select company_id, id, 'create', user_id from created`),
        )
        .select('*')
        .from('created')) as TicketRow[];
      for (const row of rows) settled.set(row.contact_id, ticketRecord(row));
    }
    for (const contact of missing) {
      if (settled.has(contact.id)) continue;
      const one = await this.settleTicket(connection, contact);
      if (one) settled.set(contact.id, one.ticket);
    }
    return settled;
  }

  /** The connection's tickets (of its company). */
  private tickets(connection: ConnectionInfo) {
    return this.tenancy.of(connection.companyId).table<TicketRow & Record<string, unknown>>('tickets');
  }

  private async active(connection: ConnectionInfo, contactId: number): Promise<TicketRecord | undefined> {
    const row = await this.tickets(connection)
      .where({ contact_id: contactId, whatsapp_id: connection.id })
      .whereIn('status', ACTIVE)
      .first();
    return row ? ticketRecord(row) : undefined;
  }

  /** The latest closed ticket a history import made for the contact on this connection. */
  private async closedImported(connection: ConnectionInfo, contactId: number): Promise<TicketRecord | undefined> {
    const row = await this.tickets(connection)
      .where({ contact_id: contactId, whatsapp_id: connection.id, status: 'closed' })
      .whereNotNull('imported_at')
      .orderBy('id', 'desc')
      .first();
    return row ? ticketRecord(row) : undefined;
  }

  private async reopenRecent(
    connection: ConnectionInfo,
    contactId: number,
    minutes: number,
    groupStatus: boolean,
  ): Promise<TicketRecord | undefined> {
    if (!minutes || minutes <= 0) return undefined;
    const since = new Date(Date.now() - minutes * 60_000);
    const [row] = await this.tickets(connection)
      .whereIn(
        'id',
        this.tickets(connection)
          .where({ contact_id: contactId, whatsapp_id: connection.id, status: 'closed' })
          .where('updated_at', '>=', since)
          .orderBy('updated_at', 'desc')
          .limit(1)
          .select('id'),
      )
      .update({ status: groupStatus ? 'group' : 'pending', user_id: null, closed_at: null, updated_at: new Date() })
      .returning('*');
    return row ? ticketRecord(row) : undefined;
  }

  private async create(
    connection: ConnectionInfo,
    contact: ContactRecord,
    groupStatus: boolean,
    initial: TicketStart,
    closed = false,
  ): Promise<TicketRecord> {
    const scope = this.tenancy.of(connection.companyId);
    const now = new Date();
    const created = scope
      .insertInto('tickets', {
        contact_id: contact.id,
        whatsapp_id: connection.id,
        channel: connection.channel,
        is_group: contact.isGroup,
        status: closed ? 'closed' : groupStatus ? 'group' : (initial.status ?? 'pending'),
        user_id: initial.userId ?? null,
        queue_id: initial.queueId ?? null,
        imported_at: initial.imported ? now : null,
        closed_at: closed ? now : null,
      })
      .returning('*');
    // The ticket and its 'create' log in one statement: one round trip, and never a ticket without its log.
    const [row] = (await prepared(
      'create-ticket',
      scope.connection
        .with('created', created)
        .with(
          'logged',
          scope.raw(`insert into ticket_logs (company_id, ticket_id, type, user_id) select company_id, id, 'create', user_id from created`),
        )
        .select('*')
        .from('created'),
    )) as TicketRow[];
    return ticketRecord(row!);
  }
}

export interface ContactRow {
  id: number;
  company_id: number;
  name: string;
  number: string;
  channel: string;
  is_group: boolean;
  disable_bot: boolean;
  active: boolean;
}

/** A contacts row as the conversation steps see it. */
export function contactRecord(row: ContactRow): ContactRecord {
  return {
    id: row.id,
    companyId: row.company_id,
    name: row.name,
    number: row.number,
    channel: row.channel,
    isGroup: row.is_group,
    disableBot: row.disable_bot,
    active: row.active,
  };
}

export interface TicketRow {
  id: number;
  uuid: string;
  company_id: number;
  status: TicketRecord['status'];
  contact_id: number;
  whatsapp_id: number | null;
  queue_id: number | null;
  user_id: number | null;
  is_group: boolean;
  use_integration?: boolean;
  integration_id?: number | null;
  prompt_id?: number | null;
  /** The ticket's from_me (its latest message was ours), when read with it. */
  ticket_from_me?: boolean;
}

export function ticketRecord(row: TicketRow): TicketRecord {
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
    ...(row.use_integration === undefined
      ? {}
      : { bot: { useIntegration: row.use_integration, integrationId: row.integration_id ?? null, promptId: row.prompt_id ?? null } }),
    ...(row.ticket_from_me === undefined || row.ticket_from_me === null ? {} : { lastMessageFromMe: row.ticket_from_me }),
  };
}
