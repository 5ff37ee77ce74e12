import type { Invoice } from '@switchboard/sdk/contracts';
import { TenantModel } from '../../platform/database/model.js';

/** The Pix charge of an invoice, as the checkout stored it (invoices.payload). */
export interface StoredCharge {
  provider: string;
  chargeId: string;
  /** BRL: what the charge asks, so a later checkout knows whether it still fits the invoice. */
  amount: number;
  pix: { payload: string; qrCodePng: string | null; expiresAt: string | null };
}

/** One billing period of a company (spec 2 §3 Invoice): its terms, its value and, once checked out, its Pix charge. */
export class InvoiceModel extends TenantModel {
  static override tableName = 'invoices';

  detail!: string | null;
  users!: number;
  connections!: number;
  queues!: number;
  value!: number;
  dueDate!: Date;
  status!: string;
  /** The provider's charge id. */
  txid!: string | null;
  payload!: StoredCharge | null;

  static override get jsonAttributes() {
    return ['payload'];
  }

  override $parseDatabaseJson(json: Record<string, unknown>) {
    const parsed = super.$parseDatabaseJson(json);
    // numeric(12,2) comes back as a string.
    if (parsed.value !== undefined && parsed.value !== null) parsed.value = Number(parsed.value);
    return parsed;
  }
}

/** The invoice as the API answers it: the contract's fields only (never the charge's ids). */
export function invoiceJson(invoice: InvoiceModel): Invoice {
  return {
    id: invoice.id,
    detail: invoice.detail ?? '',
    users: invoice.users,
    connections: invoice.connections,
    queues: invoice.queues,
    value: invoice.value,
    dueDate: new Date(invoice.dueDate).toISOString(),
    status: invoice.status === 'paid' ? 'paid' : 'open',
    createdAt: new Date(invoice.createdAt).toISOString(),
    updatedAt: new Date(invoice.updatedAt).toISOString(),
  };
}
