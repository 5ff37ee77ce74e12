// The billing module's public face: what other modules may use of it (DESIGN §8.13).
export { billingModule } from './billing.module.js';
export { InvoiceSweeper } from './invoice-sweeper.js';
export { INVOICE_LEAD_DAYS } from './due-invoices.js';
