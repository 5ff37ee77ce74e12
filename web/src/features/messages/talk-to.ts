import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { toastError } from '../../app/errors';
import { useCreateContactMutation, useLazyListContactsQuery } from '../contacts/contacts.api';
import { useCreateTicketMutation, type Ticket } from '../tickets/tickets.api';

interface OpenTicketHolder {
  uuid: string;
  user?: { id: number; name: string } | null;
  queue?: { id: number; name: string } | null;
}

/** The holder named by a 409 ERR_OTHER_OPEN_TICKET (its `ticket`, or the JSON string in `message`). */
function holderOf(error: unknown): OpenTicketHolder | null {
  const data = (error as { data?: { error?: string; message?: string; ticket?: OpenTicketHolder } })?.data;
  if (data?.error !== 'ERR_OTHER_OPEN_TICKET') return null;
  if (data.ticket?.uuid) return data.ticket;
  try {
    return JSON.parse(data.message ?? '') as OpenTicketHolder;
  } catch {
    return null;
  }
}

/**
 * 'Talk to' (spec 1 §2, §5): opens a conversation with a person met in this ticket (a group participant or a
 * shared contact card), on the same connection: the contact is found by number or created, then a ticket is
 * opened for the current user. A ticket the contact already has is opened when it is the user's own, else the
 * holder is named.
 */
export function useTalkTo(ticket: Ticket) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useAppSelector((state) => state.auth.user);
  const [findContacts] = useLazyListContactsQuery();
  const [createContact] = useCreateContactMutation();
  const [createTicket] = useCreateTicketMutation();
  const [busy, setBusy] = useState(false);

  const talkTo = useCallback(
    async (person: { name: string; number: string }) => {
      const number = person.number.replace(/\D/g, '');
      if (!number || !user) return;
      setBusy(true);
      try {
        const found = await findContacts({ searchParam: number }).unwrap();
        const contact =
          found.contacts.find((candidate) => candidate.number.replace(/\D/g, '') === number && !candidate.isGroup) ??
          (await createContact({ name: person.name || number, number }).unwrap());
        const created = await createTicket({
          contactId: contact.id,
          status: 'open',
          userId: user.id,
          whatsappId: ticket.whatsappId,
          queueId: ticket.queueId ?? user.queues[0]?.id ?? null,
        }).unwrap();
        navigate(`/tickets/${created.uuid}`);
      } catch (error) {
        const holder = holderOf(error);
        if (holder && (!holder.user || holder.user.id === user.id)) navigate(`/tickets/${holder.uuid}`);
        else if (holder)
          toast.info(
            t('messages.talkTo.heldBy', { user: holder.user?.name ?? '', queue: holder.queue?.name ?? t('messages.talkTo.noQueue') }),
          );
        else toastError(error);
      } finally {
        setBusy(false);
      }
    },
    [user, findContacts, createContact, createTicket, ticket.whatsappId, ticket.queueId, navigate, t],
  );

  return { talkTo, busy };
}
