import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ContainerModule } from '@switchboard/sdk';
import { Clock } from '../../../platform/clock.js';
import { MovableClock } from '../../routing/__tests__/routing-scenario.js';
import { eventually } from '../../../testing/eventually.js';
import { api, startTestServer, type TestServer } from '../../../testing/test-server.js';
import { InvoiceSweeper } from '../index.js';
import { insertInvoice } from './billing.access.js';

const DAY = 86_400_000;

const clock = new MovableClock();
let server: TestServer;
let sweeper: InvoiceSweeper;

beforeAll(async () => {
  server = await startTestServer({
    backgroundWorkers: false,
    extraModules: [new ContainerModule((_bind, _unbind, _isBound, rebind) => void rebind(Clock).toConstantValue(clock))],
  });
  sweeper = server.container.get(InvoiceSweeper);
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

const invoicesOf = (companyId: number) => server.ports.database.knex('invoices').where('company_id', companyId).orderBy('id');

describe('the invoice sweeper', () => {
  it("makes one invoice of the plan's terms a week ahead of the due date, never twice, never for company 1", async () => {
    const due = new Date(clock.now().getTime() + 10 * DAY);
    const company = await server.createCompany({
      dueDate: due,
      plan: { name: `Plano Ouro ${Date.now()}`, users: 7, connections: 4, queues: 5, amount: 129.9 },
    });
    await server.ports.database.knex('companies').where('id', company.companyId).update({ recurrence: 'BIMESTRAL' });

    await sweeper.sweep();
    expect(await invoicesOf(company.companyId)).toHaveLength(0);

    clock.set(new Date(due.getTime() - 7 * DAY));
    await Promise.all([sweeper.sweep(), sweeper.sweep()]);
    await sweeper.sweep();
    const rows = await invoicesOf(company.companyId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ users: 7, connections: 4, queues: 5, status: 'open' });
    // Two months of a monthly amount.
    expect(Number(rows[0].value)).toBe(259.8);
    expect(new Date(rows[0].due_date).getTime()).toBe(due.getTime());
    expect(rows[0].detail).toMatch(/^Plano Ouro \d+ · \d{2}\/\d{2}\/\d{4} a \d{2}\/\d{2}\/\d{4}$/);
    expect(await invoicesOf(1)).toHaveLength(0);
  });

  it('makes the invoice of a company already past its due date, and none for a suspended one', async () => {
    const expired = await server.createCompany({ dueDate: new Date(clock.now().getTime() - 2 * DAY) });
    const suspended = await server.createCompany({ dueDate: new Date(clock.now().getTime() - 2 * DAY) });
    await server.ports.database.knex('companies').where('id', suspended.companyId).update({ status: false });
    await sweeper.sweep();
    expect(await invoicesOf(expired.companyId)).toHaveLength(1);
    expect(await invoicesOf(suspended.companyId)).toHaveLength(0);
  });

  it("sweeps as soon as the node's worker starts, not an interval later", async () => {
    const company = await server.createCompany({ dueDate: new Date(clock.now().getTime() + 3 * DAY) });
    const worker = sweeper.worker();
    await worker.start();
    try {
      await eventually(async () => (await invoicesOf(company.companyId)).length === 1, 'the invoice of the first pass');
    } finally {
      await worker.stop();
    }
  });
});

describe('GET /invoices/all and /invoices/:id', () => {
  it("pages the caller's own invoices, newest due date first, searched by detail", async () => {
    const company = await server.createCompany();
    const knex = server.ports.database.knex;
    for (let month = 1; month <= 22; month += 1) {
      await insertInvoice(knex, company.companyId, {
        detail: `Plano ${month % 2 === 0 ? 'Par' : 'Ímpar'} ${month}`,
        due_date: new Date(Date.UTC(2030, month, 5)),
      });
    }
    const other = await server.createCompany();
    await insertInvoice(knex, other.companyId);

    const first = await api(server, 'GET', '/invoices/all', { token: company.admin.token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ count: 22, hasMore: true });
    expect(first.body.invoices).toHaveLength(20);
    expect(first.body.invoices[0]).toEqual({
      id: expect.any(Number),
      detail: 'Plano Par 22',
      users: 3,
      connections: 3,
      queues: 3,
      value: 49,
      dueDate: new Date(Date.UTC(2030, 22, 5)).toISOString(),
      status: 'open',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const second = await api(server, 'GET', '/invoices/all?pageNumber=2', { token: company.admin.token });
    expect(second.body).toMatchObject({ count: 22, hasMore: false });
    expect(second.body.invoices.map((invoice: { detail: string }) => invoice.detail)).toEqual(['Plano Par 2', 'Plano Ímpar 1']);

    const searched = await api(server, 'GET', '/invoices/all?searchParam=ímpar', { token: company.admin.token });
    expect(searched.body.count).toBe(11);
  });

  it("shows the caller's own invoice and answers 404 for another company's", async () => {
    const company = await server.createCompany();
    const other = await server.createCompany();
    const own = await insertInvoice(server.ports.database.knex, company.companyId, { value: 99.9 });
    const theirs = await insertInvoice(server.ports.database.knex, other.companyId);

    const shown = await api(server, 'GET', `/invoices/${own}`, { token: company.admin.token });
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ id: own, value: 99.9, status: 'open' });
    const foreign = await api(server, 'GET', `/invoices/${theirs}`, { token: company.admin.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('ERR_NO_INVOICE_FOUND');
  });

  it("opens to an expired company's admin, not to its users", async () => {
    const company = await server.createCompany({ dueDate: new Date(Date.now() - DAY), users: [{ profile: 'user' }] });
    const invoice = await insertInvoice(server.ports.database.knex, company.companyId);
    expect((await api(server, 'GET', '/invoices/all', { token: company.admin.token })).body.count).toBe(1);
    expect((await api(server, 'GET', `/invoices/${invoice}`, { token: company.admin.token })).status).toBe(200);
    expect((await api(server, 'GET', '/tickets', { token: company.admin.token })).body.error).toBe('ERR_SUBSCRIPTION_EXPIRED');
    expect((await api(server, 'GET', '/invoices/all', { token: company.users[0]!.token })).status).toBe(403);
  });
});
