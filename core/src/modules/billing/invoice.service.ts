import { inject, injectable } from '@switchboard/sdk';
import type { Invoice, InvoicePage } from '@switchboard/sdk/contracts';
import { containsPattern } from '../../platform/database/like-pattern.js';
import { AppError } from '../../platform/http/app-error.js';
import { Tenancy } from '../../platform/tenancy.js';
import { invoiceJson, InvoiceModel } from './invoice.model.js';

export const INVOICES_PAGE_SIZE = 20;
export const INVOICE_NOT_FOUND = 'ERR_NO_INVOICE_FOUND';

/** A company's own invoices (spec 2 §2 /financeiro): another company's invoice is not found, like a missing one. */
@injectable()
export class InvoiceService {
  constructor(@inject(Tenancy) private readonly tenancy: Tenancy) {}

  /** Newest due date first, searched by their detail (the plan and period). */
  async page(options: { companyId: number; searchParam: string; pageNumber: number }): Promise<InvoicePage> {
    const query = this.tenancy.of(options.companyId).query(InvoiceModel);
    if (options.searchParam) query.whereRaw('lower(detail) like ?', [containsPattern(options.searchParam.toLowerCase())]);
    const [counted] = (await query.clone().count({ count: '*' })) as unknown as { count: string | number }[];
    const count = Number(counted?.count ?? 0);
    const offset = (options.pageNumber - 1) * INVOICES_PAGE_SIZE;
    const rows = await query.orderBy('due_date', 'desc').orderBy('id', 'desc').limit(INVOICES_PAGE_SIZE).offset(offset);
    return { invoices: rows.map(invoiceJson), count, hasMore: count > offset + rows.length };
  }

  async show(options: { companyId: number; invoiceId: number }): Promise<Invoice> {
    return invoiceJson(await this.tenancy.of(options.companyId).findOrFail(InvoiceModel, options.invoiceId, INVOICE_NOT_FOUND));
  }
}

/** The invoice the caller's company may still pay; paid or missing ones refuse the checkout. */
export async function openInvoice(tenancy: Tenancy, options: { companyId: number; invoiceId: number }): Promise<InvoiceModel> {
  const invoice = await tenancy.of(options.companyId).findOrFail(InvoiceModel, options.invoiceId, INVOICE_NOT_FOUND);
  if (invoice.status === 'paid') {
    throw new AppError('ERR_INVOICE_ALREADY_PAID', 409, { message: 'Esta fatura já foi paga.' });
  }
  return invoice;
}
