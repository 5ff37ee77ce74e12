import * as yup from 'yup';

// Spec 1 §5 / spec 3 §5 "Schedule": body required, at least 5 ('Mensagem muito curta'); contactId required;
// sendAt required ('Obrigatório'). The service adds: sendAt in the future.

export const SCHEDULES_PAGE_SIZE = 20;
export const SCHEDULE_BODY_MAX_LENGTH = 10_000;

const emptyToUndefined = (value: unknown, original: unknown) => (original === '' || original === null ? undefined : value);
const emptyToNull = (value: unknown, original: unknown) => (original === '' || original === null ? null : value);
const optionalId = (message: string) =>
  yup.number().nullable().transform(emptyToNull).typeError(message).integer(message).positive(message);

const fields = {
  body: yup.string().trim().min(5, 'Mensagem muito curta').max(SCHEDULE_BODY_MAX_LENGTH, 'Mensagem muito longa'),
  contactId: yup
    .number()
    .transform(emptyToUndefined)
    .typeError('Contato inválido')
    .integer('Contato inválido')
    .positive('Contato inválido'),
  sendAt: yup.date().transform(emptyToUndefined).typeError('Data inválida'),
  userId: optionalId('Usuário inválido'),
  ticketId: optionalId('Ticket inválido'),
  whatsappId: optionalId('Conexão inválida'),
};

export const createScheduleSchema = yup.object({
  ...fields,
  body: fields.body.required('Obrigatório'),
  contactId: fields.contactId.required('Obrigatório'),
  sendAt: fields.sendAt.required('Obrigatório'),
});
export type CreateScheduleInput = yup.InferType<typeof createScheduleSchema>;

export const updateScheduleSchema = yup.object({
  ...fields,
  body: fields.body.nonNullable('Obrigatório'),
  contactId: fields.contactId.nonNullable('Obrigatório'),
  sendAt: fields.sendAt.nonNullable('Obrigatório'),
});
export type UpdateScheduleInput = yup.InferType<typeof updateScheduleSchema>;

export const listSchedulesSchema = yup.object({
  searchParam: yup.string().trim().max(100, 'Muito longo!').default(''),
  contactId: yup
    .number()
    .transform(emptyToUndefined)
    .typeError('Contato inválido')
    .integer('Contato inválido')
    .positive('Contato inválido'),
});
