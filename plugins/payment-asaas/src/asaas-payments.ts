import { createHash, timingSafeEqual } from 'node:crypto';
import {
  PaymentProviderError,
  type ChargeState,
  type ChargeStatus,
  type PaymentCall,
  type PaymentContribution,
  type Payer,
  type PixCharge,
  type PixChargeRequest,
  type PluginDescription,
  type WebhookDelivery,
  type WebhookReading,
} from '@switchboard/sdk';
import { AsaasClient, type AsaasPayment } from './asaas-api.js';
import { asaasSettingFields, readAsaasAccount, readWebhookToken } from './asaas-settings.js';

export const ASAAS_PROVIDER = 'asaas';

/** How long one call to Asaas may take before the charge fails with ERR_PAYMENT_TIMEOUT. */
const DEFAULT_TIMEOUT_MS = 20_000;

/** Our names on Asaas's records: a charge's externalReference names its invoice, a customer's its company. */
const invoiceReference = (invoiceId: number) => `switchboard-invoice-${invoiceId}`;
const companyReference = (companyId: number) => `switchboard-company-${companyId}`;
const INVOICE_REFERENCE = /^switchboard-invoice-(\d+)$/;

/** Asaas's payment statuses in our words; any other (PENDING, AWAITING_RISK_ANALYSIS, ...) is still pending. */
const STATUSES: Record<string, ChargeStatus> = {
  // CONFIRMED: paid, the money not yet available (Pix of some accounts is held for analysis up to 72 hours).
  CONFIRMED: 'paid',
  RECEIVED: 'paid',
  RECEIVED_IN_CASH: 'paid',
  DUNNING_RECEIVED: 'paid',
  OVERDUE: 'overdue',
  DUNNING_REQUESTED: 'overdue',
  REFUND_REQUESTED: 'refunded',
  REFUND_IN_PROGRESS: 'refunded',
  REFUNDED: 'refunded',
  CHARGEBACK_REQUESTED: 'refunded',
  CHARGEBACK_DISPUTE: 'refunded',
  AWAITING_CHARGEBACK_REVERSAL: 'refunded',
};

/** The Asaas payment provider: Pix charges for invoices, Asaas's payment webhooks, charge lookups. */
export class AsaasPayments implements PaymentContribution {
  readonly provider = ASAAS_PROVIDER;
  readonly description: PluginDescription = { name: 'Asaas', icon: 'pix', settings: asaasSettingFields };
  private readonly timeoutMs: number;

  constructor(options: { timeoutMs?: number } = {}) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  /** POST /payments (billingType PIX) for the payer's Asaas customer, then GET its pixQrCode. */
  async createPixCharge(request: PixChargeRequest, call: PaymentCall): Promise<PixCharge> {
    const asaas = this.client(call);
    const payment = await asaas.createPayment({
      customer: await this.customerOf(asaas, request.payer),
      billingType: 'PIX',
      value: request.amount,
      dueDate: request.dueDate,
      description: request.description,
      externalReference: invoiceReference(request.invoiceId),
    });
    const code = await asaas.pixQrCode(payment.id);
    return {
      ...chargeState(payment),
      pix: { payload: code.payload, qrCodePng: code.encodedImage || undefined, expiresAt: brasiliaTime(code.expirationDate) },
    };
  }

  async findCharge(chargeId: string, call: PaymentCall): Promise<ChargeState | undefined> {
    const payment = await this.client(call).findPayment(chargeId);
    return payment && chargeState(payment);
  }

