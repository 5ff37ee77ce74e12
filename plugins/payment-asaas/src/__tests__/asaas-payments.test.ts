import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { PaymentProviderError, type PixChargeRequest } from '@switchboard/sdk';
import { conformanceChargeRequest } from '@switchboard/sdk/testing';
import { AsaasPayments } from '../asaas-payments.js';
import { ASAAS_API_URLS, readAsaasAccount } from '../asaas-settings.js';
import { FakeAsaas } from './fake-asaas.js';

const API_KEY = '$aact_test_key_5f1c9e';
const WEBHOOK_TOKEN = 'whk-test-token-0123456789abcdef0123';

let asaas: FakeAsaas;
let settings: Record<string, unknown>;
const payments = new AsaasPayments({ timeoutMs: 500 });
const request: PixChargeRequest = conformanceChargeRequest();

/** The error a call failed with. */
async function failure(call: Promise<unknown>): Promise<PaymentProviderError> {
  const error = await call.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(PaymentProviderError);
  return error as PaymentProviderError;
}

beforeEach(async () => {
  asaas = await FakeAsaas.start({ apiKey: API_KEY, webhookToken: WEBHOOK_TOKEN });
  settings = { environment: 'production', apiUrl: asaas.apiUrl, apiKey: API_KEY, webhookToken: WEBHOOK_TOKEN };
});

afterEach(async () => {
  await asaas.close();
});

describe('a Pix charge', () => {
  it('is a PIX payment of the invoice for the company, asked with the API key, and carries its QR code', async () => {
    const charge = await payments.createPixCharge(request, { settings });

    const [customer] = asaas.requests('POST', '/customers');
    expect(customer!.event).toEqual({
      name: 'Acme Atendimento Ltda',
      cpfCnpj: '11222333000181',
      email: 'financeiro@acme.example',
      externalReference: 'switchboard-company-7',
      notificationDisabled: true,
    });
    const [payment] = asaas.requests('POST', '/payments');
    expect(payment!.headers).toMatchObject({ access_token: API_KEY, 'content-type': 'application/json', 'user-agent': 'Switchboard' });
    expect(payment!.event).toEqual({
      customer: asaas.customers[0]!.id,
      billingType: 'PIX',
      value: 149.9,
      dueDate: request.dueDate,
      description: 'Switchboard: fatura 42',
      externalReference: 'switchboard-invoice-42',
    });
    expect(charge).toMatchObject({ chargeId: expect.stringMatching(/^pay_/), providerStatus: 'PENDING', status: 'pending' });
    expect(charge.pix.payload).toContain(charge.chargeId);
    // Asaas's expiry is Brasília time.
    expect(charge.pix.expiresAt).toBe(`${request.dueDate}T23:59:59-03:00`);
    expect(new Date(charge.pix.expiresAt!).toISOString()).toBe(`${nextDay(request.dueDate)}T02:59:59.000Z`);
  });

  it("reuses the company's Asaas customer for its next invoices", async () => {
    await payments.createPixCharge(request, { settings });
    await payments.createPixCharge({ ...request, invoiceId: 43 }, { settings });
    expect(asaas.requests('POST', '/customers')).toHaveLength(1);
    expect(asaas.requests('POST', '/payments').map((sent) => sent.event.customer)).toEqual([
      asaas.customers[0]!.id,
      asaas.customers[0]!.id,
    ]);
  });

  it('reuses a customer the account already has with the CPF/CNPJ (made outside Switchboard)', async () => {
    asaas.createCustomer({ name: 'ACME LTDA', cpfCnpj: '11222333000181' });
    await payments.createPixCharge({ ...request, payer: { ...request.payer, document: '11.222.333/0001-81' } }, { settings });
    expect(asaas.requests('POST', '/customers')).toHaveLength(0);
    expect(asaas.requests('GET', '/customers').map((sent) => sent.path)).toEqual([
      '/v3/customers?externalReference=switchboard-company-7',
      '/v3/customers?cpfCnpj=11222333000181',
    ]);
    expect(asaas.requests('POST', '/payments')[0]!.event.customer).toBe(asaas.customers[0]!.id);
  });

  it('is refused before calling Asaas when a new customer would have no CPF/CNPJ', async () => {
    const error = await failure(payments.createPixCharge({ ...request, payer: { companyId: 8, name: 'Sem Documento' } }, { settings }));
    expect(error.code).toBe('ERR_PAYMENT_REFUSED');
    expect(error.message).toContain('CPF or CNPJ of Sem Documento');
    expect(asaas.requests('POST', '/customers')).toHaveLength(0);
  });
});

