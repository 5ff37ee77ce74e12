import { useEffect } from 'react';
import { useStore } from 'react-redux';
import { useAppDispatch } from '../../app/hooks';
import { realtime } from '../../app/realtime';
import type { RootState } from '../../app/store';
import { applyTicketUpdate, clearUnread, hasTicket, removeTicket, setPresence, type TicketPages } from './ticket-list-updates';
import { isTicketAdmin } from './ticket-permissions';
import { countedUnread } from './ticket-on-screen';
import { ticketsApi, type TicketListParams } from './tickets.api';
import type { TicketEvent } from '@switchboard/sdk/contracts';

/** How long a 'typing' / 'recording' presence stays on a card without a new presence event. */
export const PRESENCE_MS = 5000;

/**
 * The one place where socket events reach the ticket lists (spec 1 §4 live updates): `ticket` update / updateUnread /
 * delete and `presence` are written into every cached ticket list (RTK Query cache), so the lists, their count
 * badges and the pages already loaded stay current without refetching.
 */
export function useTicketListLiveUpdates(): void {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();

  useEffect(() => {
    const presenceTimers = new Map<number, ReturnType<typeof setTimeout>>();

    const eachList = (recipe: (data: TicketPages, params: TicketListParams) => void) => {
      for (const params of ticketsApi.util.selectCachedArgsForQuery(store.getState(), 'ticketPages')) {
        dispatch(ticketsApi.util.updateQueryData('ticketPages', params, (data) => recipe(data, params)));
      }
    };
    const listed = (ticketId: number) =>
      ticketsApi.util.selectCachedArgsForQuery(store.getState(), 'ticketPages').some((params) => {
        const data = ticketsApi.endpoints.ticketPages.select(params)(store.getState()).data;
        return data ? hasTicket(data, ticketId) : false;
      });

    const onTicket = async (event: TicketEvent) => {
      if (event.action === 'updateUnread') return eachList((data) => clearUnread(data, event.ticketId));
      if (event.action === 'delete') return eachList((data) => removeTicket(data, Number(event.ticketId)));
      if (event.action !== 'update' || !event.ticket?.id) return;
      // The ticket on screen is read as its messages arrive: its card never counts them.
      let ticket = countedUnread(event.ticket);
      // A new message sends the bare ticket row (no queue, user, connection or tags): a ticket no list holds yet
      // is read in full so its card is complete.
      if (!('tags' in ticket) && ticket.uuid && !listed(ticket.id)) {
        const full = await dispatch(ticketsApi.endpoints.ticketByUuid.initiate(ticket.uuid, { subscribe: false, forceRefetch: true }));
        if (full.data) ticket = countedUnread({ ...ticket, ...full.data });
      }
      const user = store.getState().auth.user;
      const viewer = user ? { userId: user.id, admin: isTicketAdmin(user) } : undefined;
      eachList((data, params) => applyTicketUpdate(data, ticket, params, viewer));
    };

    const onPresence = (event: { ticketId: number; presence: string }) => {
      if (!event?.ticketId) return;
      const shown = event.presence === 'composing' || event.presence === 'recording' ? event.presence : null;
      clearTimeout(presenceTimers.get(event.ticketId));
      eachList((data) => setPresence(data, event.ticketId, shown));
      if (shown) {
        presenceTimers.set(
          event.ticketId,
          setTimeout(() => {
            presenceTimers.delete(event.ticketId);
            eachList((data) => setPresence(data, event.ticketId, null));
          }, PRESENCE_MS),
        );
      }
    };

    const offTicket = realtime.on('ticket', (event) => void onTicket(event));
    const offPresence = realtime.on('presence', onPresence);
    return () => {
      offTicket();
      offPresence();
      for (const timer of presenceTimers.values()) clearTimeout(timer);
    };
  }, [dispatch, store]);
}
