import type { Knex } from 'knex';
import { inject, injectable } from '@switchboard/sdk';
import type { PlatformMetrics } from '@switchboard/sdk/contracts';
import { SUPER_COMPANY_ID } from '../../platform/auth/auth-context.js';
import { Clock, DEFAULT_TIME_ZONE } from '../../platform/clock.js';
import { SystemData } from '../../platform/system-data.js';
import { recurrenceMonths } from '../plans/index.js';

/** A company signing in less often than this is an inactive client (spec 2 §3). */
export const INACTIVE_AFTER_DAYS = 7;

/**
 * The super user's platform metrics (spec 2 §3 Admin metrics), over every company but the platform's own (company 1),
 * in two aggregate queries. A system path (DESIGN §4): it reads all companies at once.
 *
 * Today's snapshot:
 * - activeClients: status active and a due date not passed.
 * - delinquentClients: status active and a due date passed or missing, the very rule that sends a company's users to
 *   the open invoices page at sign-in (a due date, not an open invoice: a company may be past due before its
 *   invoice exists, and an open invoice is not overdue before the due date).
 * - inactiveClients: status active and no sign-in for 7 days or more (from last_login; since creation when none).
 *   Deactivated companies are lost clients, not inactive ones.
 * - activeConnections: CONNECTED; disconnectedConnections: every other status (DISCONNECTED, OPENING, qrcode,
 *   PAIRING, TIMEOUT), since none of them delivers messages. totalUsers: all users of the clients.
 *
 * From invoices and company history:
 * - A paid invoice pays for [due date, due date + its recurrence in months) (the invoice sweeper prices a period of
 *   several months at that many monthly amounts), so its monthly value is its value over those months.
 * - A company is paying at an instant when a paid invoice covers it and its status history
 *   (company_status_history) says it was active then, neither deactivated nor deleted.
 * - mrr: the sum over the companies paying now of their monthly value.
 * - churn: of the companies paying at the start of the previous month (platform time zone), the share not paying at
 *   the start of the current one: they did not pay for it, or were deactivated or deleted in between. 0 when none.
 */
@injectable()
export class PlatformMetricsService {
  constructor(
    @inject(SystemData) private readonly system: SystemData,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  private get knex(): Knex {
    return this.system.knex;
  }

  async metrics(): Promise<PlatformMetrics> {
    const now = this.clock.now();
    const [snapshot, revenue] = await Promise.all([this.snapshot(now), this.revenue(now)]);
    return { ...snapshot, ...revenue };
  }

  private async snapshot(now: Date): Promise<Omit<PlatformMetrics, 'mrr' | 'churn'>> {
    const { rows } = await this.knex.raw<{ rows: Record<string, string | number>[] }>(
      `with clock as (select cast(? as timestamptz) as now, make_interval(days => cast(? as integer)) as inactivity)
       select
         count(*) filter (where c.status and c.due_date >= clock.now) as active_clients,
         count(*) filter (where c.status and (c.due_date is null or c.due_date < clock.now)) as delinquent_clients,
         count(*) filter (where c.status and coalesce(c.last_login, c.created_at) <= clock.now - clock.inactivity) as inactive_clients,
         (select count(*) from connections w where w.company_id <> ? and w.status <> 'CONNECTED') as disconnected_connections,
         (select count(*) from connections w where w.company_id <> ? and w.status = 'CONNECTED') as active_connections,
         (select count(*) from users u where u.company_id <> ?) as total_users
       from clock left join companies c on c.id <> ?
       group by clock.now`,
      [now.toISOString(), INACTIVE_AFTER_DAYS, SUPER_COMPANY_ID, SUPER_COMPANY_ID, SUPER_COMPANY_ID, SUPER_COMPANY_ID],
    );
    const row = rows[0]!;
    return {
      activeClients: Number(row.active_clients),
      delinquentClients: Number(row.delinquent_clients),
      inactiveClients: Number(row.inactive_clients),
      disconnectedConnections: Number(row.disconnected_connections),
      activeConnections: Number(row.active_connections),
      totalUsers: Number(row.total_users),
    };
  }

  private async revenue(now: Date): Promise<Pick<PlatformMetrics, 'mrr' | 'churn'>> {
    const recurrences = Object.entries(recurrenceMonths);
    const { rows } = await this.knex.raw<{ rows: { mrr: string | null; paying_before: string; churned: string }[] }>(
      `with recurrences (recurrence, months) as (values ${recurrences.map(() => '(?, ?::integer)').join(', ')}),
       clock as (select cast(? as timestamptz) as now, cast(? as text) as zone),
       instants (name, at) as (
         select 'now', now from clock
         union all select 'currentMonth', date_trunc('month', now at time zone zone) at time zone zone from clock
         union all select 'previousMonth', (date_trunc('month', now at time zone zone) - interval '1 month') at time zone zone from clock
       ),
       -- Paid invoices of the companies there are, and those a deleted company's history row kept.
       paid_invoices as (
         select i.company_id as company, i.due_date, i.value, c.recurrence
         from invoices i join companies c on c.id = i.company_id
         where i.status = 'paid'
         union all
         select h.company, p.due_date, p.value, p.recurrence
         from company_status_history h
           cross join lateral jsonb_to_recordset(h.paid_invoices) as p (due_date timestamptz, value numeric, recurrence text)
         where h.status = 'deleted'
       ),
       paid_periods as (
         select company, due_date as starts_at, due_date + make_interval(months => r.months) as ends_at, value / r.months as monthly_value
         from paid_invoices join recurrences r using (recurrence)
         where company <> ? and due_date is not null
       ),
       -- One row per (instant, company paying then); overlapping paid periods count once.
       paying as (
         select distinct on (i.name, p.company) i.name, p.company, p.monthly_value
         from instants i join paid_periods p on p.starts_at <= i.at and i.at < p.ends_at
         where (
           select h.status from company_status_history h
           where h.company = p.company and h.changed_at <= i.at
           order by h.changed_at desc, h.id desc limit 1
         ) = 'active'
         order by i.name, p.company, p.monthly_value desc
       )
       select
         sum(monthly_value) filter (where name = 'now') as mrr,
         count(*) filter (where name = 'previousMonth') as paying_before,
         count(*) filter (
           where name = 'previousMonth'
             and not exists (select 1 from paying kept where kept.name = 'currentMonth' and kept.company = paying.company)
         ) as churned
       from paying`,
      [...recurrences.flat(), now.toISOString(), DEFAULT_TIME_ZONE, SUPER_COMPANY_ID],
    );
    const row = rows[0]!;
    const payingBefore = Number(row.paying_before);
    return {
      mrr: Math.round(Number(row.mrr ?? 0) * 100) / 100,
      churn: payingBefore === 0 ? 0 : Number(row.churned) / payingBefore,
    };
  }
}
