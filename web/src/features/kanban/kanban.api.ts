import { api } from '../../app/api';

/** A card of the board (GET /ticket/kanban): its kanban lanes are its tags. */
export interface KanbanTicket {
  id: number;
  uuid: string;
  status: string;
  lastMessage: string;
  updatedAt: string;
  contact: { id: number; name: string; number: string };
  tags: { id: number }[];
}

/** A lane: a kanban tag (GET /tags/kanban). */
export interface KanbanLane {
  id: number;
  name: string;
  color: string | null;
  ticketsCount?: number;
}

export const kanbanApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The open and waiting tickets of the user's own queues (the server reads them): spec 3 §6. */
    kanbanTickets: build.query<{ tickets: KanbanTicket[]; hasMore: boolean }, void>({
      query: () => 'ticket/kanban',
      keepUnusedDataFor: 0,
    }),
    kanbanLanes: build.query<{ lista: KanbanLane[] }, void>({ query: () => 'tags/kanban', providesTags: ['Tag'] }),
    /** The first half of a card move: the card leaves its lane (DELETE /ticket-tags/:ticketId). */
    leaveLane: build.mutation<unknown, number>({ query: (ticketId) => ({ url: `ticket-tags/${ticketId}`, method: 'DELETE' }) }),
    /** The second half: the card joins the lane (PUT /ticket-tags/:ticketId/:tagId). */
    joinLane: build.mutation<unknown, { ticketId: number; tagId: number }>({
      query: ({ ticketId, tagId }) => ({ url: `ticket-tags/${ticketId}/${tagId}`, method: 'PUT' }),
    }),
  }),
});

export const { useKanbanTicketsQuery, useKanbanLanesQuery, useLeaveLaneMutation, useJoinLaneMutation } = kanbanApi;
