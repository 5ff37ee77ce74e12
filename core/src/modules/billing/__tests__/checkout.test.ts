import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PluginRegistry } from '../../../platform/plugins/channel-registry.js';
import { Config } from '../../../platform/tokens.js';
import { api, TEST_ADMIN, type CompanyFixture, type TestServer } from '../../../testing/test-server.js';
import { CompanySettingService } from '../../settings/index.js';
import { customPlanPrice } from '../billing.schema.js';
import { PaymentGateway } from '../payment-gateway.js';
import { insertInvoice } from './billing.access.js';
import { ASAAS_API_KEY, checkoutForm, deliver, FakeAsaas, MovableClock, startBillingServer, startFakeAsaas } from './billing-harness.js';

const DAY = 86_400_000;
const clock = new MovableClock();
let asaas: FakeAsaas;
let server: TestServer;
let company: CompanyFixture;
let superToken: string;

beforeAll(async () => {
  asaas = await startFakeAsaas();
  server = await startBillingServer({ asaas, clock });
  superToken = await server.login(TEST_ADMIN.email, TEST_ADMIN.password);
  company = await server.createCompany({ users: [{ profile: 'user' }] });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await asaas?.close();
});

const knex = () => server.ports.database.knex;
const subscribe = (body: unknown, token = company.admin.token) => api(server, 'POST', '/subscription', { token, body });
const newInvoice = (fields: Record<string, unknown> = {}) => insertInvoice(knex(), company.companyId, fields);

describe('the custom plan', () => {
  it('costs 49 for 3 users and 3 connections, and 11 more per user and 20 more per connection above them', () => {
    expect(customPlanPrice({ users: 3, connections: 3 })).toBe(49);
    expect(customPlanPrice({ users: 4, connections: 3 })).toBe(60);
    expect(customPlanPrice({ users: 3, connections: 4 })).toBe(69);
    expect(customPlanPrice({ users: 10, connections: 5 })).toBe(49 + 7 * 11 + 2 * 20);
  });
});

describe('POST /subscription', () => {
  it("answers the spec's validation texts and refuses counters below 3", async () => {
    const empty = await subscribe({});
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toMatchObject({ firstName: 'O nome completo é obrigatório', zipcode: 'CEP é obrigatório' });
    const small = await subscribe(checkoutForm(await newInvoice(), { users: 2, connections: 1, price: 49 }));
    expect(small.status).toBe(400);
    expect(small.body.fields).toMatchObject({ 'plan.users': 'No mínimo 3', 'plan.connections': 'No mínimo 3' });
  });

  it('refuses a price that disagrees with the plan, making no charge', async () => {
    const before = asaas.requests('POST', '/payments').length;
    const invoice = await newInvoice();
    const cheap = await subscribe(checkoutForm(invoice, { users: 5, connections: 3, price: 49 }));
    expect(cheap.status).toBe(400);
    expect(cheap.body).toMatchObject({ error: 'ERR_CHECKOUT_PRICE', message: 'O valor do plano é R$ 71,00' });
    const mixed = await subscribe({ ...checkoutForm(invoice, { users: 5, connections: 3, price: 71 }), price: 70 });
    expect(mixed.body.error).toBe('ERR_CHECKOUT_PRICE');
    expect(asaas.requests('POST', '/payments')).toHaveLength(before);
  });

  it("answers 404 for another company's invoice, 409 for a paid one, 403 to a profile user", async () => {
    const other = await server.createCompany();
    const theirs = await insertInvoice(knex(), other.companyId);
    const foreign = await subscribe(checkoutForm(theirs, { users: 3, connections: 3, price: 49 }));
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('ERR_NO_INVOICE_FOUND');
    const paid = await subscribe(checkoutForm(await newInvoice({ status: 'paid' }), { users: 3, connections: 3, price: 49 }));
    expect(paid.status).toBe(409);
    expect(paid.body.error).toBe('ERR_INVOICE_ALREADY_PAID');
    const asUser = await subscribe(checkoutForm(await newInvoice(), { users: 3, connections: 3, price: 49 }), company.users[0]!.token);
    expect(asUser.status).toBe(403);
  });

  it('gives the invoice the chosen plan, and a new charge when the plan changes', async () => {
    const invoice = await newInvoice({ value: 99, due_date: new Date(clock.now().getTime() + 5 * DAY) });
    const first = await subscribe(checkoutForm(invoice, { users: 3, connections: 3, queues: 4, price: 49 }));
    expect(first.status).toBe(200);
    expect(first.body.valor).toEqual({ original: '49.00' });
    const row = await knex()('invoices').where('id', invoice).first();
    expect(row).toMatchObject({ users: 3, connections: 3, queues: 4, status: 'open', txid: expect.stringMatching(/^pay_/) });
    expect(Number(row.value)).toBe(49);

    const bigger = await subscribe(checkoutForm(invoice, { users: 4, connections: 3, price: 60 }));
    expect(bigger.body.valor).toEqual({ original: '60.00' });
    expect(bigger.body.qrcode.qrcode).not.toBe(first.body.qrcode.qrcode);
    expect(Number((await knex()('invoices').where('id', invoice).first('value')).value)).toBe(60);
  });

  it("makes a new charge when the provider no longer has the invoice's charge pending", async () => {
    const invoice = await newInvoice();
    const first = await subscribe(checkoutForm(invoice, { users: 3, connections: 3, price: 49 }));
    const chargeId = (await knex()('invoices').where('id', invoice).first('txid')).txid as string;
    asaas.changed(chargeId, 'PAYMENT_DELETED', { deleted: true });
    const second = await subscribe(checkoutForm(invoice, { users: 3, connections: 3, price: 49 }));
    expect(second.status).toBe(200);
    expect(second.body.qrcode.qrcode).not.toBe(first.body.qrcode.qrcode);
  });

  it("answers the provider's refusal of the payer's CPF/CNPJ on the zipcode field, and its outage as 503", async () => {
    const fresh = await server.createCompany();
    const invoice = await insertInvoice(knex(), fresh.companyId);
    const refused = await subscribe(
      { ...checkoutForm(invoice, { users: 3, connections: 3, price: 49 }), zipcode: '123' },
      fresh.admin.token,
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: 'ERR_PAYMENT_REFUSED', fields: { zipcode: 'CPF/CNPJ inválido' } });

    asaas.receiver.script({ status: 503, text: '' });
    const away = await subscribe(checkoutForm(invoice, { users: 3, connections: 3, price: 49 }), fresh.admin.token);
    expect(away.status).toBe(503);
    expect(away.body.error).toBe('ERR_PAYMENT_UNAVAILABLE');
    expect(away.headers.get('retry-after')).not.toBeNull();
  });

  it('says so when no provider token is set, or the provider refuses it', async () => {
    const invoice = await newInvoice();
    const form = checkoutForm(invoice, { users: 3, connections: 3, price: 49 });
    const setToken = (data: string | null) =>
      api(server, 'PUT', '/companySettings', { token: superToken, body: { column: 'asaas', data } });
    try {
      await setToken(null);
      const unset = await subscribe(form);
      expect(unset.status).toBe(503);
      expect(unset.body.error).toBe('ERR_PAYMENT_SETTINGS');
      await setToken('$aact_not_the_account_key');
      const wrong = await subscribe(form);
      expect(wrong.status).toBe(502);
      expect(wrong.body.error).toBe('ERR_PAYMENT_CREDENTIALS');
    } finally {
      await setToken(ASAAS_API_KEY);
    }
  });

  it('says so when the configured provider is not installed', () => {
    const gateway = new PaymentGateway(
      new PluginRegistry([], [], [], []),
      server.container.get<Config>(Config),
      server.container.get(CompanySettingService),
    );
    expect(() => gateway.chargingProvider()).toThrow(expect.objectContaining({ code: 'ERR_PAYMENT_PROVIDER_MISSING', status: 503 }));
  });
});

