import { inject, injectable } from '@switchboard/sdk';
import type { TicketReportPage, TicketReportRow } from '@switchboard/sdk/contracts';
import type { Knex } from 'knex';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import { DEFAULT_TIME_ZONE } from '../../platform/clock.js';
import { containsPattern } from '../../platform/database/like-pattern.js';
import { Tenancy } from '../../platform/tenancy.js';
import type { TenantScope } from '../../platform/database/model.js';
import { inQueues } from '../tickets/index.js';
import type { TicketReportFilters, TicketReportPageQuery } from './reports.schema.js';

/** The row as the database answers it, before its dates and numbers are put in the wire's shape. */
type ReportRecord = Omit<TicketReportRow, 'createdAt' | 'closedAt'> & { createdAt: Date | string; closedAt: Date | string | null };

/** Contacts matching a typed text listed by id; more stay a sub-select (see selection). */
const CONTACT_MATCH_LIMIT = 1000;

/** What a report selects, resolved once per request: the filters, the company's time zone, the typed text's contacts. */
interface Selection {
  filters: TicketReportFilters;
  timeZone: string;
  /** The ids of the contacts the typed text matches; null when they are too many to list. */
  contactIds?: number[] | null;
}

/** Every row of a report, in its order, and how many there are. */
export interface TicketReportWalk {
  total: number;
  timeZone: string;
  batches: AsyncGenerator<TicketReportRow[]>;
}

/**
 * The ticket report (spec 3 §2.16): the company's tickets by arrival, filtered, newest first, one row each with its
 * connection, contact, user and queue names, its support time (first acceptance to close, the dashboard's service
 * time) and its NPS (the latest rating). Company-wide: the route lets in admins and users with showDashboard
 * (spec 2 §6), so no visibility rule narrows it. Every filter is a condition on tickets within the company, so
 * another company's ids match nothing.
 *
 * The selection runs on tickets alone, in the order of the arrival index (company, created_at desc, id desc); only
 * the rows of a page or batch are then joined to their names and rating, so a deep page skips index entries, not
 * joined rows.
 */
@injectable()
export class TicketReport {
  constructor(@inject(Tenancy) private readonly tenancy: Tenancy) {}

  /** GET /ticket/reports: one page and the total. */
  async page(options: { auth: AuthContext; filters: TicketReportPageQuery }): Promise<TicketReportPage> {
    const { filters } = options;
    const scope = this.tenancy.of(options.auth.companyId);
    const selection = await this.selection(scope, filters);
    const [rows, total] = await Promise.all([
      this.rowsOf(
        scope,
        this.ordered(this.selected(scope, selection).select('t.id'))
          .limit(filters.pageSize)
          .offset((filters.page - 1) * filters.pageSize),
      ),
      this.count(scope, selection),
    ]);
    return { tickets: (rows as ReportRecord[]).map(onTheWire), totalTickets: { total }, timeZone: selection.timeZone };
  }

  /**
   * Every selected row in the page's order, in batches read by keyset (arrival, id): each batch is one indexed query
   * that starts where the previous ended, so a walk of any length holds one batch at a time and no cursor open.
   */
  async walk(options: { auth: AuthContext; filters: TicketReportFilters; batchSize: number }): Promise<TicketReportWalk> {
    const scope = this.tenancy.of(options.auth.companyId);
    const selection = await this.selection(scope, options.filters);
    const total = await this.count(scope, selection);
    return { total, timeZone: selection.timeZone, batches: this.batches(scope, selection, options.batchSize) };
  }

  private async *batches(scope: TenantScope, selection: Selection, batchSize: number): AsyncGenerator<TicketReportRow[]> {
    let last: { arrival: string; id: number } | undefined;
    for (;;) {
      const ids = this.ordered(this.selected(scope, selection).select('t.id')).limit(batchSize);
      // The keyset carries the last row's own values, so a ticket deleted meanwhile cannot end the walk early. Its
      // arrival travels as the database's text: a JavaScript date would cut the microseconds.
      if (last) ids.whereRaw('(t.created_at, t.id) < (?::timestamptz, ?)', [last.arrival, last.id]);
      const batch = (await this.rowsOf(scope, ids).select(scope.raw('t.created_at::text as "arrivalKey"'))) as (ReportRecord & {
        arrivalKey: string;
      })[];
      if (batch.length === 0) return;
      const final = batch[batch.length - 1]!;
      last = { arrival: final.arrivalKey, id: final.id };
      yield batch.map(({ arrivalKey: _arrivalKey, ...record }) => onTheWire(record));
      if (batch.length < batchSize) return;
    }
  }

