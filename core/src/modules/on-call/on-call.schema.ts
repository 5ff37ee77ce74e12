import * as yup from 'yup';
import { weekdaysEn } from '../companies/index.js';
import { weekdayNames, type OnCallDay } from './on-call-shift.js';

// Spec 3 §5 "On-call entry": the texts are the spec's; times are HH:MM.

export const ON_CALL_PAGE_SIZE = 20;

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const INVALID_TIME = 'Use o formato HH:MM';
const ONE_DAY = 'Pelo menos um dia da semana deve ter o horário de início e fim preenchido';
const INTERVAL = 'Informe o intervalo entre notificações';

const time = yup
  .string()
  .transform((value: unknown) => (typeof value === 'string' ? value.trim() : value == null ? '' : value))
  .default('')
  .matches(HH_MM, { message: INVALID_TIME, excludeEmptyString: true });

const day = yup.object({
  weekdayEn: yup
    .string()
    .oneOf([...weekdaysEn], 'Dia da semana inválido')
    .required('Dia da semana inválido'),
  weekday: yup.string().default(''),
  startTime: time.test('start-with-end', 'Informe o início do plantão', function startWithEnd(value) {
    return Boolean(value) || !this.parent.endTime;
  }),
  endTime: time.test('end-with-start', 'Informe o fim do plantão', function endWithStart(value) {
    return Boolean(value) || !this.parent.startTime;
  }),
});

export const onCallEntrySchema = yup.object({
  userId: yup
    .number()
    .typeError('Informe o usuário')
    .required('Informe o usuário')
    .integer('Informe o usuário')
    .positive('Informe o usuário'),
  phone: yup
    .string()
    .transform((value: unknown) => (typeof value === 'string' ? value.replace(/\D/g, '') : value))
    .required('Informe o telefone')
    .matches(/^\d{8,20}$/, 'Telefone inválido'),
  interval: yup.number().typeError(INTERVAL).required(INTERVAL).integer(INTERVAL).min(1, INTERVAL).max(1440, INTERVAL),
  days: yup
    .array(day)
    .required(ONE_DAY)
    .test('seven-weekdays', 'Informe os sete dias da semana', (days) => {
      const named = new Set((days ?? []).map((entry) => entry.weekdayEn));
      return (days ?? []).length === weekdaysEn.length && named.size === weekdaysEn.length;
    })
    .test('one-complete-day', ONE_DAY, (days) => (days ?? []).some((entry) => entry.startTime && entry.endTime)),
});
export type OnCallEntryInput = yup.InferType<typeof onCallEntrySchema>;

export const listOnCallSchema = yup.object({
  searchParam: yup.string().trim().max(100, 'Muito longo!').default(''),
});

/** The stored week: monday..sunday, each with its Portuguese name. */
export function storedDays(days: OnCallEntryInput['days']): OnCallDay[] {
  const byWeekday = new Map(days.map((entry) => [entry.weekdayEn, entry]));
  return weekdaysEn.map((weekdayEn) => ({
    weekday: weekdayNames[weekdayEn],
    weekdayEn,
    startTime: byWeekday.get(weekdayEn)?.startTime ?? '',
    endTime: byWeekday.get(weekdayEn)?.endTime ?? '',
  }));
}
