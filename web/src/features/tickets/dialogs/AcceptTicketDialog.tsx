import type { Ticket } from '../tickets.api';
// Scaffold (owned by the ticket list): accept a pending ticket, asking for a queue when it has none.
export function AcceptTicketDialog(props: { open: boolean; onClose: () => void; ticket: Ticket; onAccepted?: (ticket: Ticket) => void }) {
  return props.open ? <div data-ticket-id={props.ticket.id} /> : null;
}
