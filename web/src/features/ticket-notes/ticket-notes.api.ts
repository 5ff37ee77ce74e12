import { api } from '../../app/api';

/** A ticket note as GET /ticket-notes/list answers it (spec 1 §3), with its author. */
export interface TicketNote {
  id: number;
  note: string;
  ticketId: number;
  contactId: number;
  userId: number | null;
  user: { id: number; name: string } | null;
  createdAt: string;
}

export interface TicketNotesArgs {
  ticketId: number;
  contactId: number;
}

export const ticketNotesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /ticket-notes/list: the notes of one ticket and contact, newest first. */
    ticketNotes: build.query<TicketNote[], TicketNotesArgs>({
      query: (params) => ({ url: 'ticket-notes/list', params }),
      providesTags: (_result, _error, { ticketId }) => [{ type: 'Note', id: ticketId }],
    }),
    addTicketNote: build.mutation<{ message: string; note: TicketNote }, TicketNotesArgs & { note: string }>({
      query: (body) => ({ url: 'ticket-notes', method: 'POST', body }),
      invalidatesTags: (_result, _error, { ticketId }) => [{ type: 'Note', id: ticketId }],
    }),
    deleteTicketNote: build.mutation<{ message: string }, { id: number; ticketId: number }>({
      query: ({ id }) => ({ url: `ticket-notes/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { ticketId }) => [{ type: 'Note', id: ticketId }],
    }),
  }),
});

export const { useTicketNotesQuery, useAddTicketNoteMutation, useDeleteTicketNoteMutation } = ticketNotesApi;
