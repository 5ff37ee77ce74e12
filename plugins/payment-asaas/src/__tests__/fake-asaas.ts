import { randomBytes } from 'node:crypto';
import type { WebhookDelivery } from '@switchboard/sdk';
import { FakeReceiver, type ReceivedRequest, type ReceiverAnswer } from '../../../integration-events/src/testing/fake-receiver.js';

/** A 1×1 PNG, standing in for the QR code image Asaas draws. */
export const QR_CODE_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

interface FakeCustomer {
  object: 'customer';
  id: string;
  name: string;
  email: string | null;
  cpfCnpj: string;
  externalReference: string | null;
  notificationDisabled: boolean;
  deleted: boolean;
}

interface FakePayment {
  object: 'payment';
  id: string;
  customer: string;
  value: number;
  netValue: number;
  billingType: string;
  status: string;
  dueDate: string;
  description: string | null;
  externalReference: string | null;
  paymentDate: string | null;
  clientPaymentDate: string | null;
  confirmedDate: string | null;
  invoiceUrl: string;
  deleted: boolean;
}

type AsaasError = { code: string; description: string };

/**
 * An Asaas account behind a local API v3, as docs.asaas.com describes it: the API key in the `access_token` header
 * (401 without it), GETs without a body (403 otherwise), customers listed with filters, Pix payments with their QR
 * code, 400 answers as `{ errors: [{ code, description }] }`, 404 for an unknown payment. The payer's side (paying,
 * the charge falling due) returns the webhook Asaas would send, with the configured token in asaas-access-token.
 */
export class FakeAsaas {
  readonly customers: FakeCustomer[] = [];
  readonly payments = new Map<string, FakePayment>();
  private events = 0;

  /** The local server standing in for api.asaas.com; `script` on it makes the next answers fail. */
  receiver!: FakeReceiver;

  private constructor(private readonly account: { apiKey: string; webhookToken: string }) {}

  static async start(account: { apiKey: string; webhookToken: string }): Promise<FakeAsaas> {
    const fake = new FakeAsaas(account);
    fake.receiver = await FakeReceiver.start((request) => fake.answer(request));
    return fake;
  }

  /** The base address to configure as the plugin's apiUrl. */
  get apiUrl(): string {
    return `${this.receiver.origin}/v3`;
  }

  /** The requests received with this method and path (the query string left out). */
  requests(method: string, path: string): ReceivedRequest[] {
    return this.receiver.received.filter((request) => request.method === method && request.path.split('?')[0] === `/v3${path}`);
  }

  /** The payer pays the Pix: the payment is RECEIVED today, and Asaas sends PAYMENT_RECEIVED. */
  pay(paymentId: string): WebhookDelivery {
    const today = new Date().toISOString().slice(0, 10);
    return this.changed(paymentId, 'PAYMENT_RECEIVED', {
      status: 'RECEIVED',
      paymentDate: today,
      clientPaymentDate: today,
      confirmedDate: today,
    });
  }

  /** Something else happens to the payment (PAYMENT_OVERDUE, PAYMENT_REFUNDED, PAYMENT_DELETED...). */
  changed(paymentId: string, event: string, change: Partial<FakePayment>): WebhookDelivery {
    const payment = { ...this.payments.get(paymentId)!, ...change };
    this.payments.set(paymentId, payment);
    return this.webhook({ id: `evt_${randomBytes(16).toString('hex')}&${++this.events}`, event, dateCreated: now(), payment });
  }

  /** The webhook Asaas sends for an event body. */
  webhook(body: object): WebhookDelivery {
    return {
      rawBody: JSON.stringify(body),
      headers: { 'content-type': 'application/json', 'asaas-access-token': this.account.webhookToken },
    };
  }

  close(): Promise<void> {
    return this.receiver.close();
  }

