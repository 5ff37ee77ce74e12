import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Socket } from 'socket.io-client';
import type { Knex } from 'knex';
import { SwitchboardConfig } from '@switchboard/config';
import type { Database } from '../../../platform/database/database.js';
import { rooms } from '../../../platform/realtime/realtime-bus.js';
import { startServer, type RunningServer } from '../../../server.js';
import { listenAsApp } from '../../../testing/app-socket.js';
import { eventually } from '../../../testing/eventually.js';
import { spyOnRealtime } from '../../../testing/realtime-spy.js';
import { api, type TestServer } from '../../../testing/test-server.js';
import { addMonths } from '../../companies/index.js';
import { InvoiceSweeper } from '../index.js';
import { checkoutForm, deliver, FakeAsaas, MovableClock, startBillingServer, startFakeAsaas } from './billing-harness.js';

const DAY = 86_400_000;
const clock = new MovableClock();
let asaas: FakeAsaas;
let nodeA: TestServer;
let nodeB: RunningServer;
const sockets: Socket[] = [];

/**
 * A second node of the same installation: on PostgreSQL its own pool to the same database; embedded, the same
 * in-process database (which only the first node closes).
 */
async function secondNode(first: TestServer): Promise<RunningServer> {
  const shared = first.testDatabase.url
    ? undefined
    : (Object.assign(Object.create(first.testDatabase.database) as Database, { close: async () => {} }) satisfies Database);
  return startServer({
    config: first.container.get<SwitchboardConfig>(SwitchboardConfig),
    database: shared,
    announce: () => {},
    backgroundWorkers: false,
    extraModules: [],
  });
}

beforeAll(async () => {
  asaas = await startFakeAsaas();
  nodeA = await startBillingServer({ asaas, clock });
  nodeB = await secondNode(nodeA);
}, 90_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await nodeB?.close();
  await nodeA?.stop();
  await asaas?.close();
});

const knex = (): Knex => nodeA.ports.database.knex;
const sweepers = () => [nodeA, nodeB].map((node) => node.container.get(InvoiceSweeper));

