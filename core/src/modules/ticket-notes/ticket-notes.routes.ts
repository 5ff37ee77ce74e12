import { inject, injectable } from '@switchboard/sdk';
import type { ApiRouter, RouteContribution } from '../../platform/http/api-router.js';
import { signedIn } from '../../platform/http/access.js';
import { idParam, pageNumber, validate } from '../../platform/http/validation.js';
import { TicketNoteService } from './ticket-note.service.js';
import { createTicketNoteSchema, ticketNotesFilterSchema, ticketNotesListSchema } from './ticket-notes.schema.js';

/** Spec 1 §7 "Notes": the notes of the contact drawer. Success texts are the spec's (§8). */
@injectable()
export class TicketNotesRoutes implements RouteContribution {
  readonly area = 'ticket-notes';

  constructor(@inject(TicketNoteService) private readonly ticketNotes: TicketNoteService) {}

  register(api: ApiRouter): void {
    api.get('/ticket-notes', signedIn, async ({ auth, query }) => {
      const { ticketId, contactId } = await validate(ticketNotesFilterSchema, query);
      return this.ticketNotes.page({ auth, ticketId, contactId, pageNumber: pageNumber(query.pageNumber) });
    });

    api.get('/ticket-notes/list', signedIn, async ({ auth, query }) => {
      const { ticketId, contactId } = await validate(ticketNotesListSchema, query);
      return this.ticketNotes.list({ auth, ticketId, contactId });
    });

    api.post(
      '/ticket-notes',
      signedIn,
      async ({ auth, body }) => {
        const note = await this.ticketNotes.create({ auth, input: await validate(createTicketNoteSchema, body) });
        return { message: 'Observação adicionada com sucesso!', note };
      },
      { status: 201 },
    );

    api.delete('/ticket-notes/:id', signedIn, async ({ auth, params }) => {
      await this.ticketNotes.remove({ auth, noteId: idParam(params.id, 'ERR_NO_TICKET_NOTE_FOUND') });
      return { message: 'Observação excluída com sucesso!' };
    });
  }
}
