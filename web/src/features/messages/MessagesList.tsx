import type { Ticket } from '../tickets/tickets.api';
// Scaffold (owned by messages): the ticket's message list.
export function MessagesList({ ticket }: { ticket: Ticket }) {
  return <div data-ticket-id={ticket.id} />;
}
