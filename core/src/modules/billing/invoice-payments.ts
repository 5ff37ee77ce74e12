import type { Knex } from 'knex';
import { inject, injectable } from '@switchboard/sdk';
import { SystemData } from '../../platform/system-data.js';
import { CompanyRegistry } from '../companies/index.js';

/** What became of a confirmed payment. */
export type PaymentOutcome =
  | { applied: true; companyId: number; dueDate: Date }
  | { applied: false; reason: 'unknown-invoice' | 'already-paid' | 'amount-mismatch'; companyId?: number; expected?: number };

/**
 * Applies a provider's confirmed payment to the invoice it names (a system path, DESIGN §4: the webhook knows the
 * invoice, not yet its company). The invoice turns paid and its company is renewed by one recurrence in one
 * transaction, under the invoice's row lock, so a webhook delivered twice (or two nodes receiving it at once) pays
 * once; a payment of another amount than the invoice's value is not applied.
 */
@injectable()
export class InvoicePayments {
  constructor(
    @inject(SystemData) private readonly system: SystemData,
    @inject(CompanyRegistry) private readonly companies: CompanyRegistry,
  ) {}

  async apply(options: { invoiceId: number; amount: number; now: Date }): Promise<PaymentOutcome> {
    return this.system.knex.transaction(async (trx: Knex.Transaction) => {
      const invoice = await trx('invoices').where('id', options.invoiceId).forUpdate().first('company_id', 'status', 'value');
      if (!invoice) return { applied: false, reason: 'unknown-invoice' } as const;
      const companyId = Number(invoice.company_id);
      if (invoice.status === 'paid') return { applied: false, reason: 'already-paid', companyId } as const;
      const expected = Number(invoice.value);
      if (Math.round(expected * 100) !== Math.round(options.amount * 100)) {
        return { applied: false, reason: 'amount-mismatch', companyId, expected } as const;
      }
      await trx('invoices').where('id', options.invoiceId).update({ status: 'paid', updated_at: options.now });
      const company = await this.companies.renew({ companyId, now: options.now, within: trx });
      return { applied: true, companyId, dueDate: new Date(company.dueDate as string | Date) } as const;
    });
  }
}
