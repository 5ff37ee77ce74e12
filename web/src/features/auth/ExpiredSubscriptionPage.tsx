// Scaffold: replaced by the feature's real page.
export default function ExpiredSubscriptionPage() {
  return <div>ExpiredSubscriptionPage</div>;
}
