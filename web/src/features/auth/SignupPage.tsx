// Scaffold: replaced by the feature's real page.
export default function SignupPage() {
  return <div>SignupPage</div>;
}
