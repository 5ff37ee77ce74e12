import * as yup from 'yup';
import { idList } from '../tickets/index.js';

/** The real-time moments window when no dates are given (spec 2 §9). */
export const MOMENTS_WINDOW_DAYS = 30;
/** Cards per column and page of the moments screen. */
export const MOMENTS_PAGE_SIZE = 20;

const emptyToUndefined = (value: unknown, original: unknown) => (original === '' || original === null ? undefined : value);
const day = yup
  .string()
  .transform((_value: unknown, original: unknown) => (typeof original === 'string' && original !== '' ? original.slice(0, 10) : undefined))
  .matches(/^\d{4}-\d{2}-\d{2}$/, 'Data inválida');

/** GET /dashboard/moments. queueIds may hold 0, the "Sem fila" placeholder (tickets without a queue). */
export const momentsSchema = yup.object({
  status: yup.string().transform(emptyToUndefined).oneOf(['open', 'pending'], 'Status inválido'),
  showAll: yup.boolean().transform(emptyToUndefined).typeError('Use true ou false'),
  queueIds: idList('Fila inválida'),
  dateStart: day,
  dateEnd: day,
  userId: yup.number().transform(emptyToUndefined).typeError('Usuário inválido').integer('Usuário inválido').positive('Usuário inválido'),
});
export type MomentsQuery = yup.InferType<typeof momentsSchema>;

/** The periods the dashboard's filter offers (spec 2 §2): the last 3 to 90 days. */
export const DASHBOARD_PERIOD_DAYS = [3, 7, 15, 30, 60, 90] as const;
/** A date range is at most a year: the charts draw one point per day. */
export const DASHBOARD_MAX_RANGE_DAYS = 366;

/**
 * The dashboard's filter (spec 2 §7): `days` (type 2, a period ending today) or a date range, `date_from` and
 * `date_to` (type 1; the charts' calls name them `initialDate` and `finalDate`).
 */
export const dashboardPeriodSchema = yup.object({
  days: yup
    .number()
    .transform(emptyToUndefined)
    .typeError('Período inválido')
    .oneOf([0, ...DASHBOARD_PERIOD_DAYS], 'Período inválido'),
  date_from: day,
  date_to: day,
  initialDate: day,
  finalDate: day,
});
export type DashboardPeriodQuery = yup.InferType<typeof dashboardPeriodSchema>;
