import { inject, injectable } from '@switchboard/sdk';
import type {
  DashboardAttendanceSeries,
  DashboardAttendant,
  DashboardClosings,
  DashboardCounters,
  DashboardOverview,
  DashboardQueueTotal,
  DashboardRatings,
  DashboardTopAttendant,
  DashboardUserTotal,
} from '@switchboard/sdk/contracts';
import type { Knex } from 'knex';
import { Tenancy } from '../../platform/tenancy.js';
import type { TenantScope } from '../../platform/database/model.js';
import { DashboardPeriods, type DashboardPeriod } from './dashboard-periods.js';

/**
 * Seconds between two moments. date_part gives a double, which sums far faster than extract's numeric over a
 * period's tickets.
 */
const WAIT = "date_part('epoch', tickets.accepted_at - tickets.created_at)";
const SERVICE = "date_part('epoch', tickets.closed_at - tickets.accepted_at)";
const ATTENDED_AND_CLOSED = "tickets.status in ('closed', 'nps') and tickets.accepted_at is not null and tickets.closed_at is not null";

interface Scoped {
  companyId: number;
  period: DashboardPeriod;
}

/** The period's tickets of one holder (null: nobody), with the sums the averages are made of. */
interface HolderFigures {
  userId: number | null;
  tickets: number;
  pending: number;
  open: number;
  finished: number;
  closed: number;
  wait: Mean;
  service: Mean;
}

/** A sum and how many values it adds, so that groups' averages combine exactly. */
interface Mean {
  sum: number;
  count: number;
}

function count(value: unknown): number {
  return Number(value ?? 0);
}

/** An average in whole seconds (null when nothing was measured). */
function seconds({ sum, count }: Mean): number | null {
  return count === 0 ? null : Math.round(sum / count);
}

function combined(means: Mean[]): Mean {
  return means.reduce((total, mean) => ({ sum: total.sum + mean.sum, count: total.count + mean.count }), { sum: 0, count: 0 });
}

/**
 * The dashboard's figures (spec 2 §2): every one an aggregate the database computes over the period's tickets
 * (selected by arrival, groups left out) or ratings, from the moments each ticket recorded (arrival, first
 * acceptance, close), never from a list of tickets read into the server.
 */
