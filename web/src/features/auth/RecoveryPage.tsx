// Scaffold: replaced by the feature's real page.
export default function RecoveryPage() {
  return <div>RecoveryPage</div>;
}
