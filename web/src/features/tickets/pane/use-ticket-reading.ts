import { useEffect, type RefObject } from 'react';
import { useStore } from 'react-redux';
import { realtime } from '../../../app/realtime';
import type { RootState } from '../../../app/store';
import { messagesApi, useMarkTicketReadMutation } from '../../messages/messages.api';
import { isTicketOnScreen, showTicketOnScreen } from '../ticket-on-screen';

/**
 * The open ticket is read while it is on screen (spec 1 §7: GET /messages/:ticketId marks it read): when it opens,
 * when a message of the contact arrives, and when the agent comes back to a page or tab that hid it. The server
 * sets unreadMessages to 0 and tells every list and bell (`ticket` updateUnread).
 */
export function useTicketReading(ticketId: number | undefined, pane: RefObject<HTMLElement | null>): void {
  const store = useStore<RootState>();
  const [markRead] = useMarkTicketReadMutation();

  useEffect(() => {
    if (!ticketId) return;
    const element = pane.current;
    const stopShowing = showTicketOnScreen(ticketId, element);
    let missed = false;
    // One call at a time: a burst of messages reads the ticket once more after the call under way.
    let reading = false;
    let again = false;
    let active = true;
    const send = () => {
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      void Promise.resolve(markRead(ticketId)).finally(() => {
        reading = false;
        if (again && active) {
          again = false;
          send();
        }
      });
    };
    const read = () => {
      missed = !isTicketOnScreen(ticketId);
      if (!missed) send();
    };
    // A conversation loaded a moment ago is not fetched again, so its opening does not read it by itself.
    if (messagesApi.endpoints.listMessages.select(ticketId)(store.getState()).data) read();

    const offMessage = realtime.on('appMessage', (event) => {
      if (event?.action === 'create' && event.message?.ticketId === ticketId && !event.message.fromMe) read();
    });
    const catchUp = () => {
      if (missed) read();
    };
    document.addEventListener('visibilitychange', catchUp);
    const observer = element && typeof IntersectionObserver !== 'undefined' ? new IntersectionObserver(catchUp) : null;
    if (element) observer?.observe(element);
    return () => {
      active = false;
      stopShowing();
      offMessage();
      document.removeEventListener('visibilitychange', catchUp);
      observer?.disconnect();
    };
  }, [markRead, pane, store, ticketId]);
}
