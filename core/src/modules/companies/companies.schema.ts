import * as yup from 'yup';
import { recurrences, type Recurrence } from '../plans/index.js';

// Texts in Portuguese, as the web app shows the server's field messages as they are.

export const weekdaysEn = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** An HH:MM time, or empty for a period the business is closed. */
const time = yup.string().trim().default('').matches(HH_MM, { message: 'Horário inválido, use HH:MM', excludeEmptyString: true });

/** One service-hours entry (spec 2 §3): periods A and B, each with both ends or neither, end after start. */
export const scheduleEntrySchema = yup
  .object({
    weekday: yup.string().trim().required('Dia da semana é obrigatório'),
    weekdayEn: yup
      .string()
      .trim()
      .lowercase()
      .required('Dia da semana é obrigatório')
      .oneOf([...weekdaysEn], 'Dia da semana inválido (monday a sunday)'),
    startTimeA: time,
    endTimeA: time,
    startTimeB: time,
    endTimeB: time,
  })
  .test('periods', '', function periods(entry) {
    if (!entry) return true;
    for (const period of ['A', 'B'] as const) {
      const start = entry[`startTime${period}`];
      const end = entry[`endTime${period}`];
      if (!start && !end) continue;
      if (!start) return this.createError({ path: `${this.path}.startTime${period}`, message: 'Informe o horário inicial' });
      if (!end) return this.createError({ path: `${this.path}.endTime${period}`, message: 'Informe o horário final' });
      if (!HH_MM.test(start) || !HH_MM.test(end)) continue; // already reported by the field rule
      if (end <= start)
        return this.createError({ path: `${this.path}.endTime${period}`, message: 'O horário final deve ser depois do inicial' });
    }
    return true;
  });
export type ScheduleEntry = yup.InferType<typeof scheduleEntrySchema>;

export const schedulesArray = yup
  .array()
  .of(scheduleEntrySchema)
  .max(7, 'No máximo um horário por dia da semana')
  .test('one-per-day', 'No máximo um horário por dia da semana', (entries) => {
    const days = (entries ?? []).map((entry) => entry?.weekdayEn);
    return new Set(days).size === days.length;
  });

/** PUT /companies/:id/schedules: `{ id, schedules }`; the company is the one of the path. */
export const companySchedulesSchema = yup.object({
  id: yup.number().integer().positive().optional(),
  schedules: schedulesArray.required('Horários são obrigatórios'),
});

/** Empty or invalid becomes null (spec 2 §5); absent stays undefined (an update that keeps the date). */
const dueDate = yup
  .date()
  .nullable()
  .transform((value: unknown, original: unknown) => {
    if (original === undefined) return undefined;
    if (original === null || original === '') return null;
    return value instanceof Date && !Number.isNaN(value.getTime()) ? value : null;
  });

const optionalText = (max: number) =>
  yup
    .string()
    .trim()
    .nullable()
    .max(max, `No máximo ${max} caracteres`)
    .transform((value: unknown) => (value === '' ? null : value));

const recurrence = yup
  .mixed<Recurrence>()
  .transform((value: unknown) => (value === '' || value === null ? undefined : typeof value === 'string' ? value.toUpperCase() : value))
  .oneOf([...recurrences], 'Recorrência inválida (MENSAL, BIMESTRAL, TRIMESTRAL, SEMESTRAL ou ANUAL)');

/** Password of the company's first admin: optional, 5 to 50 like the user form. */
const password = yup
  .string()
  .transform((value: unknown) => (value === '' || value === null ? undefined : value))
  .min(5, 'Too Short!')
  .max(50, 'Too Long!');

const companyFields = {
  name: yup.string().trim().min(2, 'Nome muito curto').max(100, 'Nome muito longo'),
  email: yup.string().trim().lowercase().email('E-mail inválido'),
  phone: optionalText(30),
  planId: yup.number().typeError('Plano é obrigatório').integer('Plano é obrigatório').positive('Plano é obrigatório'),
  status: yup.boolean().typeError('Status deve ser verdadeiro ou falso'),
  dueDate,
  recurrence,
  password,
  document: optionalText(30),
  paymentMethod: optionalText(50),
  addressStreet: optionalText(200),
  addressState: optionalText(100),
  addressCity: optionalText(100),
  schedules: schedulesArray,
};

/** POST /companies: email and plan required (spec 2 §5); a password creates the company's first admin. */
export const createCompanySchema = yup.object({
  ...companyFields,
  name: companyFields.name.required('Nome é obrigatório'),
  email: companyFields.email.required('E-mail é obrigatório'),
  planId: companyFields.planId.required('Plano é obrigatório'),
  status: companyFields.status.default(true),
  recurrence: companyFields.recurrence.default('MENSAL'),
});
export type CreateCompanyInput = yup.InferType<typeof createCompanySchema>;

/** PUT /companies/:id: every field optional, but email and plan may not be emptied. */
export const updateCompanySchema = yup.object({
  ...companyFields,
  name: companyFields.name.nonNullable('Nome é obrigatório'),
  email: companyFields.email
    .nonNullable('E-mail é obrigatório')
    .test('not-empty', 'E-mail é obrigatório', (value) => value === undefined || value.length > 0),
  planId: companyFields.planId.nonNullable('Plano é obrigatório'),
});
export type UpdateCompanyInput = yup.InferType<typeof updateCompanySchema>;

export const companySearchSchema = yup.object({
  searchParam: yup.string().trim().max(100).default(''),
});
