import { ContainerModule } from '@switchboard/sdk';
import { BackgroundWorker } from '../../platform/background-worker.js';
import { RouteContribution } from '../../platform/http/api-router.js';
import { BillingRoutes } from './billing.routes.js';
import { CheckoutService } from './checkout.service.js';
import { DueInvoices } from './due-invoices.js';
import { InvoicePayments } from './invoice-payments.js';
import { InvoiceService } from './invoice.service.js';
import { InvoiceSweeper } from './invoice-sweeper.js';
import { PaymentGateway } from './payment-gateway.js';
import { PaymentService } from './payment.service.js';

export const billingModule = new ContainerModule((bind) => {
  bind(InvoiceService).toSelf();
  bind(DueInvoices).toSelf();
  bind(InvoiceSweeper).toSelf();
  bind(BackgroundWorker).toDynamicValue((context) => context.container.get(InvoiceSweeper).worker());
  bind(PaymentGateway).toSelf();
  bind(CheckoutService).toSelf();
  bind(InvoicePayments).toSelf();
  bind(PaymentService).toSelf();
  bind(RouteContribution).to(BillingRoutes);
});
