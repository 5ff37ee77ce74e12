import { api } from '../../app/api';
import { realtime } from '../../app/realtime';
import { countedUnread } from '../tickets/ticket-on-screen';
import { ticketQuery, type Ticket } from '../tickets/tickets.api';
import type { TicketRow } from '@switchboard/sdk/contracts';

/**
 * Tickets needing the user's attention (spec 1 §2 notification bell): 'unread' are the user's own open tickets
 * with unread messages; 'pending' are the waiting tickets, listed only for users whose allTicket is 'enable'.
 */
export type AttentionKind = 'unread' | 'pending';

export interface AttentionArgs {
  kind: AttentionKind;
  userId: number;
}

/** Whether a ticket belongs in the list of this kind. */
export function needsAttention(ticket: Pick<Ticket, 'status' | 'userId' | 'unreadMessages'>, { kind, userId }: AttentionArgs): boolean {
  if (kind === 'pending') return ticket.status === 'pending';
  return ticket.status === 'open' && ticket.userId === userId && ticket.unreadMessages > 0;
}

export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    // Live updates may bring a ticket's bare row: the bell reads only its own columns and contact.
    attentionTickets: build.query<TicketRow[], AttentionArgs>({
      query: ({ kind, userId }) => ({
        url: 'tickets',
        params: ticketQuery(kind === 'pending' ? { status: 'pending' } : { status: 'open', users: [userId], withUnreadMessages: true }),
      }),
      transformResponse: (answer: { tickets: Ticket[] }) => answer.tickets,
      providesTags: ['Ticket'],
      // The socket only sends the tickets this user may see; each event is written into the list here.
      async onCacheEntryAdded(args, { cacheDataLoaded, cacheEntryRemoved, updateCachedData }) {
        try {
          await cacheDataLoaded;
        } catch {
          return;
        }
        const off = realtime.on('ticket', (event) =>
          updateCachedData((tickets) => {
            if (event.action === 'update') {
              // The ticket on screen is read as its messages arrive: the bell does not count it.
              const changed = countedUnread(event.ticket);
              const rest = tickets.filter((ticket) => ticket.id !== changed.id);
              return needsAttention(changed, args) ? [changed, ...rest] : rest;
            }
            if (event.action === 'delete') return tickets.filter((ticket) => ticket.id !== event.ticketId);
            if (event.action === 'updateUnread') {
              // The messages were read: an unread entry is done; a pending one stays, without its count.
              if (args.kind === 'unread') return tickets.filter((ticket) => ticket.id !== event.ticketId);
              const read = tickets.find((ticket) => ticket.id === event.ticketId);
              if (read) read.unreadMessages = 0;
            }
          }),
        );
        await cacheEntryRemoved;
        off();
      },
    }),
  }),
});

export const { useAttentionTicketsQuery } = notificationsApi;
