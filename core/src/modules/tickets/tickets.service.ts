import { inject, injectable } from '@switchboard/sdk';
import { CompanySettings } from '../settings/index.js';
import type { Knex } from 'knex';
import { isAdmin, type AuthContext } from '../../platform/auth/auth-context.js';
import { Clock } from '../../platform/clock.js';
import type { TenantScope } from '../../platform/database/model.js';
import { AppError } from '../../platform/http/app-error.js';
import { Tenancy } from '../../platform/tenancy.js';
import { Logger } from '../../platform/tokens.js';
import { ContactModel } from '../contacts/index.js';
import { ConnectionModel } from '../connections/index.js';
import { TicketEvents } from '../realtime/index.js';
import { isWithinWorkingHours } from '../users/index.js';
import { TicketModel } from './ticket.model.js';
import { TicketTransitionListeners, type TicketTransition, type TicketTransitionListener } from './ticket-lifecycle.js';
import { TicketLogs } from './ticket-logs.js';
import { inQueues, notOtherAgents, TICKET_NOT_FOUND, TicketSearch } from './ticket-search.service.js';
import { planTransition } from './ticket-transitions.js';
import { TicketViews, type TicketView } from './ticket-views.js';
import { activeStatuses, type CloseAllInput, type CreateTicketInput, type UpdateTicketInput } from './tickets.schema.js';

/** The unique index that allows one active ticket per (contact, connection) (migration 0006). */
const ONE_ACTIVE_INDEX = 'tickets_one_active_per_contact';

/** The company options this area reads (spec 2 §3): requiredTag, sendGreetingAccepted, sendMsgTransfTicket, sendFarewellWaitingTicket. */

interface ClosedRow {
  id: number;
  status: string;
  queue_id: number | null;
  user_id: number | null;
  is_group: boolean;
  contact_id: number;
  whatsapp_id: number | null;
}

/** The holder of an active ticket, as the ERR_OTHER_OPEN_TICKET conflict names it (spec 1 §8). */
export interface OpenTicketHolder {
  id: number;
  uuid: string;
  status: string;
  user: { id: number; name: string } | null;
  queue: { id: number; name: string } | null;
}

/**
 * Creating, changing, closing and deleting tickets (spec 1 §4, §7). Every change of status, owner or queue writes
 * the ticket log and is announced to the company room as a `ticket` event.
 */
