import { InvoicesScreen } from './InvoicesScreen';

/** /financeiro (admins): the company's invoices inside the app's frame. */
export default function InvoicesPage() {
  return <InvoicesScreen />;
}