  /**
   * Asaas sends the token configured on the webhook in the asaas-access-token header; there is no signature. The
   * body is `{ id, event, payment }`, the id being the event's, kept across redeliveries.
   */
  async readWebhook(delivery: WebhookDelivery, settings: Record<string, unknown>): Promise<WebhookReading> {
    const expected = readWebhookToken(settings);
    if (!expected) return { verified: false, reason: 'no Asaas webhook token is configured' };
    const sent = delivery.headers['asaas-access-token'];
    if (typeof sent !== 'string' || sent === '') return { verified: false, reason: 'the asaas-access-token header is missing' };
    if (!sameToken(sent, expected)) return { verified: false, reason: 'the asaas-access-token header does not match the webhook token' };
    const body = parseEvent(delivery.rawBody);
    if (!body) return { verified: false, reason: 'the body is not an Asaas event' };
    if (!body.event.startsWith('PAYMENT_') || !body.payment) return { verified: true };
    const state = chargeState(body.payment);
    return {
      verified: true,
      event: {
        ...state,
        // A deleted charge may keep its last status (PENDING) with deleted: true.
        status: body.event === 'PAYMENT_DELETED' ? 'cancelled' : state.status,
        eventId: body.id ?? `${body.event}:${body.payment.id}`,
      },
    };
  }

  private client(call: PaymentCall): AsaasClient {
    return new AsaasClient(readAsaasAccount(call.settings), { timeoutMs: this.timeoutMs, signal: call.signal });
  }

  /**
   * The payer's Asaas customer: the one we made for the company before, or one the account already has with its
   * CPF/CNPJ (Asaas does not refuse duplicates, so we look first); otherwise a new one, which needs the CPF/CNPJ.
   */
  private async customerOf(asaas: AsaasClient, payer: Payer): Promise<string> {
    const reference = companyReference(payer.companyId);
    const document = payer.document?.replace(/\D/g, '') || undefined;
    const known =
      (await asaas.findCustomer({ externalReference: reference })) ??
      (document ? await asaas.findCustomer({ cpfCnpj: document }) : undefined);
    if (known) return known.id;
    if (!document) {
      throw new PaymentProviderError('ERR_PAYMENT_REFUSED', `Asaas needs the CPF or CNPJ of ${payer.name} to charge it`, {
        reasons: ['invalid_cpfCnpj'],
      });
    }
    // Asaas's own e-mails and text messages are off: Switchboard shows the Pix code itself.
    const created = await asaas.createCustomer({
      name: payer.name,
      cpfCnpj: document,
      email: payer.email,
      externalReference: reference,
      notificationDisabled: true,
    });
    return created.id;
  }
}

function chargeState(payment: AsaasPayment): ChargeState {
  const invoice = INVOICE_REFERENCE.exec(payment.externalReference ?? '');
  const paidAt = payment.clientPaymentDate ?? payment.paymentDate ?? payment.confirmedDate ?? undefined;
  return {
    chargeId: payment.id,
    invoiceId: invoice ? Number(invoice[1]) : null,
    status: payment.deleted ? 'cancelled' : (STATUSES[payment.status] ?? 'pending'),
    providerStatus: payment.status,
    amount: payment.value,
    ...(paidAt ? { paidAt } : {}),
  };
}

/** Asaas writes date-times as "YYYY-MM-DD HH:mm:ss" in Brasília time, which has kept UTC-3 all year since 2019. */
function brasiliaTime(text: string | undefined): string | undefined {
  if (!text) return undefined;
  return /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text) ? `${text.replace(' ', 'T')}-03:00` : text;
}

/** Compares in constant time, whatever the lengths. */
function sameToken(sent: string, expected: string): boolean {
  const digest = (token: string) => createHash('sha256').update(token).digest();
  return timingSafeEqual(digest(sent), digest(expected));
}

function parseEvent(rawBody: string | Buffer): { id?: string; event: string; payment?: AsaasPayment } | undefined {
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString());
  } catch {
    return undefined;
  }
  const event = body as { id?: unknown; event?: unknown; payment?: { id?: unknown } } | null;
  if (!event || typeof event.event !== 'string') return undefined;
  const payment = event.payment && typeof event.payment.id === 'string' ? (event.payment as AsaasPayment) : undefined;
  return { id: typeof event.id === 'string' && event.id !== '' ? event.id : undefined, event: event.event, payment };
}
