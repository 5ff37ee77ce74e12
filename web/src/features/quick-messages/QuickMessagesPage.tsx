// Scaffold: replaced by the feature's real page.
export default function QuickMessagesPage() {
  return <div>QuickMessagesPage</div>;
}
