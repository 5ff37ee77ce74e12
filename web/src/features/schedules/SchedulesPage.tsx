// Scaffold: replaced by the feature's real page.
export default function SchedulesPage() {
  return <div>SchedulesPage</div>;
}
