import type { Ticket } from '../tickets/tickets.api';
// Scaffold (owned by messages): the composer.
export function MessageInput({ ticket }: { ticket: Ticket }) {
  return <div data-ticket-id={ticket.id} />;
}
