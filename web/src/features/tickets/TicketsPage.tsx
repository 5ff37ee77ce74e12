// Scaffold: replaced by the feature's real page.
export default function TicketsPage() {
  return <div>TicketsPage</div>;
}
