import { inject, injectable } from '@switchboard/sdk';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import { AppError } from '../../platform/http/app-error.js';
import { Tenancy } from '../../platform/tenancy.js';
import { ContactModel } from '../contacts/contact.model.js';
import { TicketModel } from '../tickets/ticket.model.js';
import { TicketNoteModel } from './ticket-note.model.js';
import { TICKET_NOTES_PAGE_SIZE, type CreateTicketNoteInput } from './ticket-notes.schema.js';

const NOT_FOUND = 'ERR_NO_TICKET_NOTE_FOUND';

/**
 * Notes on tickets (spec 1 §3, §7 "Notes"). Every row is reached through the caller's company scope, so a
 * ticket, contact or note of another company is not found (404). A note is deleted by its author or an admin.
 */
@injectable()
export class TicketNoteService {
  constructor(@inject(Tenancy) private readonly tenancy: Tenancy) {}

  /** GET /ticket-notes: the company's notes, newest first, 20 a page; optionally of one ticket or contact. */
  async page(options: {
    auth: AuthContext;
    pageNumber: number;
    ticketId?: number;
    contactId?: number;
  }): Promise<{ notes: TicketNoteModel[]; hasMore: boolean }> {
    const offset = (options.pageNumber - 1) * TICKET_NOTES_PAGE_SIZE;
    // One row more than a page tells whether another page exists without counting.
    const rows = await this.notes(options)
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
    if (options.ticketId) await scope.findOrFail<TicketModel>(TicketModel, options.ticketId, 'ERR_NO_TICKET_FOUND');
    if (options.contactId) await scope.findOrFail<ContactModel>(ContactModel, options.contactId, 'ERR_NO_CONTACT_FOUND');
    return await this.notes(options);
  }

  async create(options: { auth: AuthContext; input: CreateTicketNoteInput }): Promise<TicketNoteModel> {
    const { auth, input } = options;
    const scope = this.tenancy.of(auth.companyId);
    const ticket = await scope.findOrFail<TicketModel>(TicketModel, input.ticketId, 'ERR_NO_TICKET_FOUND');
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
    const scope = this.tenancy.of(auth.companyId);
    const note = await scope.findOrFail<TicketNoteModel>(TicketNoteModel, options.noteId, NOT_FOUND);
    const admin = auth.profile === 'admin' || auth.super;
    if (!admin && note.userId !== auth.userId) throw AppError.forbidden();
    await scope.query<TicketNoteModel>(TicketNoteModel).delete().where('id', note.id).returning('id');
  }

  // --- helpers ---

  private notes(options: { auth: AuthContext; ticketId?: number; contactId?: number }) {
    const query = this.tenancy
      .of(options.auth.companyId)
      .query<TicketNoteModel>(TicketNoteModel)
      .withGraphFetched('user')
      .modifyGraph('user', (builder) => builder.select('users.id', 'users.name'))
      .orderBy('ticket_notes.created_at', 'desc')
      .orderBy('ticket_notes.id', 'desc');
    if (options.ticketId) query.where('ticket_notes.ticket_id', options.ticketId);
    if (options.contactId) query.where('ticket_notes.contact_id', options.contactId);
    return query;
  }

  private async withAuthor(auth: AuthContext, noteId: number): Promise<TicketNoteModel> {
    const note = await this.notes({ auth }).findById(noteId);
    if (!note) throw AppError.notFound(NOT_FOUND);
    return note;
  }
}
