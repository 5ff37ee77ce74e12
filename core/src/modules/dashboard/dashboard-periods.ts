import { inject, injectable } from '@switchboard/sdk';
import { wallClockAt } from '@switchboard/sdk/contracts';
import type { Knex } from 'knex';
import { AppError } from '../../platform/http/app-error.js';
import { Clock, DEFAULT_TIME_ZONE } from '../../platform/clock.js';
import { Tenancy } from '../../platform/tenancy.js';
import { DASHBOARD_MAX_RANGE_DAYS, type DashboardPeriodQuery } from './dashboard.schema.js';

/** Whole days of the company's calendar, first and last included. */
export interface DashboardPeriod {
  from: string;
  to: string;
  timeZone: string;
}

const DAY_MS = 86_400_000;

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The dashboard's period in the company's time zone (DESIGN §4), and the SQL that selects instants within it. */
@injectable()
export class DashboardPeriods {
  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async timeZone(companyId: number): Promise<string> {
    const row = await this.tenancy.of(companyId).company().first('timezone');
    return (row?.timezone as string | undefined) || DEFAULT_TIME_ZONE;
  }

  /** The filter as a period: the last `days` days up to today, or the dates; none set is spec 2 §2's "Parametrize o filtro". */
  async resolve(companyId: number, query: DashboardPeriodQuery): Promise<DashboardPeriod> {
    const timeZone = await this.timeZone(companyId);
    if (query.days) {
      const today = wallClockAt(this.clock.now(), timeZone);
      const todayMs = Date.UTC(today.year, today.month - 1, today.day);
      return { from: isoDay(todayMs - (query.days - 1) * DAY_MS), to: isoDay(todayMs), timeZone };
    }
    const from = query.date_from ?? query.initialDate;
    const to = query.date_to ?? query.finalDate;
    if (!from || !to) throw new AppError('ERR_DASHBOARD_FILTER', 400, { message: 'Parametrize o filtro' });
    const span = (Date.parse(to) - Date.parse(from)) / DAY_MS;
    if (Number.isNaN(span) || span < 0) {
      throw new AppError('ERR_VALIDATION', 400, {
        message: 'Data inicial após a final',
        fields: { date_from: 'Data inicial após a final' },
      });
    }
    if (span >= DASHBOARD_MAX_RANGE_DAYS) {
      const message = `Escolha no máximo ${DASHBOARD_MAX_RANGE_DAYS} dias`;
      throw new AppError('ERR_VALIDATION', 400, { message, fields: { date_to: message } });
    }
    return { from, to, timeZone };
  }

  /** `column` within the period's days: bounds computed once by the database, so an index on the column serves it. */
  within(period: DashboardPeriod, column: string): [string, Knex.RawBinding[]] {
    return [
      `${column} >= (?::date)::timestamp at time zone ? and ${column} < ((?::date) + 1)::timestamp at time zone ?`,
      [period.from, period.timeZone, period.to, period.timeZone],
    ];
  }
}
