import { inject, injectable } from '@switchboard/sdk';
import type { QueryBuilder } from 'objection';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import { containsPattern } from '../../platform/database/like-pattern.js';
import { AppError } from '../../platform/http/app-error.js';
import { Tenancy } from '../../platform/tenancy.js';
import { TicketModel } from './ticket.model.js';
import { TicketLogs, type TicketLogView } from './ticket-logs.js';
import { TicketViews, type TicketView } from './ticket-views.js';
import { TicketVisibility, visibilityPredicate, type TicketViewer } from './ticket-visibility.js';
import { TICKETS_PAGE_SIZE, ticketUuid, type ListTicketsQuery } from './tickets.schema.js';

export const TICKET_NOT_FOUND = 'ERR_NO_TICKET_FOUND';

/** Search matches listed by id; more stay a filter of the activity-ordered walk (see matching). */
const SEARCH_ID_LIMIT = 1000;

/** The lists whose tabs show a count. */
const COUNTED_STATUSES = new Set(['open', 'pending', 'group']);

/** The part of a knex or objection builder the list conditions below use, so both kinds of query share them. */
interface Conditions {
  where(column: string, value: unknown): Conditions;
  whereIn(column: string, values: number[]): Conditions;
  orWhere(column: string, value: unknown): Conditions;
  orWhereNull(column: string): Conditions;
}

/**
 * The queue selection of a list (`queueIds`): tickets in those queues, and tickets without a queue only when the
 * selection names 'no queue' (id 0, as the queue selector sends it). Whether the caller may see unqueued tickets at
 * all stays the visibility rule's business (allTicket).
 */
export function inQueues(alias: string, queueIds: number[]) {
  const ids = queueIds.filter((id) => id > 0);
  const unqueued = queueIds.includes(0);
  return (q: Conditions): void => {
    q.whereIn(`${alias}.queue_id`, ids);
    if (unqueued) q.orWhereNull(`${alias}.queue_id`);
  };
}

/**
 * An admin's lists without showAll (spec 1 §6, "seeing all tickets" is what showAll adds): their own tickets,
 * unassigned ones and groups, never a ticket another agent holds.
 */
export function notOtherAgents(alias: string, userId: number) {
  return (q: Conditions): void => {
    q.where(`${alias}.user_id`, userId).orWhereNull(`${alias}.user_id`).orWhere(`${alias}.status`, 'group');
  };
}

/**
 * Reading tickets: the list of the ticket area and single tickets, always through the visibility rule of spec 1 §6
 * applied in the query (a ticket the caller may not see is not found, like another company's).
 */