describe("Asaas's failures", () => {
  it("a refused request says Asaas's reasons, with the status", async () => {
    const error = await failure(payments.createPixCharge({ ...request, dueDate: '2020-01-01' }, { settings }));
    expect(error).toMatchObject({ code: 'ERR_PAYMENT_REFUSED', details: { status: 400 } });
    expect(error.details.reasons).toEqual(['invalid_dueDate: A data de vencimento não pode ser inferior à hoje.']);
    expect(error.message).toContain('Asaas refused charge creation (HTTP 400): invalid_dueDate');
  });

  it('a refused API key is ERR_PAYMENT_CREDENTIALS, and the key is not in the message', async () => {
    const wrongKey = '$aact_wrong_key_0000';
    const error = await failure(payments.createPixCharge(request, { settings: { ...settings, apiKey: wrongKey } }));
    expect(error).toMatchObject({ code: 'ERR_PAYMENT_CREDENTIALS', details: { status: 401 } });
    expect(error.message).not.toContain(wrongKey);
  });

  it('a failure on its side, or too many requests, is ERR_PAYMENT_UNAVAILABLE', async () => {
    asaas.receiver.script({ status: 500, text: 'Internal Server Error' }, { status: 429, json: {} });
    expect(await failure(payments.findCharge('pay_1', { settings }))).toMatchObject({
      code: 'ERR_PAYMENT_UNAVAILABLE',
      details: { status: 500 },
    });
    expect(await failure(payments.findCharge('pay_1', { settings }))).toMatchObject({
      code: 'ERR_PAYMENT_UNAVAILABLE',
      details: { status: 429 },
    });
  });

  it('no answer in time is ERR_PAYMENT_TIMEOUT', async () => {
    asaas.receiver.script({ hang: true });
    const started = performance.now();
    const error = await failure(payments.findCharge('pay_1', { settings }));
    expect(error.code).toBe('ERR_PAYMENT_TIMEOUT');
    expect(error.message).toContain('no answer in 500 ms');
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('core giving up stops the call', async () => {
    asaas.receiver.script({ hang: true });
    const controller = new AbortController();
    const call = payments.findCharge('pay_1', { settings, signal: controller.signal });
    await asaas.receiver.waitForRequests(1);
    controller.abort();
    expect(await failure(call)).toMatchObject({
      code: 'ERR_PAYMENT_TIMEOUT',
      message: expect.stringContaining('the caller stopped waiting'),
    });
  });
});

describe('settings', () => {
  it("take the environment's address unless one is given, and need an API key", () => {
    expect(readAsaasAccount({ apiKey: 'k' }).apiUrl).toBe(ASAAS_API_URLS.production);
    expect(readAsaasAccount({ apiKey: 'k', environment: 'sandbox' }).apiUrl).toBe('https://api-sandbox.asaas.com/v3');
    expect(readAsaasAccount({ apiKey: 'k', environment: 'sandbox', apiUrl: 'http://127.0.0.1:9/v3/' }).apiUrl).toBe(
      'http://127.0.0.1:9/v3',
    );
    for (const wrong of [{}, { apiKey: 'k', environment: 'staging' }, { apiKey: 'k', apiUrl: 'ftp://asaas' }]) {
      expect(() => readAsaasAccount(wrong)).toThrow(expect.objectContaining({ code: 'ERR_PAYMENT_SETTINGS' }));
    }
  });

  it('mark the API key and the webhook token secret', () => {
    const secret = payments.description.settings.filter((field) => field.secret).map((field) => field.key);
    expect(secret).toEqual(['apiKey', 'webhookToken']);
  });
});

describe("Asaas's webhooks", () => {
  it('say when a charge falls due, is refunded or deleted', async () => {
    const charge = await payments.createPixCharge(request, { settings });
    const read = async (event: string, status: string) =>
      payments.readWebhook(asaas.changed(charge.chargeId, event, { status, deleted: event === 'PAYMENT_DELETED' }), settings);
    expect(await read('PAYMENT_OVERDUE', 'OVERDUE')).toMatchObject({ verified: true, event: { status: 'overdue', invoiceId: 42 } });
    expect(await read('PAYMENT_REFUNDED', 'REFUNDED')).toMatchObject({ verified: true, event: { status: 'refunded' } });
    expect(await read('PAYMENT_DELETED', 'OVERDUE')).toMatchObject({
      verified: true,
      event: { status: 'cancelled', providerStatus: 'OVERDUE' },
    });
  });

  it('about a charge made outside Switchboard carry no invoice; events of other things carry no charge', async () => {
    const charge = await payments.createPixCharge(request, { settings });
    const foreign = asaas.changed(charge.chargeId, 'PAYMENT_RECEIVED', { status: 'RECEIVED', externalReference: 'pedido-056984' });
    expect(await payments.readWebhook(foreign, settings)).toMatchObject({ verified: true, event: { invoiceId: null, status: 'paid' } });
    const transfer = asaas.webhook({ id: 'evt_transfer&1', event: 'TRANSFER_CREATED', transfer: { id: 'tra_1' } });
    expect(await payments.readWebhook(transfer, settings)).toEqual({ verified: true });
  });

  it('are refused when no token is configured, or the body is not an event', async () => {
    const charge = await payments.createPixCharge(request, { settings });
    const delivery = asaas.pay(charge.chargeId);
    expect(await payments.readWebhook(delivery, { ...settings, webhookToken: '' })).toEqual({
      verified: false,
      reason: 'no Asaas webhook token is configured',
    });
    expect(await payments.readWebhook({ ...delivery, rawBody: 'not json' }, settings)).toMatchObject({ verified: false });
  });
});

function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}
