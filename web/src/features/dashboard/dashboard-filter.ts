import { endOfMonth, format, startOfMonth } from 'date-fns';

/** Spec 2 §2: type 1 filters by dates, type 2 by a period of the last days (0 is "none"). */
export interface DashboardFilter {
  type: 1 | 2;
  dateFrom: string;
  dateTo: string;
  days: number;
}

export const PERIOD_DAYS = [0, 3, 7, 15, 30, 60, 90] as const;

/** What every dashboard call sends: the period's days, or the dates (also under the charts' names). */
export type PeriodParams = { days: number } | { date_from: string; date_to: string; initialDate: string; finalDate: string };

/** The filter a visit starts with: the current month, first to last day. */
export function initialFilter(today = new Date()): DashboardFilter {
  return { type: 1, dateFrom: format(startOfMonth(today), 'yyyy-MM-dd'), dateTo: format(endOfMonth(today), 'yyyy-MM-dd'), days: 0 };
}

/** The calls' parameters, or null when nothing is set ("Parametrize o filtro"). */
export function periodParams(filter: DashboardFilter): PeriodParams | null {
  if (filter.type === 2) return filter.days > 0 ? { days: filter.days } : null;
  if (!filter.dateFrom || !filter.dateTo) return null;
  return { date_from: filter.dateFrom, date_to: filter.dateTo, initialDate: filter.dateFrom, finalDate: filter.dateTo };
}
