import { api } from '../../app/api';
import type { TicketPage } from './ticket-list-updates';
import type { TicketStatus, Ticket } from '@switchboard/sdk/contracts';

export type { TicketStatus, Ticket };

export interface TicketListParams {
  searchParam?: string;
  pageNumber?: number;
  status?: TicketStatus;
  showAll?: boolean;
  queueIds?: number[];
  tags?: number[];
  users?: number[];
  whatsappIds?: number[];
  statusFilter?: TicketStatus[];
  withUnreadMessages?: boolean;
  date?: string;
  updatedAt?: string;
}

export interface TicketLogEntry {
  id: number;
  type: string;
  createdAt: string;
  user?: { id: number; name: string } | null;
  queue?: { id: number; name: string } | null;
  [field: string]: unknown;
}

/** Repeated list params as JSON strings, as the API reads them (`queueIds=[1,2]`). */
export function ticketQuery(params: TicketListParams): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    query[key] = Array.isArray(value) ? JSON.stringify(value) : String(value);
  }
  return query;
}

/** The holder of a contact's active ticket, as a 409 ERR_OTHER_OPEN_TICKET / ERROR_TICKET_OPEN answer names it. */
export interface OpenTicketHolder {
  id: number;
  uuid: string;
  user: { id: number; name: string } | null;
  queue: { id: number; name: string } | null;
}

/**
 * The holder carried by a ticket conflict (spec 1 §8): core answers `{ error, message: JSON string, ticket }`;
 * the message string is read when `ticket` is missing. Null for any other error.
 */
export function openTicketConflict(error: unknown): OpenTicketHolder | null {
  const data = (error as { data?: { error?: string; message?: string; ticket?: OpenTicketHolder } } | undefined)?.data;
  if (data?.error !== 'ERR_OTHER_OPEN_TICKET' && data?.error !== 'ERROR_TICKET_OPEN') return null;
  if (data.ticket?.uuid) return data.ticket;
  try {
    const parsed = JSON.parse(data.message ?? '') as OpenTicketHolder;
    return parsed?.uuid ? parsed : null;
  } catch {
    return null;
  }
}

export const ticketsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The ticket manager's lists: GET /tickets page by page (40 a page); socket events are written in by useTicketListLiveUpdates. */
    ticketPages: build.infiniteQuery<TicketPage, TicketListParams, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (lastPage, _allPages, lastPageParam) => (lastPage.hasMore ? lastPageParam + 1 : undefined),
      },
      query: ({ queryArg, pageParam }) => ({ url: 'tickets', params: ticketQuery({ ...queryArg, pageNumber: pageParam }) }),
      providesTags: ['Ticket'],
    }),
    listTickets: build.query<{ tickets: Ticket[]; hasMore: boolean; count?: number }, TicketListParams>({
      query: (params) => ({ url: 'tickets', params: ticketQuery(params) }),
      providesTags: ['Ticket'],
    }),
    ticketByUuid: build.query<Ticket, string>({
      query: (uuid) => `tickets/u/${uuid}`,
      providesTags: (ticket) => (ticket ? [{ type: 'Ticket', id: ticket.id }] : []),
    }),
    createTicket: build.mutation<
      Ticket,
      { contactId: number; queueId?: number | null; whatsappId?: number | null; status?: TicketStatus; userId?: number }
    >({
      query: (body) => ({ url: 'tickets', method: 'POST', body }),
      invalidatesTags: ['Ticket'],
    }),
    updateTicket: build.mutation<
      Ticket,
      {
        id: number;
        status?: TicketStatus;
        userId?: number | null;
        queueId?: number | null;
        useIntegration?: boolean;
        sendFarewellMessage?: boolean;
        [field: string]: unknown;
      }
    >({
      query: ({ id, ...body }) => ({ url: `tickets/${id}`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => ['Ticket', { type: 'Ticket', id }],
    }),
    deleteTicket: build.mutation<void, number>({
      query: (id) => ({ url: `tickets/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Ticket'],
    }),
    /** Closes what the tab shows: its status, the chosen queues and, without showAll, no other agent's tickets. */
    closeAllTickets: build.mutation<void, { status: TicketStatus; queueIds?: number[]; showAll?: boolean }>({
      query: (body) => ({ url: 'tickets/closeAll', method: 'POST', body }),
      invalidatesTags: ['Ticket'],
    }),
    ticketLog: build.query<TicketLogEntry[], number>({
      query: (ticketId) => `tickets-log/${ticketId}`,
    }),
  }),
});

export const {
  useTicketPagesInfiniteQuery,
  useListTicketsQuery,
  useLazyListTicketsQuery,
  useTicketByUuidQuery,
  useCreateTicketMutation,
  useUpdateTicketMutation,
  useDeleteTicketMutation,
  useCloseAllTicketsMutation,
  useTicketLogQuery,
} = ticketsApi;