  private answer(request: ReceivedRequest): ReceiverAnswer {
    if (request.headers['access_token'] !== this.account.apiKey) return { status: 401, text: '' };
    if (request.method === 'GET' && request.rawBody !== '') return { status: 403, text: '' };
    const url = new URL(request.path, this.receiver.origin);
    const route = `${request.method} ${url.pathname}`;
    if (route === 'GET /v3/customers') return this.listCustomers(url.searchParams);
    if (route === 'POST /v3/customers') return this.createCustomer(request.event ?? {});
    if (route === 'POST /v3/payments') return this.createPayment(request.event ?? {});
    const [, id, qrCode] = /^GET \/v3\/payments\/([^/]+)(\/pixQrCode)?$/.exec(route) ?? [];
    const payment = id === undefined ? undefined : this.payments.get(decodeURIComponent(id));
    if (!payment) return { status: 404, text: '' };
    return { status: 200, json: qrCode ? this.pixQrCode(payment) : payment };
  }

  private listCustomers(filters: URLSearchParams): ReceiverAnswer {
    const data = this.customers.filter(
      (customer) =>
        (!filters.has('cpfCnpj') || customer.cpfCnpj === filters.get('cpfCnpj')) &&
        (!filters.has('externalReference') || customer.externalReference === filters.get('externalReference')),
    );
    return { status: 200, json: { object: 'list', hasMore: false, totalCount: data.length, limit: 10, offset: 0, data } };
  }

  /** Also what a test calls to have a customer made outside Switchboard. */
  createCustomer(body: Record<string, any>): ReceiverAnswer {
    const errors: AsaasError[] = [];
    if (typeof body.name !== 'string' || body.name.trim() === '')
      errors.push({ code: 'invalid_name', description: 'O nome do cliente deve ser informado.' });
    if (typeof body.cpfCnpj !== 'string' || !/^(\d{11}|\d{14})$/.test(body.cpfCnpj)) {
      errors.push({ code: 'invalid_cpfCnpj', description: 'O CPF/CNPJ informado é inválido.' });
    }
    if (errors.length > 0) return { status: 400, json: { errors } };
    const customer: FakeCustomer = {
      object: 'customer',
      id: `cus_${String(this.customers.length + 1).padStart(12, '0')}`,
      name: body.name,
      email: body.email ?? null,
      cpfCnpj: body.cpfCnpj,
      externalReference: body.externalReference ?? null,
      notificationDisabled: body.notificationDisabled === true,
      deleted: false,
    };
    this.customers.push(customer);
    return { status: 200, json: customer };
  }

  private createPayment(body: Record<string, any>): ReceiverAnswer {
    const errors: AsaasError[] = [];
    if (!this.customers.some((customer) => customer.id === body.customer)) {
      errors.push({ code: 'invalid_customer', description: 'Customer inválido ou não informado.' });
    }
    if (!['PIX', 'BOLETO', 'CREDIT_CARD', 'UNDEFINED'].includes(body.billingType)) {
      errors.push({ code: 'invalid_billingType', description: 'Forma de pagamento inválida.' });
    }
    if (typeof body.value !== 'number' || body.value <= 0)
      errors.push({ code: 'invalid_value', description: 'O campo value deve ser informado.' });
    if (typeof body.dueDate !== 'string' || body.dueDate < new Date().toISOString().slice(0, 10)) {
      errors.push({ code: 'invalid_dueDate', description: 'A data de vencimento não pode ser inferior à hoje.' });
    }
    if (errors.length > 0) return { status: 400, json: { errors } };
    const id = `pay_${randomBytes(8).toString('hex')}`;
    const payment: FakePayment = {
      object: 'payment',
      id,
      customer: body.customer,
      value: body.value,
      netValue: Math.round(body.value * 99) / 100,
      billingType: body.billingType,
      status: 'PENDING',
      dueDate: body.dueDate,
      description: body.description ?? null,
      externalReference: body.externalReference ?? null,
      paymentDate: null,
      clientPaymentDate: null,
      confirmedDate: null,
      invoiceUrl: `${this.receiver.origin}/i/${id.slice(4)}`,
      deleted: false,
    };
    this.payments.set(id, payment);
    return { status: 200, json: payment };
  }

  private pixQrCode(payment: FakePayment): object {
    const payload = `00020101021226820014br.gov.bcb.pix2560fake.asaas.local/qr/${payment.id}5204000053039865802BR5905ASAAS6009Joinville6304ABCD`;
    return { success: true, encodedImage: QR_CODE_PNG, payload, expirationDate: `${payment.dueDate} 23:59:59` };
  }
}

function now(): string {
  return new Date().toISOString().slice(0, 19).replace('T', ' ');
}
