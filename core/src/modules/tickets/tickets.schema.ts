import * as yup from 'yup';

export const TICKETS_PAGE_SIZE = 40;
/** Every status a ticket may hold (spec 1 §4); lgpd and nps are also filter values. */
export const ticketStatuses = ['open', 'pending', 'closed', 'group', 'lgpd', 'nps'] as const;
/** The statuses of a live conversation: at most one such ticket per (contact, connection). */
export const activeStatuses = ['open', 'pending', 'group'] as const;

/** '' and null from a form or a query string mean "no value". */
const emptyToUndefined = (value: unknown, original: unknown) => (original === '' || original === null ? undefined : value);
const emptyToNull = (value: unknown, original: unknown) => (original === '' || original === null ? null : value);

/**
 * A list of ids in a query string: repeated params (`tags=1&tags=2`), a JSON string (`'[1,2]'`), a comma list
 * (`'1,2'`) or a single value. Anything that is not a non-negative integer is refused.
 */
export function idList(message = 'Lista de ids inválida') {
  return yup
    .array()
    .transform((_value: unknown, original: unknown) => parseList(original))
    .of(yup.number().typeError(message).integer(message).min(0, message).required(message))
    .typeError(message);
}

function parseList(original: unknown): unknown[] | undefined {
  if (original === undefined || original === null || original === '') return undefined;
  if (Array.isArray(original)) return original.flatMap((item) => parseList(item) ?? []);
  if (typeof original === 'number') return [original];
  if (typeof original !== 'string') return [original];
  const text = original.trim();
  if (text.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(text);
      return Array.isArray(parsed) ? parsed.map((item) => (item === null ? 0 : item)) : [parsed];
    } catch {
      return [text];
    }
  }
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => (part === 'null' ? 0 : Number(part)));
}

/** A day (YYYY-MM-DD); a full ISO timestamp is cut to its day. */
const day = yup
  .string()
  .transform((_value: unknown, original: unknown) => (typeof original === 'string' && original !== '' ? original.slice(0, 10) : undefined))
  .matches(/^\d{4}-\d{2}-\d{2}$/, 'Data inválida');

const flag = yup.boolean().transform(emptyToUndefined).typeError('Use true ou false');
const status = yup
  .string()
  .transform(emptyToUndefined)
  .oneOf([...ticketStatuses], 'Status inválido');
const nullableId = (message: string) =>
  yup.number().nullable().transform(emptyToNull).typeError(message).integer(message).positive(message);

/** GET /tickets (spec 1 §7). */
export const listTicketsSchema = yup.object({
  searchParam: yup.string().trim().max(200, 'Too Long!'),
  status,
  statusFilter: statusList(),
  tags: idList('Tag inválida'),
  users: idList('Usuário inválido'),
  userFilter: idList('Usuário inválido'),
  queueIds: idList('Fila inválida'),
  whatsapps: idList('Conexão inválida'),
  whatsappIds: idList('Conexão inválida'),
  date: day,
  updatedAt: day,
  showAll: flag,
  withUnreadMessages: flag,
});
export type ListTicketsQuery = yup.InferType<typeof listTicketsSchema>;

/** A list of ticket statuses in a query string: repeated params, a JSON string (`'["open"]'`) or a comma list. */
export function statusList(message = 'Status inválido') {
  return yup
    .array()
    .transform((_value: unknown, original: unknown) => stringList(original))
    .of(
      yup
        .string()
        .oneOf([...ticketStatuses], message)
        .required(message),
    )
    .typeError(message);
}

function stringList(original: unknown): unknown[] | undefined {
  if (original === undefined || original === null || original === '') return undefined;
  if (Array.isArray(original)) return original.flatMap((item) => stringList(item) ?? []);
  const text = String(original).trim();
  if (text.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(text);
      return Array.isArray(parsed) ? parsed : [parsed];
    } catch {
      return [text];
    }
  }
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** POST /tickets. companyId in the body is ignored: a ticket is created in the caller's company. */
export const createTicketSchema = yup.object({
  contactId: yup.number().typeError('Contato inválido').integer('Contato inválido').positive('Contato inválido').required('Required'),
  userId: nullableId('Usuário inválido'),
  status: yup
    .string()
    .transform(emptyToUndefined)
    .oneOf([...activeStatuses], 'Status inválido'),
  queueId: nullableId('Fila inválida'),
  whatsappId: nullableId('Conexão inválida'),
});
export type CreateTicketInput = yup.InferType<typeof createTicketSchema>;

/** PUT /tickets/:id: every field optional; `undefined` means "leave as is", `null` clears userId / queueId. */
export const updateTicketSchema = yup.object({
  status: yup.string().transform(emptyToUndefined).oneOf(['open', 'pending', 'closed', 'group'], 'Status inválido'),
  userId: yup.number().nullable().typeError('Usuário inválido').integer('Usuário inválido').positive('Usuário inválido'),
  queueId: yup.number().nullable().typeError('Fila inválida').integer('Fila inválida').positive('Fila inválida'),
  useIntegration: yup.boolean().typeError('Use true ou false'),
  integrationId: yup.number().nullable().typeError('Integração inválida').integer('Integração inválida').positive('Integração inválida'),
  promptId: yup.number().nullable().typeError('Prompt inválido').integer('Prompt inválido').positive('Prompt inválido'),
  amountUsedBotQueues: yup.number().typeError('Número inválido').integer('Número inválido').min(0, 'Número inválido'),
  sendFarewellMessage: yup.boolean().typeError('Use true ou false'),
  /** The 1 to 5 rating an agent records when resolving (spec 1 §5 'Avaliação obrigatória' when chosen). */
  userRating: yup
    .number()
    .typeError('Avaliação inválida')
    .integer('Avaliação inválida')
    .min(1, 'Avaliação inválida')
    .max(5, 'Avaliação inválida'),
});
export type UpdateTicketInput = yup.InferType<typeof updateTicketSchema>;

/** POST /tickets/closeAll: the tickets of one status (default every live status) the admin's list shows. */
export const closeAllSchema = yup.object({
  status: yup
    .string()
    .transform(emptyToUndefined)
    .oneOf([...activeStatuses], 'Status inválido'),
  queueIds: idList('Fila inválida'),
  showAll: flag,
});
export type CloseAllInput = yup.InferType<typeof closeAllSchema>;

export const ticketUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
