// Scaffold: replaced by the feature's real page.
export default function ContactsPage() {
  return <div>ContactsPage</div>;
}
