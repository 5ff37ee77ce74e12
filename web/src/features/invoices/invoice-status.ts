import { startOfDay } from 'date-fns';
import type { Invoice } from '@switchboard/sdk/contracts';

/** How an invoice reads in the table (spec 2 §4): Pago, Vencido or Em Aberto. */
export type InvoiceDisplayStatus = 'paid' | 'overdue' | 'open';

/** Pago when paid; Vencido when unpaid and due before today; Em Aberto otherwise (due today is still open). */
export function invoiceDisplayStatus(invoice: Pick<Invoice, 'status' | 'dueDate'>, now = new Date()): InvoiceDisplayStatus {
  if (invoice.status === 'paid') return 'paid';
  return new Date(invoice.dueDate) < startOfDay(now) ? 'overdue' : 'open';
}

/** The status chip's MUI colour: green paid, red overdue, amber open. */
export const invoiceStatusColor = {
  paid: 'success',
  overdue: 'error',
  open: 'warning',
} as const satisfies Record<InvoiceDisplayStatus, 'success' | 'error' | 'warning'>;
