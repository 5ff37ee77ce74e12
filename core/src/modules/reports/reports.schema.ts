import * as yup from 'yup';
import { REPORT_DEFAULT_PAGE_SIZE, REPORT_PAGE_SIZES } from '@switchboard/sdk/contracts';
import { idList, statusList } from '../tickets/index.js';

const emptyToUndefined = (value: unknown, original: unknown) => (original === '' || original === null ? undefined : value);

/** A calendar day YYYY-MM-DD that exists (2026-02-30 is refused here rather than by the database); a timestamp is cut to its day. */
const day = yup
  .string()
  .transform((_value: unknown, original: unknown) => (typeof original === 'string' && original !== '' ? original.slice(0, 10) : undefined))
  .matches(/^\d{4}-\d{2}-\d{2}$/, 'Data inválida')
  .test('calendar-day', 'Data inválida', (value) => {
    if (value === undefined) return true;
    const at = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value;
  });

/** The filters of the report (spec 3 §7 Reports): the same for the page and the export. Lists are JSON arrays. */
export const ticketReportFiltersSchema = yup.object({
  searchParam: yup.string().trim().max(200, 'Too Long!'),
  contactId: yup
    .number()
    .transform(emptyToUndefined)
    .typeError('Contato inválido')
    .integer('Contato inválido')
    .positive('Contato inválido'),
  whatsappId: idList('Conexão inválida'),
  tags: idList('Tag inválida'),
  users: idList('Usuário inválido'),
  queueIds: idList('Fila inválida'),
  status: statusList(),
  dateFrom: day,
  dateTo: day,
});
export type TicketReportFilters = yup.InferType<typeof ticketReportFiltersSchema>;

const pageSizeMessage = `Use ${REPORT_PAGE_SIZES.join(', ')}`;

/** GET /ticket/reports: the filters and one page. */
export const ticketReportPageSchema = ticketReportFiltersSchema.shape({
  page: yup
    .number()
    .transform(emptyToUndefined)
    .typeError('Página inválida')
    .integer('Página inválida')
    .min(1, 'Página inválida')
    .default(1),
  pageSize: yup
    .number()
    .transform(emptyToUndefined)
    .typeError(pageSizeMessage)
    .oneOf([...REPORT_PAGE_SIZES], pageSizeMessage)
    .default(REPORT_DEFAULT_PAGE_SIZE),
});
export type TicketReportPageQuery = yup.InferType<typeof ticketReportPageSchema>;
