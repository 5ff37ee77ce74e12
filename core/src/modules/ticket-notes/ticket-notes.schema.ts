import * as yup from 'yup';

// Spec 1 §5: a ticket note is required and has at least 2 characters.

export const TICKET_NOTES_PAGE_SIZE = 20;
export const NOTE_MAX_LENGTH = 10_000;

const emptyToUndefined = (value: unknown, original: unknown) => (original === '' || original === null ? undefined : value);
const id = (message: string) => yup.number().transform(emptyToUndefined).typeError(message).integer(message).positive(message);

export const createTicketNoteSchema = yup.object({
  note: yup.string().trim().required('Obrigatório').min(2, 'Muito curto!').max(NOTE_MAX_LENGTH, 'Muito longo!'),
  ticketId: id('Ticket inválido').required('Obrigatório'),
  /** The ticket's contact when left out. */
  contactId: id('Contato inválido'),
});
export type CreateTicketNoteInput = yup.InferType<typeof createTicketNoteSchema>;

export const ticketNotesFilterSchema = yup.object({
  ticketId: id('Ticket inválido'),
  contactId: id('Contato inválido'),
});

/** GET /ticket-notes/list needs the ticket or the contact whose notes it shows. */
export const ticketNotesListSchema = ticketNotesFilterSchema.test('ticket-or-contact', 'Obrigatório', (value, context) =>
  value.ticketId || value.contactId ? true : context.createError({ path: 'ticketId', message: 'Obrigatório' }),
);
