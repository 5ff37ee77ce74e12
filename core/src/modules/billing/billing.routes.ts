import { inject, injectable } from '@switchboard/sdk';
import type { Access } from '../../platform/http/access.js';
import type { ApiRouter, RouteContribution } from '../../platform/http/api-router.js';
import { idParam, pageNumber, validate } from '../../platform/http/validation.js';
import { checkoutSchema, invoiceSearchSchema } from './billing.schema.js';
import { CheckoutService } from './checkout.service.js';
import { INVOICE_NOT_FOUND, InvoiceService } from './invoice.service.js';
import { PaymentService } from './payment.service.js';

/**
 * The company admin's billing (spec 2 §7 Billing), also while the subscription is expired: the expiry page
 * /financeiro-aberto lists the invoices and pays one, which is how the company gets back in.
 */
export const billingAccess: Access = { profiles: ['admin'], allowExpired: true };

@injectable()
export class BillingRoutes implements RouteContribution {
  readonly area = 'billing';

  constructor(
    @inject(InvoiceService) private readonly invoices: InvoiceService,
    @inject(CheckoutService) private readonly checkout: CheckoutService,
    @inject(PaymentService) private readonly payments: PaymentService,
  ) {}

  register(api: ApiRouter): void {
    // Before /invoices/:id, which would take 'all' for an id.
    api.get('/invoices/all', billingAccess, async ({ auth, query }) => {
      const { searchParam } = await validate(invoiceSearchSchema, query);
      return this.invoices.page({ companyId: auth.companyId, searchParam, pageNumber: pageNumber(query.pageNumber) });
    });

    api.get('/invoices/:id', billingAccess, ({ auth, params }) =>
      this.invoices.show({ companyId: auth.companyId, invoiceId: idParam(params.id, INVOICE_NOT_FOUND) }),
    );

    api.post('/subscription', billingAccess, async ({ auth, body }) =>
      this.checkout.subscribe({ companyId: auth.companyId, form: await validate(checkoutSchema, body) }),
    );

    // The provider's call, proven by its token or signature over the raw body (the plugin checks it).
    api.post(
      '/webhooks/payments/:provider',
      'public',
      ({ req, params }) =>
        this.payments.receive({
          provider: params.provider!,
          delivery: { rawBody: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0), headers: req.headers },
        }),
      { rawBody: true },
    );
  }
}
