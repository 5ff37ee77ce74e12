import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { toastError } from '../../app/errors';
import { useUpdateTicketMutation, type Ticket } from './tickets.api';

/**
 * The list's ticket transitions (spec 1 §4): accept (then open the ticket), close a pending ticket without farewell,
 * and return a ticket to the pending list. Each answers true on success; failures show the shared error toast.
 */
export function useTicketActions() {
  const me = useAppSelector((state) => state.auth.user);
  const navigate = useNavigate();
  const [updateTicket, { isLoading }] = useUpdateTicketMutation();

  const run = useCallback(
    async (change: Parameters<typeof updateTicket>[0]): Promise<Ticket | null> => {
      try {
        return await updateTicket(change).unwrap();
      } catch (error) {
        toastError(error);
        return null;
      }
    },
    [updateTicket],
  );

  const accept = useCallback(
    async (ticket: Pick<Ticket, 'id' | 'uuid'>, queueId: number | null): Promise<Ticket | null> => {
      if (!me) return null;
      const accepted = await run({ id: ticket.id, status: 'open', userId: me.id, queueId });
      if (accepted) navigate(`/tickets/${accepted.uuid ?? ticket.uuid}`);
      return accepted;
    },
    [me, run, navigate],
  );

  const closeWithoutFarewell = useCallback(
    (ticket: Pick<Ticket, 'id'>) => run({ id: ticket.id, status: 'closed', sendFarewellMessage: false }),
    [run],
  );

  const returnToPending = useCallback((ticket: Pick<Ticket, 'id'>) => run({ id: ticket.id, status: 'pending', userId: null }), [run]);

  return { accept, closeWithoutFarewell, returnToPending, busy: isLoading };
}
