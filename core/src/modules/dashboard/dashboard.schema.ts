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
