// Scaffold: replaced by the feature's real page.
export default function LoginPage() {
  return <div>LoginPage</div>;
}