@injectable()
export class DashboardFigures {
  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(DashboardPeriods) private readonly periods: DashboardPeriods,
  ) {}

  /**
   * The cards and the attendants table. Both come from one pass over the period's tickets grouped by holder (the
   * cards add the groups up), so the largest read of the page is made once.
   */
  async overview({ companyId, period }: Scoped): Promise<DashboardOverview> {
    const scope = this.tenancy.of(companyId);
    const [holders, users, leads, company] = await Promise.all([
      this.holders(scope, period),
      this.users(scope, period),
      scope
        .table('contacts')
        .whereRaw(...this.periods.within(period, 'contacts.created_at'))
        .where('contacts.is_group', false)
        .first(scope.raw('count(*) as leads'))
        .then((row) => row as Record<string, unknown>),
      scope.company().first('due_date'),
    ]);
    const sum = (pick: (holder: HolderFigures) => number) => holders.reduce((total, holder) => total + pick(holder), 0);
    const dueDate = company?.due_date as Date | null | undefined;
    const counters: DashboardCounters = {
      supportPending: sum((holder) => holder.pending),
      supportHappening: sum((holder) => holder.open),
      supportFinished: sum((holder) => holder.finished),
      supportClosed: sum((holder) => holder.closed),
      leads: count(leads.leads),
      avgWaitTime: seconds(combined(holders.map((holder) => holder.wait))),
      avgSupportTime: seconds(combined(holders.map((holder) => holder.service))),
      dueDate: dueDate ? new Date(dueDate).toISOString() : null,
    };
    return { counters, attendants: this.rank(users, holders) };
  }

  /** Every user of the company, busiest first: their tickets, waits and service times, and ratings of the period. */
  async attendants({ companyId, period }: Scoped): Promise<DashboardAttendant[]> {
    const scope = this.tenancy.of(companyId);
    const [holders, users] = await Promise.all([this.holders(scope, period), this.users(scope, period)]);
    return this.rank(users, holders);
  }

  /** The period's top attendant: the first of the table, when they had any ticket. */
  async topAttendant(scoped: Scoped): Promise<DashboardTopAttendant> {
    const [top] = await this.attendants(scoped);
    return { attendant: top && top.tickets > 0 ? top : null };
  }

  /** Tickets per day of the period, or per hour when it is one day, with the empty days and hours as zeros. */
  async attendance({ companyId, period }: Scoped): Promise<DashboardAttendanceSeries> {
    const scope = this.tenancy.of(companyId);
    const byHour = period.from === period.to;
    const local = 'tickets.created_at at time zone ?';
    const bucket = byHour ? `to_char(${local}, 'HH24')` : `to_char(${local}, 'YYYY-MM-DD')`;
    // Grouped by position: the bucket's time zone is a parameter, and two parameters never match as one expression.
    const counted = this.tickets(scope, period)
      .select(scope.raw(`${bucket} as at`, [period.timeZone]), scope.raw('count(*) as total'))
      .groupByRaw('1');
    const slots = byHour
      ? "select to_char(h, 'FM00') as at from generate_series(0, 23) h"
      : "select to_char(d, 'YYYY-MM-DD') as at from generate_series(?::date, ?::date, interval '1 day') d";
    const result = await scope.raw(
      `select s.at, coalesce(c.total, 0) as total from (${slots}) s left join ? c on c.at = s.at order by s.at`,
      [...(byHour ? [] : [period.from, period.to]), counted],
    );
    const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
    return { byHour, points: rows.map((row) => ({ at: String(row.at), total: count(row.total) })) };
  }

  /** Tickets per queue, busiest first; tickets without a queue under null. */
  async byQueue({ companyId, period }: Scoped): Promise<DashboardQueueTotal[]> {
    const scope = this.tenancy.of(companyId);
    const rows = (await this.tickets(scope, period)
      .leftJoin('queues as q', 'q.id', 'tickets.queue_id')
      .groupBy('q.id', 'q.name', 'q.color')
      .select('q.id', 'q.name', 'q.color', scope.raw('count(*) as total'))
      .orderByRaw('count(*) desc, q.name nulls last')) as Record<string, unknown>[];
    return rows.map((row) => ({
      queue: row.id === null ? null : { id: Number(row.id), name: String(row.name), color: String(row.color) },
      total: count(row.total),
    }));
  }

  /** Tickets per attendant who held any, busiest first. */
  async byUser({ companyId, period }: Scoped): Promise<DashboardUserTotal[]> {
    const scope = this.tenancy.of(companyId);
    const rows = (await this.tickets(scope, period)
      .join('users as u', 'u.id', 'tickets.user_id')
      .groupBy('u.id', 'u.name')
      .select('u.id', 'u.name', scope.raw('count(*) as total'))
      .orderByRaw('count(*) desc, u.name')) as Record<string, unknown>[];
    return rows.map((row) => ({ user: { id: Number(row.id), name: String(row.name) }, total: count(row.total) }));
  }

  async ratings({ companyId, period }: Scoped): Promise<DashboardRatings> {
    const scope = this.tenancy.of(companyId);
    const row = (await scope
      .table('user_ratings')
      .whereRaw(...this.periods.within(period, 'user_ratings.created_at'))
      .first(
        scope.raw(
          `count(*) filter (where rate >= 4) as boa, count(*) filter (where rate = 3) as media,
           count(*) filter (where rate <= 2) as ruim, count(*) as total`,
        ),
      )) as Record<string, unknown>;
    const [boa, media, ruim, total] = [count(row.boa), count(row.media), count(row.ruim), count(row.total)];
    return { boa, media, ruim, total_notas: total, nps: total === 0 ? null : Math.round(((boa - ruim) / total) * 100) };
  }

  async closings({ companyId, period }: Scoped): Promise<DashboardClosings> {
    const scope = this.tenancy.of(companyId);
    const row = (await this.tickets(scope, period)
      .whereIn('tickets.status', ['closed', 'nps'])
      .first(scope.raw('count(*) as total, count(*) filter (where tickets.accepted_at is not null) as attended'))) as Record<
      string,
      unknown
    >;
    const [total, attended] = [count(row.total), count(row.attended)];
    return { total, attended, unattended: total - attended };
  }

  /** One group per holder of the period's tickets (hash-aggregated in one scan). */
  private async holders(scope: TenantScope, period: DashboardPeriod): Promise<HolderFigures[]> {
    const rows = (await this.tickets(scope, period)
      .groupBy('tickets.user_id')
      .select(
        'tickets.user_id',
        scope.raw(
          `count(*) as tickets,
           count(*) filter (where tickets.status in ('pending', 'lgpd')) as pending,
           count(*) filter (where tickets.status = 'open') as open,
           count(*) filter (where tickets.status in ('closed', 'nps') and tickets.accepted_at is not null) as finished,
           count(*) filter (where tickets.status = 'closed' and tickets.accepted_at is null) as closed,
           sum(${WAIT}) as wait_sum, count(${WAIT}) as wait_count,
           sum(${SERVICE}) filter (where ${ATTENDED_AND_CLOSED}) as service_sum,
           count(*) filter (where ${ATTENDED_AND_CLOSED}) as service_count`,
        ),
      )) as Record<string, unknown>[];
    return rows.map((row) => ({
      userId: row.user_id === null ? null : Number(row.user_id),
      tickets: count(row.tickets),
      pending: count(row.pending),
      open: count(row.open),
      finished: count(row.finished),
      closed: count(row.closed),
      wait: { sum: count(row.wait_sum), count: count(row.wait_count) },
      service: { sum: count(row.service_sum), count: count(row.service_count) },
    }));
  }

  /** The company's users by name, with their ratings of the period. */
  private async users(scope: TenantScope, period: DashboardPeriod): Promise<Record<string, unknown>[]> {
    const rated = scope
      .table('user_ratings')
      .whereRaw(...this.periods.within(period, 'user_ratings.created_at'))
      .whereNotNull('user_ratings.user_id')
      .groupBy('user_ratings.user_id')
      .select('user_ratings.user_id', scope.raw('avg(user_ratings.rate) as rating'), scope.raw('count(*) as count_rating'));
    return (await scope
      .table('users as u')
      .leftJoin(rated.as('r'), 'r.user_id', 'u.id')
      .select('u.id', 'u.name', 'u.online', 'r.rating', 'r.count_rating')
      .orderBy(['u.name', 'u.id'])) as Record<string, unknown>[];
  }

  /** The attendants table: every user with the tickets they held, busiest first, then best rated, then by name. */
  private rank(users: Record<string, unknown>[], holders: HolderFigures[]): DashboardAttendant[] {
    const byUser = new Map(holders.filter((holder) => holder.userId !== null).map((holder) => [holder.userId, holder]));
    const rows = users.map((user) => {
      const held = byUser.get(Number(user.id));
      const rating = user.rating === null || user.rating === undefined ? null : Number(user.rating);
      const attendant: DashboardAttendant = {
        id: Number(user.id),
        name: String(user.name),
        online: Boolean(user.online),
        tickets: held?.tickets ?? 0,
        rating: rating === null ? null : Math.round(rating * 10) / 10,
        countRating: count(user.count_rating),
        avgWaitTime: held ? seconds(held.wait) : null,
        avgSupportTime: held ? seconds(held.service) : null,
      };
      return { attendant, rating };
    });
    // A stable sort: equal tickets and ratings keep the database's order by name.
    rows.sort((a, b) => b.attendant.tickets - a.attendant.tickets || (b.rating ?? -1) - (a.rating ?? -1));
    return rows.map((row) => row.attendant);
  }

  /** The period's tickets: arrived within it, conversations with a person (groups are not attended). */
  private tickets(scope: TenantScope, period: DashboardPeriod): Knex.QueryBuilder {
    return scope
      .table('tickets')
      .whereRaw(...this.periods.within(period, 'tickets.created_at'))
      .where('tickets.is_group', false);
  }
}