  /** The rows of the tickets `ids` selects, with their names joined and their latest rating, in the report's order. */
  private rowsOf(scope: TenantScope, ids: Knex.QueryBuilder): Knex.QueryBuilder {
    return this.ordered(
      scope
        .table('tickets as t')
        .whereIn('t.id', ids)
        .leftJoin('connections as w', 'w.id', 't.whatsapp_id')
        .leftJoin('contacts as c', 'c.id', 't.contact_id')
        .leftJoin('users as u', 'u.id', 't.user_id')
        .leftJoin('queues as q', 'q.id', 't.queue_id')
        .select(
          't.id',
          't.uuid',
          'w.name as whatsappName',
          'c.name as contactName',
          'u.name as userName',
          'q.name as queueName',
          't.status',
          't.last_message as lastMessage',
          't.created_at as createdAt',
          't.closed_at as closedAt',
          scope.raw('floor(extract(epoch from (t.closed_at - t.accepted_at)))::int as "supportTime"'),
          scope.raw(
            `(select r.rate from user_ratings r where r.ticket_id = t.id and r.company_id = t.company_id
               order by r.id desc limit 1) as "NPS"`,
          ),
        ),
    );
  }

  private ordered(query: Knex.QueryBuilder): Knex.QueryBuilder {
    return query.orderBy('t.created_at', 'desc').orderBy('t.id', 'desc');
  }

  private async count(scope: TenantScope, selection: Selection): Promise<number> {
    const [row] = await this.selected(scope, selection).count('* as total');
    return Number((row as { total: unknown }).total);
  }

  /**
   * The company's time zone and, for a typed contact text (the autocomplete's free entry), the contacts it matches by
   * name or number through their trigram indexes: a few are listed by id, so the planner meets them with the
   * tickets' contact index knowing how few they are.
   */
  private async selection(scope: TenantScope, filters: TicketReportFilters): Promise<Selection> {
    const search = filters.searchParam?.trim();
    const [timeZone, contactIds] = await Promise.all([
      this.timeZone(scope),
      search
        ? scope
            .table('contacts as sc')
            .where(this.contactMatch(search))
            .limit(CONTACT_MATCH_LIMIT + 1)
            .pluck('sc.id')
            .then((ids: number[]) => (ids.length > CONTACT_MATCH_LIMIT ? null : ids))
        : undefined,
    ]);
    return { filters, timeZone, contactIds };
  }

  private contactMatch(search: string) {
    const pattern = containsPattern(search);
    return (q: Knex.QueryBuilder) => q.whereRaw('(sc.name ilike ? or sc.number ilike ?)', [pattern, pattern]);
  }

  /** The company's tickets the selection's filters select. Dates are whole days on the company's wall clock. */
  private selected(scope: TenantScope, selection: Selection): Knex.QueryBuilder {
    const { filters, timeZone, contactIds } = selection;
    const query = scope.table('tickets as t');
    if (contactIds) query.whereIn('t.contact_id', contactIds);
    else if (contactIds === null) {
      query.whereIn('t.contact_id', scope.table('contacts as sc').where(this.contactMatch(filters.searchParam!.trim())).select('sc.id'));
    }
    if (filters.contactId) query.where('t.contact_id', filters.contactId);
    if (filters.whatsappId?.length) query.whereIn('t.whatsapp_id', filters.whatsappId);
    if (filters.users?.length) query.whereIn('t.user_id', filters.users);
    if (filters.queueIds?.length) query.where(inQueues('t', filters.queueIds));
    if (filters.status?.length) query.whereIn('t.status', filters.status);
    if (filters.tags?.length) {
      query.whereRaw(
        `exists (select 1 from ticket_tags tt where tt.ticket_id = t.id and tt.company_id = t.company_id
                 and tt.tag_id in (${filters.tags.map(() => '?').join(', ')}))`,
        filters.tags,
      );
    }
    if (filters.dateFrom) query.whereRaw('t.created_at >= (?::date)::timestamp at time zone ?', [filters.dateFrom, timeZone]);
    if (filters.dateTo) query.whereRaw('t.created_at < ((?::date) + 1)::timestamp at time zone ?', [filters.dateTo, timeZone]);
    return query;
  }

  private async timeZone(scope: TenantScope): Promise<string> {
    const row = (await scope.company().first('timezone')) as { timezone?: string | null } | undefined;
    return row?.timezone || DEFAULT_TIME_ZONE;
  }
}

/** Dates as ISO text, numbers as numbers (drivers differ on both). */
function onTheWire(record: ReportRecord): TicketReportRow {
  return {
    ...record,
    createdAt: new Date(record.createdAt).toISOString(),
    closedAt: record.closedAt === null ? null : new Date(record.closedAt).toISOString(),
    supportTime: record.supportTime === null ? null : Number(record.supportTime),
    NPS: record.NPS === null ? null : Number(record.NPS),
  };
}
