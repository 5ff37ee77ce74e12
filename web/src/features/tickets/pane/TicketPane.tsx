// Scaffold (owned by the ticket pane): header, messages, composer, contact drawer for one ticket.
export default function TicketPane({ uuid }: { uuid: string }) {
  return <div data-ticket-uuid={uuid} />;
}
