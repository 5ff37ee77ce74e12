import { inject, injectable } from '@switchboard/sdk';
import { isAdmin, type AuthContext } from '../../platform/auth/auth-context.js';
import { AppError } from '../../platform/http/app-error.js';
import { Tenancy } from '../../platform/tenancy.js';
import { ContactModel } from '../contacts/index.js';
import { TicketSearch, TicketVisibility, type TicketViewer } from '../tickets/index.js';
import { TicketNoteModel } from './ticket-note.model.js';
import { TICKET_NOTES_PAGE_SIZE, type CreateTicketNoteInput } from './ticket-notes.schema.js';

const NOT_FOUND = 'ERR_NO_TICKET_NOTE_FOUND';

/**
 * Notes on tickets (spec 1 §3, §7 "Notes"). Every row is reached through the caller's company scope and the ticket
 * visibility rule (spec 1 §6): a note shows only with a ticket the caller may see, and a ticket, contact or note of
 * another company, or a ticket the caller may not see, is not found (404). A note is deleted by its author or an admin.
 */
@injectable()
export class TicketNoteService {
  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(TicketSearch) private readonly tickets: TicketSearch,
    @inject(TicketVisibility) private readonly visibility: TicketVisibility,
  ) {}

  /** GET /ticket-notes: the company's notes, newest first, 20 a page; optionally of one ticket or contact. */
  async page(options: {
    auth: AuthContext;
    pageNumber: number;
    ticketId?: number;
    contactId?: number;
  }): Promise<{ notes: TicketNoteModel[]; hasMore: boolean }> {
    if (options.ticketId) await this.tickets.visibleTicket(options.auth, options.ticketId);
    const offset = (options.pageNumber - 1) * TICKET_NOTES_PAGE_SIZE;
    // One row more than a page tells whether another page exists without counting.
    const rows = await this.notes(await this.visibility.viewer(options.auth), options)
      .limit(TICKET_NOTES_PAGE_SIZE + 1)
      .offset(offset);
    return { notes: rows.slice(0, TICKET_NOTES_PAGE_SIZE), hasMore: rows.length > TICKET_NOTES_PAGE_SIZE };
  }

  /**
   * GET /ticket-notes/list: the notes of a ticket and/or contact, newest first, each with its author {id, name};
   * a ticket or contact of another company is not found.
   */
  async list(options: { auth: AuthContext; ticketId?: number; contactId?: number }): Promise<TicketNoteModel[]> {
    const scope = this.tenancy.of(options.auth.companyId);
    if (options.ticketId) await this.tickets.visibleTicket(options.auth, options.ticketId);
    if (options.contactId) await scope.findOrFail<ContactModel>(ContactModel, options.contactId, 'ERR_NO_CONTACT_FOUND');
    return await this.notes(await this.visibility.viewer(options.auth), options);
  }

  async create(options: { auth: AuthContext; input: CreateTicketNoteInput }): Promise<TicketNoteModel> {
    const { auth, input } = options;
    const scope = this.tenancy.of(auth.companyId);
    const ticket = await this.tickets.visibleTicket(auth, input.ticketId);
    const contactId = input.contactId ?? ticket.contactId;
    if (input.contactId !== undefined) {
      await scope.findOrFail<ContactModel>(ContactModel, input.contactId, 'ERR_NO_CONTACT_FOUND');
      if (input.contactId !== ticket.contactId) {
        const message = 'O contato não é o do ticket';
        throw new AppError('ERR_VALIDATION', 400, { message, fields: { contactId: message } });
      }
    }
    const created = await scope.insert<TicketNoteModel>(TicketNoteModel, {
      note: input.note,
      ticketId: ticket.id,
      contactId,
      userId: auth.userId,
    });
    return this.withAuthor(auth, created.id);
  }

  /** DELETE /ticket-notes/:id: the author, or an admin of the company. */
  async remove(options: { auth: AuthContext; noteId: number }): Promise<void> {
    const { auth } = options;
    const note = await this.notes(await this.visibility.viewer(auth), { auth }).findById(options.noteId);
    if (!note) throw AppError.notFound(NOT_FOUND);
    if (!isAdmin(auth) && note.userId !== auth.userId) throw AppError.forbidden();
    await this.tenancy.of(auth.companyId).query<TicketNoteModel>(TicketNoteModel).delete().where('id', note.id).returning('id');
  }

  // --- helpers ---

  /** The company's notes the caller may see: those of tickets the visibility rule shows them. */
  private notes(viewer: TicketViewer, options: { auth: AuthContext; ticketId?: number; contactId?: number }) {
    const query = this.tenancy
      .of(options.auth.companyId)
      .query<TicketNoteModel>(TicketNoteModel)
      .withGraphFetched('user')
      .modifyGraph('user', (builder) => builder.select('users.id', 'users.name'))
      .orderBy('ticket_notes.created_at', 'desc')
      .orderBy('ticket_notes.id', 'desc');
    if (!viewer.admin) query.whereIn('ticket_notes.ticket_id', this.tickets.visibleTickets(viewer).select('tickets.id'));
    if (options.ticketId) query.where('ticket_notes.ticket_id', options.ticketId);
    if (options.contactId) query.where('ticket_notes.contact_id', options.contactId);
    return query;
  }

  private async withAuthor(auth: AuthContext, noteId: number): Promise<TicketNoteModel> {
    const note = await this.notes(await this.visibility.viewer(auth), { auth }).findById(noteId);
    if (!note) throw AppError.notFound(NOT_FOUND);
    return note;
  }
}