describe('billing, from the invoice to the renewal', () => {
  it('a company due in 3 days gets one invoice from two nodes, pays its Pix once, and is renewed by one recurrence', async () => {
    const dueDate = new Date(clock.now().getTime() + 3 * DAY);
    // The plan the checkout's custom plan prices the same: 5 users and 4 connections are 49 + 2 × 11 + 20 = 91.
    const company = await nodeA.createCompany({ dueDate, plan: { users: 5, connections: 4, queues: 2, amount: 91 } });
    const admin = company.admin.token;

    const made = await Promise.all([...sweepers(), ...sweepers()].map((sweeper) => sweeper.sweep()));
    expect(made.reduce((sum, count) => sum + count, 0)).toBe(1);
    const list = await api(nodeA, 'GET', '/invoices/all', { token: admin });
    expect(list.body).toMatchObject({ count: 1, hasMore: false });
    const invoice = list.body.invoices[0];
    expect(invoice).toMatchObject({ users: 5, connections: 4, queues: 2, value: 91, status: 'open', dueDate: dueDate.toISOString() });

    const checkout = await api(nodeA, 'POST', '/subscription', {
      token: admin,
      body: checkoutForm(invoice.id, { users: 5, connections: 4, queues: 2, price: 91 }),
    });
    expect(checkout.status).toBe(200);
    const [charge] = [...asaas.payments.values()];
    expect(charge).toMatchObject({
      billingType: 'PIX',
      value: 91,
      status: 'PENDING',
      externalReference: `switchboard-invoice-${invoice.id}`,
    });
    expect(checkout.body).toEqual({
      invoiceId: invoice.id,
      qrcode: { qrcode: expect.stringContaining(charge!.id), imagemQrcode: expect.any(String) },
      valor: { original: '91.00' },
      expiresAt: expect.stringMatching(/T23:59:59-03:00$/),
    });
    // Opening the checkout again shows the same pending charge.
    const again = await api(nodeA, 'POST', '/subscription', {
      token: admin,
      body: checkoutForm(invoice.id, { users: 5, connections: 4, queues: 2, price: 91 }),
    });
    expect(again.body.qrcode).toEqual(checkout.body.qrcode);
    expect(asaas.requests('POST', '/payments')).toHaveLength(1);

    const { socket, events } = await listenAsApp(nodeA, admin, 'payment');
    sockets.push(socket);
    const spies = [spyOnRealtime(nodeA.ports.realtime), spyOnRealtime(nodeB.ports.realtime)];
    try {
      // Paid: Asaas's webhook reaches node A, and its redelivery node B.
      const paid = asaas.pay(charge!.id);
      expect(await deliver(nodeA, paid)).toEqual({ status: 200, body: { received: true } });
      expect(await deliver(nodeB, paid)).toEqual({ status: 200, body: { received: true } });

      const renewed = addMonths(dueDate, 1);
      const [heard] = await eventually(() => events.length > 0 && events, 'the payment event');
      expect(heard).toEqual({
        action: 'CONCLUIDA',
        invoiceId: invoice.id,
        company: { id: company.companyId, dueDate: renewed.toISOString() },
      });
      // One emit (the bus's emit passes its payload on to emitViews, which the spy also sees).
      const payments = spies.flatMap((spy) => spy.mock.calls.filter(([, event]) => event === 'payment'));
      expect(new Set(payments.map(([, , payload]) => payload)).size).toBe(1);
      expect(payments[0]![0]).toContain(rooms.company(company.companyId));

      const row = await knex()('companies').where('id', company.companyId).first('due_date');
      expect(new Date(row.due_date).toISOString()).toBe(renewed.toISOString());
      expect((await api(nodeA, 'GET', `/invoices/${invoice.id}`, { token: admin })).body.status).toBe('paid');
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });

  it("an expired company's admin pays on the expiry page, hears the payment, and the same session is back in", async () => {
    const company = await nodeA.createCompany({ dueDate: new Date(clock.now().getTime() - 2 * DAY), users: [{ profile: 'user' }] });
    const admin = company.admin.token;
    await sweepers()[1]!.sweep();
    expect((await api(nodeA, 'GET', '/tickets', { token: admin })).body.error).toBe('ERR_SUBSCRIPTION_EXPIRED');

    // The expiry page's socket is let in, to the expiry room only; a user's is still refused.
    const { socket, events } = await listenAsApp(nodeA, admin, 'payment');
    sockets.push(socket);
    const refused = await listenAsApp(nodeA, company.users[0]!.token, 'payment').then(
      ({ socket: opened }) => (sockets.push(opened), 'connected'),
      (error: Error) => error.message,
    );
    expect(refused).toBe('ERR_SUBSCRIPTION_EXPIRED');
    const socketsIn = async (room: string) => (await nodeA.ports.realtime.io.in(room).fetchSockets()).length;
    expect(await socketsIn(rooms.company(company.companyId))).toBe(0);

    const [invoice] = (await api(nodeA, 'GET', '/invoices/all', { token: admin })).body.invoices;
    const checkout = await api(nodeA, 'POST', '/subscription', {
      token: admin,
      body: checkoutForm(invoice.id, { users: 3, connections: 3, price: 49 }),
    });
    expect(checkout.status).toBe(200);
    expect(checkout.body.valor).toEqual({ original: '49.00' });
    const charge = [...asaas.payments.values()].find((payment) => payment.externalReference === `switchboard-invoice-${invoice.id}`)!;
    // The invoice past its due date is charged for today (Asaas refuses a due date already past).
    expect(charge.dueDate).toBe(clock.now().toISOString().slice(0, 10));

    expect((await deliver(nodeA, asaas.pay(charge.id))).status).toBe(200);
    const [heard] = await eventually(() => events.length > 0 && events, 'the payment event on the expiry page');
    // Renewed from today: an overdue company gets a full period.
    expect(new Date(heard!.company.dueDate).getTime()).toBeGreaterThan(clock.now().getTime() + 27 * DAY);
    expect((await api(nodeA, 'GET', '/tickets', { token: admin })).status).toBe(200);
    expect((await api(nodeA, 'GET', '/auth/me', { token: admin })).body.expired).toBe(false);
    await eventually(async () => (await socketsIn(rooms.company(company.companyId))) === 1, "the admin's socket in the company's rooms");
    expect(await socketsIn(rooms.expired(company.companyId))).toBe(0);
  });
});
