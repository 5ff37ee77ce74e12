// Scaffold: replaced by the feature's real page.
export default function TagsPage() {
  return <div>TagsPage</div>;
}
