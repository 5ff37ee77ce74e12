import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../app/hooks';
import { realtime } from '../../../app/realtime';
import { contactsApi, type Contact } from '../../contacts/contacts.api';
import { ticketsApi } from '../tickets.api';
import type { TicketEvent, ContactEvent } from '@switchboard/sdk/contracts';

/** The toast of a ticket that left the pane (deleted or closed elsewhere); one per ticket. */
export function toastTicketClosed(ticketId: number, text: string): void {
  toast.success(text, { toastId: `ticket-closed-${ticketId}` });
}

/**
 * Spec 1 §4 live updates for the open ticket: joins its socket room (again after a reconnection), replaces the
 * cached ticket on an update, leaves for /tickets on a delete, and merges contact updates into the shown contact.
 */
export function useTicketLive(uuid: string, ticketId: number | undefined, contactId: number | undefined): void {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { t } = useTranslation();

  useEffect(() => {
    if (!ticketId) return;
    const join = () => realtime.emit('joinChatBox', ticketId);
    join();
    const offConnect = realtime.on('connect', join);
    const offTicket = realtime.on('ticket', (event: TicketEvent) => {
      if (event.action === 'update' && event.ticket?.id === ticketId) {
        // A new message's event carries the ticket row without its relations: merge it over what the pane holds.
        dispatch(ticketsApi.util.updateQueryData('ticketByUuid', uuid, (draft) => ({ ...draft, ...event.ticket })));
      } else if (event.action === 'delete' && event.ticketId === ticketId) {
        toastTicketClosed(ticketId, t('ticketPane.closedToast'));
        navigate('/tickets');
      }
    });
    return () => {
      offConnect();
      offTicket();
      realtime.emit('leaveChatBox', ticketId);
    };
  }, [dispatch, navigate, t, ticketId, uuid]);

  useEffect(() => {
    if (!contactId) return;
    return realtime.on('contact', (event: ContactEvent) => {
      if (event.action !== 'update' || event.contact?.id !== contactId) return;
      dispatch(
        ticketsApi.util.updateQueryData('ticketByUuid', uuid, (draft) => {
          draft.contact = { ...(draft.contact ?? {}), ...event.contact } as Contact;
        }),
      );
      dispatch(contactsApi.util.updateQueryData('contact', contactId, (draft) => ({ ...draft, ...event.contact })));
    });
  }, [contactId, dispatch, uuid]);
}
