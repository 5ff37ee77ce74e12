import { inject, injectable } from '@switchboard/sdk';
import { raw } from 'objection';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import { Tenancy } from '../../platform/tenancy.js';
import { TicketSearch } from '../tickets/index.js';
import { TicketModel } from '../tickets/index.js';
import { TicketViews, type TicketView, type UserRef } from '../tickets/index.js';
import { TicketVisibility } from '../tickets/index.js';
import { DashboardPeriods } from './dashboard-periods.js';
import { MOMENTS_PAGE_SIZE, MOMENTS_WINDOW_DAYS, type MomentsQuery } from './dashboard.schema.js';

/** A column of the screen: how many tickets it holds and one page of its cards, newest activity first. */
export interface MomentsColumn {
  count: number;
  tickets: TicketView[];
  hasMore: boolean;
}

export interface MomentsAnswer {
  /** Waiting tickets: the pending column. */
  pending: MomentsColumn;
  /** One column per attendant with their open (and group) tickets, attendants by name. */
  attendants: (MomentsColumn & { user: UserRef })[];
}

/** The column a ticket belongs to: 0 for pending, else its attendant (null: an unassigned open ticket, in none). */
const COLUMN = "case when tickets.status = 'pending' then 0 else tickets.user_id end";

/**
 * The real-time moments screen (spec 2 §2): open and pending tickets with user and queue, within a window of
 * 30 days of activity unless dates are given, as counts and pages of cards per column (pageNumber pages every
 * column; userId or status narrows to one). Admins see the company (showAll is theirs alone); a user with
 * allowRealTime sees what the ticket visibility rule lets them see.
 */
@injectable()
export class MomentsService {
  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(TicketSearch) private readonly search: TicketSearch,
    @inject(TicketVisibility) private readonly visibility: TicketVisibility,
    @inject(TicketViews) private readonly views: TicketViews,
    @inject(DashboardPeriods) private readonly periods: DashboardPeriods,
  ) {}

  async moments(options: { auth: AuthContext; filters: MomentsQuery; pageNumber: number }): Promise<MomentsAnswer> {
    const { auth, filters } = options;
    const viewer = await this.visibility.viewer(auth);
    const query = this.search.visibleTickets(viewer);
    query.whereIn(
      'tickets.status',
      filters.status === 'pending' ? ['pending'] : filters.status === 'open' ? ['open', 'group'] : ['open', 'pending', 'group'],
    );

    const timezone = await this.periods.timeZone(auth.companyId);
    if (filters.dateStart) {
      query.whereRaw('tickets.updated_at >= (?::date)::timestamp at time zone ?', [filters.dateStart, timezone]);
    } else {
      query.where('tickets.updated_at', '>=', new Date(Date.now() - MOMENTS_WINDOW_DAYS * 86_400_000));
    }
    if (filters.dateEnd) query.whereRaw('tickets.updated_at < ((?::date) + 1)::timestamp at time zone ?', [filters.dateEnd, timezone]);
    if (filters.userId) query.where('tickets.user_id', filters.userId);
    const showAll = viewer.admin && filters.showAll === true;
    if (!showAll && filters.queueIds && filters.queueIds.length > 0) {
      const ids = filters.queueIds.filter((id) => id > 0);
      const withoutQueue = filters.queueIds.includes(0);
      query.where((q) => {
        if (ids.length > 0) q.whereIn('tickets.queue_id', ids);
        if (withoutQueue) q.orWhereNull('tickets.queue_id');
      });
    }

    // Counts per column, then one page of cards per column ranked in the database: the answer is what the screen
    // shows, never every ticket of the window. The ranking sorts ids only; the page's tickets are read by id after.
    const scope = this.tenancy.of(auth.companyId);
    const offset = (options.pageNumber - 1) * MOMENTS_PAGE_SIZE;
    const ranked = query
      .clone()
      .select('tickets.id', 'tickets.company_id', raw(`${COLUMN} as moments_column`))
      .select(raw(`row_number() over (partition by ${COLUMN} order by tickets.updated_at desc, tickets.id desc) as moments_rank`))
      .whereRaw(`${COLUMN} is not null`);
    const [counted, page] = await Promise.all([
      query
        .clone()
        .select(raw(`${COLUMN} as moments_column`))
        .count('* as moments_count')
        .whereRaw(`${COLUMN} is not null`)
        .groupByRaw(COLUMN),
      scope
        .query<TicketModel>(TicketModel)
        .from(ranked.as('tickets'))
        .where('tickets.moments_rank', '>', offset)
        .where('tickets.moments_rank', '<=', offset + MOMENTS_PAGE_SIZE + 1)
        .select('tickets.id', 'tickets.moments_column') as unknown as Promise<{ id: number; momentsColumn: number }[]>,
    ]);
    const counts = new Map<number, number>(
      (counted as unknown as Record<string, unknown>[]).map((row) => [Number(row.momentsColumn), Number(row.momentsCount)]),
    );
    const columnOf = new Map(page.map((row) => [row.id, Number(row.momentsColumn)]));
    const rows =
      page.length === 0
        ? []
        : await scope
            .query<TicketModel>(TicketModel)
            .whereIn(
              'tickets.id',
              page.map((row) => row.id),
            )
            .orderBy('tickets.updated_at', 'desc')
            .orderBy('tickets.id', 'desc');
    const cards = new Map<number, TicketModel[]>();
    for (const row of rows) {
      const key = columnOf.get(row.id)!;
      cards.set(key, [...(cards.get(key) ?? []), row]);
    }
    const userIds = [...counts.keys()].filter((id) => id !== 0);
    const [users, views] = await Promise.all([
      userIds.length > 0 ? scope.table<UserRef>('users').whereIn('id', userIds).select('id', 'name', 'color') : [],
      this.views.present(
        auth.companyId,
        [...cards.values()].flatMap((page) => page.slice(0, MOMENTS_PAGE_SIZE)),
      ),
    ]);
    const viewById = new Map(views.map((view) => [view.id, view]));
    const column = (key: number): MomentsColumn => {
      const page = cards.get(key) ?? [];
      return {
        count: counts.get(key) ?? 0,
        tickets: page.slice(0, MOMENTS_PAGE_SIZE).map((ticket) => viewById.get(ticket.id)!),
        hasMore: page.length > MOMENTS_PAGE_SIZE,
      };
    };
    const attendants = (users as UserRef[])
      .map((user) => ({ user: { id: user.id, name: user.name, color: user.color ?? null }, ...column(user.id) }))
      .sort((a, b) => a.user.name.localeCompare(b.user.name) || a.user.id - b.user.id);
    return { pending: column(0), attendants };
  }
}