@injectable()
export class TicketSearch {
  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(TicketVisibility) private readonly visibility: TicketVisibility,
    @inject(TicketViews) private readonly views: TicketViews,
    @inject(TicketLogs) private readonly logs: TicketLogs,
  ) {}

  /** GET /tickets: one page of 40, newest activity first. */
  async list(options: {
    auth: AuthContext;
    filters: ListTicketsQuery;
    pageNumber: number;
  }): Promise<{ tickets: TicketView[]; count?: number; hasMore: boolean }> {
    const { auth, filters } = options;
    const viewer = await this.visibility.viewer(auth);
    const query = this.visibleTickets(viewer);
    const search = filters.searchParam?.trim();

    // showAll (admins only, tickets-manager:showall) is "seeing all tickets" (spec 1 §6): without it an admin's lists
    // hold what an agent's would (their own tickets, unassigned ones and groups), never another agent's; a search
    // text or the admin's users filter looks across owners. Outside search showAll also drops the queue selection.
    // A non-admin never uses it.
    const showAll = viewer.admin && filters.showAll === true && !search;
    const userIds = [...(filters.users ?? []), ...(filters.userFilter ?? [])];
    if (viewer.admin && filters.showAll !== true && !search && userIds.length === 0) {
      query.where(notOtherAgents('tickets', viewer.userId));
    }
    if (filters.queueIds && filters.queueIds.length > 0 && !showAll) query.where(inQueues('tickets', filters.queueIds));
    if (filters.status) query.where('tickets.status', filters.status);
    if (filters.statusFilter && filters.statusFilter.length > 0) query.whereIn('tickets.status', filters.statusFilter);
    if (userIds.length > 0) query.whereIn('tickets.user_id', userIds);
    const connectionIds = [...(filters.whatsapps ?? []), ...(filters.whatsappIds ?? [])];
    if (connectionIds.length > 0) query.whereIn('tickets.whatsapp_id', connectionIds);
    if (filters.tags && filters.tags.length > 0) {
      query.whereRaw(
        `exists (select 1 from ticket_tags tt where tt.ticket_id = tickets.id and tt.tag_id in (${filters.tags.map(() => '?').join(', ')}))`,
        filters.tags,
      );
    }
    if (filters.withUnreadMessages) query.where('tickets.unread_messages', '>', 0);
    if (filters.date || filters.updatedAt) {
      const timezone = await this.timezone(auth.companyId);
      if (filters.date) this.onDay(query, 'tickets.created_at', filters.date, timezone);
      if (filters.updatedAt) this.onDay(query, 'tickets.updated_at', filters.updatedAt, timezone);
    }
    if (search) await this.matching(query, auth.companyId, search);

    // One row more than a page says whether another follows. The exact count is the open tab's badges' alone
    // (spec 1 §2: assigned, pending and groups), so only their first page pays for it.
    const offset = (options.pageNumber - 1) * TICKETS_PAGE_SIZE;
    const counted = !search && options.pageNumber === 1 && COUNTED_STATUSES.has(filters.status ?? '');
    const [rows, count] = await Promise.all([
      query
        .clone()
        .orderBy('tickets.updated_at', 'desc')
        .orderBy('tickets.id', 'desc')
        .limit(TICKETS_PAGE_SIZE + 1)
        .offset(offset),
      counted ? query.clone().resultSize() : undefined,
    ]);
    const hasMore = rows.length > TICKETS_PAGE_SIZE;
    const tickets = await this.views.present(auth.companyId, rows.slice(0, TICKETS_PAGE_SIZE));
    return count === undefined ? { tickets, hasMore } : { tickets, count, hasMore };
  }

  /**
   * Narrows a list to the tickets of a matching contact (trigram indexes on contacts), with a matching message body
   * (trigram index on messages) or with the searched protocol (unique index), as one id set: an OR of sub-selects
   * would scan every ticket. A few matches are listed by id; past SEARCH_ID_LIMIT the set stays a hashed filter (`is true` keeps the planner from turning it into
   * a join) over the tickets walked newest activity first, which stops once the page is full.
   */
  private async matching(query: QueryBuilder<TicketModel, TicketModel[]>, companyId: number, search: string): Promise<void> {
    const pattern = containsPattern(search);
    const matches = (union: string) => `select m.ticket_id as id from messages m where m.company_id = ? and m.body ilike ?
      ${union} select st.id from tickets st where st.company_id = ? and st.contact_id in
        (select c.id from contacts c where c.company_id = ? and (c.name ilike ? or c.number ilike ?))
      ${union} select pt.id from tickets pt where pt.company_id = ? and pt.protocol = ?`;
    const bindings = [companyId, pattern, companyId, companyId, pattern, pattern, companyId, search];
    // union all streams, so the probe stops at the limit; a ticket with several matching messages repeats.
    const found = await this.tenancy.of(companyId).raw(`${matches('union all')} limit ?`, [...bindings, SEARCH_ID_LIMIT + 1]);
    const rows = found.rows as { id: number }[];
    if (rows.length <= SEARCH_ID_LIMIT) query.whereIn('tickets.id', [...new Set(rows.map((row) => row.id))]);
    else query.whereRaw(`(tickets.id in (${matches('union')})) is true`, bindings);
  }

  /** GET /tickets/u/:uuid. */
  async showByUuid(options: { auth: AuthContext; uuid: string }): Promise<TicketView> {
    if (!ticketUuid.test(options.uuid)) throw AppError.notFound(TICKET_NOT_FOUND);
    const ticket = await this.findVisible(options.auth, (q) => q.where('tickets.uuid', options.uuid.toLowerCase()));
    return this.views.presentOne(options.auth.companyId, ticket);
  }

  /** GET /tickets/:id. */
  async show(options: { auth: AuthContext; ticketId: number }): Promise<TicketView> {
    const ticket = await this.visibleTicket(options.auth, options.ticketId);
    return this.views.presentOne(options.auth.companyId, ticket);
  }

  /** GET /tickets-log/:ticketId: the log of a ticket the caller may see, newest first. */
  async log(options: { auth: AuthContext; ticketId: number }): Promise<TicketLogView[]> {
    const ticket = await this.visibleTicket(options.auth, options.ticketId);
    return this.logs.list(options.auth.companyId, ticket.id);
  }

  /** The ticket if the caller may see it, else 404 ERR_NO_TICKET_FOUND. */
  visibleTicket(auth: AuthContext, ticketId: number): Promise<TicketModel> {
    return this.findVisible(auth, (q) => q.where('tickets.id', ticketId));
  }

  /** The company's tickets the viewer may see. */
  visibleTickets(viewer: TicketViewer): QueryBuilder<TicketModel, TicketModel[]> {
    const query = this.tenancy.of(viewer.companyId).query<TicketModel>(TicketModel);
    const predicate = visibilityPredicate(viewer, 'tickets');
    if (predicate) query.whereRaw(predicate.sql, predicate.bindings);
    return query;
  }

  private async findVisible(auth: AuthContext, narrow: (query: QueryBuilder<TicketModel, TicketModel[]>) => void): Promise<TicketModel> {
    const query = this.visibleTickets(await this.visibility.viewer(auth));
    narrow(query);
    const ticket = await query.first();
    if (!ticket) throw AppError.notFound(TICKET_NOT_FOUND);
    return ticket;
  }

  private onDay(query: QueryBuilder<TicketModel, TicketModel[]>, column: string, day: string, timezone: string): void {
    query.whereRaw(`${column} >= (?::date)::timestamp at time zone ? and ${column} < ((?::date) + 1)::timestamp at time zone ?`, [
      day,
      timezone,
      day,
      timezone,
    ]);
  }

  private async timezone(companyId: number): Promise<string> {
    // The company's own row (companies has no company_id column).
    const row = await this.tenancy.of(companyId).connection('companies').where('id', companyId).first('timezone');
    return (row?.timezone as string | undefined) ?? 'America/Sao_Paulo';
  }
}