describe('POST /webhooks/payments/:provider', () => {
  /** An invoice checked out, with its Asaas charge. */
  async function checkedOut(): Promise<{ invoice: number; chargeId: string }> {
    const invoice = await newInvoice();
    expect((await subscribe(checkoutForm(invoice, { users: 3, connections: 3, price: 49 }))).status).toBe(200);
    return { invoice, chargeId: (await knex()('invoices').where('id', invoice).first('txid')).txid as string };
  }
  const state = async (invoice: number) => ({
    status: (await knex()('invoices').where('id', invoice).first('status')).status as string,
    dueDate: new Date((await knex()('companies').where('id', company.companyId).first('due_date')).due_date).toISOString(),
  });

  it("refuses a webhook without the provider's token (401) and changes nothing", async () => {
    const { invoice, chargeId } = await checkedOut();
    const before = await state(invoice);
    const paid = asaas.pay(chargeId);
    const unsigned = await deliver(server, { ...paid, headers: { 'content-type': 'application/json' } });
    expect(unsigned.status).toBe(401);
    expect(unsigned.body.error).toBe('ERR_WEBHOOK_UNVERIFIED');
    const forged = await deliver(server, { ...paid, headers: { ...paid.headers, 'asaas-access-token': 'not-the-token-at-all' } });
    expect(forged.status).toBe(401);
    expect(await state(invoice)).toEqual(before);
    expect((await deliver(server, paid, 'elsewhere')).status).toBe(404);
  });

  it('does not apply a payment of another amount, nor events that are not a payment of ours', async () => {
    const { invoice, chargeId } = await checkedOut();
    const before = await state(invoice);
    const short = asaas.changed(chargeId, 'PAYMENT_RECEIVED', { status: 'RECEIVED', value: 10 });
    expect(await deliver(server, short)).toEqual({ status: 200, body: { received: true } });
    const refunded = asaas.changed(chargeId, 'PAYMENT_REFUNDED', { status: 'REFUNDED', value: 49 });
    expect((await deliver(server, refunded)).status).toBe(200);
    const elsewhere = asaas.changed(chargeId, 'PAYMENT_RECEIVED', { status: 'RECEIVED', externalReference: 'order-77' });
    expect((await deliver(server, elsewhere)).status).toBe(200);
    expect((await deliver(server, asaas.webhook({ id: 'evt_transfer', event: 'TRANSFER_DONE' }))).status).toBe(200);
    expect(await state(invoice)).toEqual(before);
  });
});
