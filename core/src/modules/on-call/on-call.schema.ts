import { onCallRules } from '@switchboard/sdk/contracts';
import * as yup from 'yup';
import { weekdaysEn } from '../companies/index.js';
import { weekdayNames, type OnCallDay } from './on-call-shift.js';

// Spec 3 §5 "On-call entry": the texts are the spec's; times are HH:MM.

export const ON_CALL_PAGE_SIZE = 20;

const ONE_DAY = 'Pelo menos um dia da semana deve ter o horário de início e fim preenchido';
const rules = onCallRules({
  invalidTime: 'Use o formato HH:MM',
  startRequired: 'Informe o início do plantão',
  endRequired: 'Informe o fim do plantão',
  interval: 'Informe o intervalo entre notificações',
});

const day = yup.object({
  weekdayEn: yup
    .string()
    .oneOf([...weekdaysEn], 'Dia da semana inválido')
    .required('Dia da semana inválido'),
  weekday: yup.string().default(''),
  startTime: rules.startTime,
  endTime: rules.endTime,
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
  interval: rules.interval,
  days: yup
    .array(day)
    .required(ONE_DAY)
    .test('seven-weekdays', 'Informe os sete dias da semana', (days) => {
      const named = new Set((days ?? []).map((entry) => entry.weekdayEn));
      return (days ?? []).length === weekdaysEn.length && named.size === weekdaysEn.length;
    })
    .test('one-complete-day', ONE_DAY, rules.oneCompleteDay),
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