@injectable()
export class TicketsService {
  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(TicketSearch) private readonly search: TicketSearch,
    @inject(TicketViews) private readonly views: TicketViews,
    @inject(TicketLogs) private readonly logs: TicketLogs,
    @inject(TicketEvents) private readonly events: TicketEvents,
    @inject(Logger) private readonly logger: Logger,
    @inject(TicketTransitionListeners) private readonly listeners: TicketTransitionListener[],
    @inject(Clock) private readonly clock: Clock,
    @inject(CompanySettings) private readonly companySettings: CompanySettings,
  ) {}

  /**
   * POST /tickets. One active ticket per (contact, connection): an existing one answers 409 ERR_OTHER_OPEN_TICKET
   * naming its holder. The pre-check gives the answer in the common case; the partial unique index decides races.
   */
  async create(options: { auth: AuthContext; input: CreateTicketInput }): Promise<TicketView> {
    const { auth, input } = options;
    const companyId = auth.companyId;
    const scope = this.tenancy.of(companyId);
    if (!input.queueId && !isAdmin(auth)) {
      throw new AppError('ERR_VALIDATION', 400, { message: 'Selecione uma fila', fields: { queueId: 'Selecione uma fila' } });
    }
    const contact = await scope.findOrFail<ContactModel>(ContactModel, input.contactId, 'ERR_NO_CONTACT_FOUND');
    if (input.queueId) await this.assertQueue(companyId, input.queueId);
    if (input.userId) await this.assertUser(companyId, input.userId);
    const connection = await this.connectionFor(scope, input.whatsappId ?? null, contact);

    const liveStatus = contact.isGroup ? 'group' : 'open';
    const requested = input.status ?? (input.userId === null ? 'pending' : 'open');
    const status = requested === 'pending' ? 'pending' : liveStatus;
    const userId = input.userId !== undefined && input.userId !== null ? input.userId : status === 'pending' ? null : auth.userId;

    const holder = await this.activeTicketOf(companyId, contact.id, connection.id);
    if (holder) throw otherOpenTicket(holder);

    const created = await this.translateConflict(companyId, contact.id, connection.id, undefined, () =>
      this.tenancy.transaction(companyId, async (trx) => {
        const ticket = await trx.insert<TicketModel>(TicketModel, {
          contactId: contact.id,
          whatsappId: connection.id,
          channel: connection.channel,
          isGroup: contact.isGroup,
          status: status as TicketModel['status'],
          userId,
          queueId: input.queueId ?? null,
        });
        await this.logs.write(trx.connection, companyId, [
          { ticketId: ticket.id, type: 'create', userId: auth.userId, queueId: ticket.queueId },
        ]);
        return ticket;
      }),
    );
    const view = await this.views.presentOne(companyId, created);
    this.events.ticketChanged(created, { action: 'update', ticket: view });
    return view;
  }

  /** PUT /tickets/:id: the transitions of spec 1 §4 and the bot/integration fields. */
  async update(options: { auth: AuthContext; ticketId: number; input: UpdateTicketInput }): Promise<TicketView> {
    const { auth, ticketId, input } = options;
    const companyId = auth.companyId;
    const visible = await this.search.visibleTicket(auth, ticketId);
    if (input.userId) await this.assertUser(companyId, input.userId);
    if (input.queueId) await this.assertQueue(companyId, input.queueId);
    if (input.promptId) await this.assertOwned(companyId, 'prompts', input.promptId, 'ERR_NO_PROMPT_FOUND');
    if (input.integrationId) await this.assertOwned(companyId, 'queue_integrations', input.integrationId, 'ERR_NO_INTEGRATION_FOUND');
    const settings = await this.companySettings.read(companyId);

    const outcome = await this.translateConflict(companyId, visible.contactId, visible.whatsappId, ticketId, () =>
      this.tenancy.transaction(companyId, async (trx) => {
        const before = await trx.query<TicketModel>(TicketModel).findById(ticketId).forUpdate();
        if (!before) throw AppError.notFound(TICKET_NOT_FOUND);
        const plan = planTransition(before, input, auth.userId);
        if (plan.kind === 'accept') await this.assertAtWork(auth, trx.connection);
        if (plan.kind === 'reopen' && activeStatuses.includes(plan.status as (typeof activeStatuses)[number])) {
          const holder = await this.activeTicketOf(companyId, before.contactId, before.whatsappId, before.id, trx);
          if (holder) throw otherOpenTicket(holder);
        }
        if (plan.kind === 'resolve' && settings.requiredTag && (before.status === 'open' || before.status === 'group')) {
          await this.assertTagged(trx, before);
        }

        const patch: Partial<TicketModel> = { status: plan.status as TicketModel['status'], userId: plan.userId, queueId: plan.queueId };
        if (plan.kind === 'resolve') patch.closedAt = new Date();
        if (plan.kind === 'reopen') patch.closedAt = null;
        if (input.useIntegration !== undefined) patch.useIntegration = input.useIntegration;
        if (input.integrationId !== undefined) patch.integrationId = input.integrationId;
        if (input.promptId !== undefined) patch.promptId = input.promptId;
        if (input.amountUsedBotQueues !== undefined) patch.amountUsedBotQueues = input.amountUsedBotQueues;
        // The caller takes the conversation: what the contact wrote is now read.
        const readsMessages =
          before.unreadMessages > 0 && plan.userId === auth.userId && (plan.status === 'open' || plan.status === 'group');
        if (readsMessages) {
          patch.unreadMessages = 0;
          await trx
            .connection('messages')
            .where({ company_id: companyId, ticket_id: ticketId, read: false, from_me: false })
            .update({ read: true, updated_at: new Date() });
        }
        const after = await trx.query<TicketModel>(TicketModel).patchAndFetchById(ticketId, patch);
        if (plan.kind === 'resolve' && input.userRating) {
          await trx.connection('user_ratings').insert({
            company_id: companyId,
            ticket_id: ticketId,
            user_id: before.userId ?? auth.userId,
            rate: input.userRating,
          });
        }
        await this.logs.write(
          trx.connection,
          companyId,
          plan.logs.map((entry) => ({ ...entry, ticketId })),
        );
        return { before, after, plan, readsMessages };
      }),
    );

    const { before, after, plan } = outcome;
    const view = await this.views.presentOne(companyId, after);
    // Sockets that saw it before but may not now (another owner, another queue) are told it left their lists.
    this.events.ticketChanged(after, { action: 'update', ticket: view }, before);
    if (outcome.readsMessages) this.events.ticketChanged(after, { action: 'updateUnread', ticketId });
    await this.tellListeners({
      companyId,
      ticketId,
      kind: plan.kind,
      before: { status: before.status, userId: before.userId, queueId: before.queueId },
      after: {
        status: after.status,
        userId: after.userId,
        queueId: after.queueId,
        contactId: after.contactId,
        whatsappId: after.whatsappId,
        isGroup: after.isGroup,
      },
      actorUserId: auth.userId,
      quiet: input.sendFarewellMessage === false,
      agentRated: input.userRating !== undefined,
    });
    return view;
  }

  /** DELETE /tickets/:id (admins: ticket-options:deleteTicket); messages, log and notes go with it. */
  async remove(options: { auth: AuthContext; ticketId: number }): Promise<void> {
    const { auth, ticketId } = options;
    if (!isAdmin(auth)) throw AppError.forbidden();
    const scope = this.tenancy.of(auth.companyId);
    // returning: the removed row feeds the deletion event (and is how a missing ticket shows, see deletedRows).
    const deleted = (await scope
      .query<TicketModel>(TicketModel)
      .where('tickets.id', ticketId)
      .delete()
      .returning(['id', 'company_id', 'status', 'queue_id', 'user_id'])) as unknown as TicketModel[];
    if (deleted.length === 0) throw AppError.notFound(TICKET_NOT_FOUND);
    this.events.ticketDeleted(deleted[0]!);
  }

  /**
   * POST /tickets/closeAll (admins): closes the company's tickets of one live status (default all live statuses)
   * that the admin's list shows: the chosen queues (id 0 for 'no queue') and, without showAll, no other agent's. No farewell; one 'closed' log
   * row per ticket.
   */
  async closeAll(options: { auth: AuthContext; input: CloseAllInput }): Promise<{ count: number; ticketIds: number[] }> {
    const { auth, input } = options;
    if (!isAdmin(auth)) throw AppError.forbidden();
    const companyId = auth.companyId;
    const closed = await this.tenancy.transaction(companyId, async (trx) => {
      const query = trx.table('tickets').whereIn('tickets.status', input.status ? [input.status] : [...activeStatuses]);
      // The tickets the tab shows: the chosen queues, and without showAll only the admin's own and unassigned ones.
      if (input.queueIds && input.queueIds.length > 0) query.where(inQueues('tickets', input.queueIds));
      if (input.showAll !== true) query.where(notOtherAgents('tickets', auth.userId));
      const now = new Date();
      // Read (and lock) first: the listeners are told the status each ticket had.
      const rows: ClosedRow[] = await query
        .forUpdate()
        .select('id', 'status', 'queue_id', 'user_id', 'is_group', 'contact_id', 'whatsapp_id');
      await trx
        .connection('tickets')
        .whereIn(
          'id',
          rows.map((row) => row.id),
        )
        .update({ status: 'closed', closed_at: now, updated_at: now });
      await this.logs.write(
        trx.connection,
        companyId,
        rows.map((row) => ({ ticketId: row.id, type: 'closed' as const, userId: auth.userId, queueId: row.queue_id })),
      );
      return rows;
    });
    const ticketIds = closed.map((row) => row.id).sort((a, b) => a - b);
    for (const row of closed) {
      await this.tellListeners({
        companyId,
        ticketId: row.id,
        kind: 'resolve',
        before: { status: row.status, userId: row.user_id, queueId: row.queue_id },
        after: {
          status: 'closed',
          userId: row.user_id,
          queueId: row.queue_id,
          contactId: row.contact_id,
          whatsappId: row.whatsapp_id,
          isGroup: row.is_group,
        },
        actorUserId: auth.userId,
        quiet: true,
        agentRated: false,
      });
      // Closed from open, pending or group: reach whoever could see it in the state it left.
      this.events.ticketDeleted({
        id: row.id,
        companyId,
        status: row.status,
        queueId: row.queue_id,
        userId: row.user_id,
      });
    }
    return { count: ticketIds.length, ticketIds };
  }

  // --- helpers ---

  private async tellListeners(transition: TicketTransition): Promise<void> {
    for (const listener of this.listeners) {
      try {
        await listener.afterTransition(transition);
      } catch (error) {
        this.logger.warn({ err: error, listener: listener.name, ticketId: transition.ticketId }, 'ticket transition listener failed');
      }
    }
  }

  /** The active ticket of a contact on a connection (optionally other than `exceptId`), with its holder. */
  private async activeTicketOf(
    companyId: number,
    contactId: number,
    connectionId: number | null,
    exceptId?: number,
    scope: TenantScope = this.tenancy.of(companyId),
  ): Promise<OpenTicketHolder | undefined> {
    const query = scope
      .table('tickets as t')
      .leftJoin('users as u', 'u.id', 't.user_id')
      .leftJoin('queues as q', 'q.id', 't.queue_id')
      .where('t.contact_id', contactId)
      .whereIn('t.status', [...activeStatuses]);
    if (connectionId === null) query.whereNull('t.whatsapp_id');
    else query.where('t.whatsapp_id', connectionId);
    if (exceptId) query.whereNot('t.id', exceptId);
    const row = await query
      .orderBy('t.id')
      .first('t.id', 't.uuid', 't.status', 'u.id as user_id', 'u.name as user_name', 'q.id as queue_id', 'q.name as queue_name');
    if (!row) return undefined;
    return {
      id: row.id,
      uuid: row.uuid,
      status: row.status,
      user: row.user_id ? { id: row.user_id, name: row.user_name } : null,
      queue: row.queue_id ? { id: row.queue_id, name: row.queue_name } : null,
    };
  }

  /** Runs work that may hit the one-active-ticket index; a violation answers the conflict with its holder. */
  private async translateConflict<T>(
    companyId: number,
    contactId: number,
    connectionId: number | null,
    exceptId: number | undefined,
    work: () => Promise<T>,
  ): Promise<T> {
    try {
      return await work();
    } catch (error) {
      const failure = error as { name?: string; code?: string; constraint?: string; message?: string; nativeError?: { code?: string } };
      const unique = failure.name === 'UniqueViolationError' || (failure.code ?? failure.nativeError?.code) === '23505';
      if (!unique || !`${failure.constraint ?? ''} ${failure.message ?? ''}`.includes(ONE_ACTIVE_INDEX)) throw error;
      const holder = await this.activeTicketOf(companyId, contactId, connectionId, exceptId);
      if (!holder) throw new AppError('ERR_OTHER_OPEN_TICKET', 409);
      throw otherOpenTicket(holder);
    }
  }

  /**
   * The connection of a new ticket: the one asked for, else the contact's, else the company's default among the
   * connections of the contact's channel. A contact lives on one channel (a phone number, a page's user, a website
   * visitor): a connection of another channel could never deliver, so it is refused up front (400
   * ERR_CONNECTION_CANNOT_REACH_CONTACT) instead of leaving a message pending forever.
   */
  private async connectionFor(scope: TenantScope, requestedId: number | null, contact: ContactModel): Promise<ConnectionModel> {
    if (requestedId) {
      const chosen = await scope.findOrFail<ConnectionModel>(ConnectionModel, requestedId, 'ERR_NO_WAPP_FOUND');
      if (chosen.channel !== contact.channel) throw cannotReach(contact.channel, chosen.channel);
      return chosen;
    }
    if (contact.whatsappId) {
      const own = await scope.query<ConnectionModel>(ConnectionModel).findById(contact.whatsappId);
      if (own && own.channel === contact.channel) return own;
    }
    const fallback = await scope
      .query<ConnectionModel>(ConnectionModel)
      .orderByRaw('connections.channel = ? desc', [contact.channel])
      .orderBy('connections.is_default', 'desc')
      .orderBy('connections.id')
      .first();
    if (!fallback) throw AppError.notFound('ERR_NO_DEF_WAPP_FOUND');
    if (fallback.channel !== contact.channel) throw cannotReach(contact.channel, fallback.channel);
    return fallback;
  }

  private async assertQueue(companyId: number, queueId: number): Promise<void> {
    await this.assertOwned(companyId, 'queues', queueId, 'ERR_NO_QUEUE_FOUND');
  }

  private async assertUser(companyId: number, userId: number): Promise<void> {
    await this.assertOwned(companyId, 'users', userId, 'ERR_NO_USER_FOUND');
  }

  private async assertOwned(companyId: number, table: string, id: number, code: string): Promise<void> {
    const row = await this.tenancy.of(companyId).table(table).where('id', id).first('id');
    if (!row) throw AppError.notFound(code);
  }

  /** A user (profile 'user') accepts tickets only within startWork..endWork in the company's timezone (403). */
  private async assertAtWork(auth: AuthContext, connection: Knex | Knex.Transaction): Promise<void> {
    if (auth.profile !== 'user') return;
    const row = await connection('users as u')
      .join('companies as c', 'c.id', 'u.company_id')
      .where('u.id', auth.userId)
      .first('u.start_work', 'u.end_work', 'c.timezone');
    const user = { profile: auth.profile, startWork: row?.start_work ?? null, endWork: row?.end_work ?? null };
    if (!isWithinWorkingHours(user, this.clock.now(), row?.timezone ?? '')) throw AppError.forbidden('ERR_OUT_OF_HOURS');
  }

  /**
   * requiredTag: a ticket is resolved only when tagged. Spec 1 §4 names the contact's tags; the drawer tags the
   * ticket (spec 1 §3), so a tag on either counts.
   */
  private async assertTagged(trx: TenantScope, ticket: TicketModel): Promise<void> {
    const tagged =
      (await trx.table('ticket_tags').where('ticket_id', ticket.id).first('tag_id')) ??
      (await trx.table('contact_tags').where('contact_id', ticket.contactId).first('tag_id'));
    if (!tagged) throw new AppError('ERR_REQUIRED_TAG', 400, { message: 'messagesList.header.buttons.requiredTag' });
  }
}

/** 400 ERR_CONNECTION_CANNOT_REACH_CONTACT: the connection's channel is not the contact's. */
function cannotReach(contactChannel: string, connectionChannel: string): AppError {
  const message = `A conexão (${connectionChannel}) não alcança este contato (${contactChannel}): escolha uma conexão do canal do contato.`;
  return new AppError('ERR_CONNECTION_CANNOT_REACH_CONTACT', 400, { message, fields: { whatsappId: message } });
}

/** 409 ERR_OTHER_OPEN_TICKET: the message is the JSON string of the holder (spec 1 §8), also given as `ticket`. */
export function otherOpenTicket(holder: OpenTicketHolder): AppError {
  const named = { id: holder.id, uuid: holder.uuid, user: holder.user, queue: holder.queue };
  return new AppError('ERR_OTHER_OPEN_TICKET', 409, {
    message: JSON.stringify(named),
    extra: { ticket: { ...named, status: holder.status } },
  });
}
