import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Knex } from 'knex';
import { ContainerModule } from '@switchboard/sdk';
import { Clock } from '../../../platform/clock.js';
import { api, startTestServer, TEST_ADMIN, type CompanyFixture, type TestServer } from '../../../testing/test-server.js';

// Mid-June 2030; the platform's months start at 03:00 UTC (America/Sao_Paulo): 1 May and 1 June 03:00 UTC.
const NOW = new Date('2030-06-15T12:00:00Z');
const at = (iso: string) => new Date(iso);

let server: TestServer;
let superToken: string;
let outsider: CompanyFixture;
const knex = (): Knex => server.ports.database.knex;

interface SeededCompany {
  name: string;
  status?: boolean;
  dueDate: Date | null;
  recurrence?: string;
  lastLogin?: Date | null;
  createdAt?: Date;
  users?: number;
  connections?: string[];
  invoices?: { dueDate: Date; value: number; status: 'paid' | 'open' }[];
}

/** A client company straight in the database, with the users, connections and invoices the figures read. */
async function seedCompany(seed: SeededCompany): Promise<number> {
  const [plan] = await knex()('plans')
    .insert({ name: `Plan ${seed.name}`, amount: 100 })
    .returning('id');
  const [company] = await knex()('companies')
    .insert({
      name: seed.name,
      plan_id: plan.id,
      status: seed.status ?? true,
      due_date: seed.dueDate,
      recurrence: seed.recurrence ?? 'MENSAL',
      last_login: seed.lastLogin ?? null,
      ...(seed.createdAt ? { created_at: seed.createdAt } : {}),
    })
    .returning('id');
  const companyId = company.id as number;
  for (let index = 0; index < (seed.users ?? 0); index += 1) {
    await knex()('users').insert({ company_id: companyId, name: `U${index}`, email: `u${index}@${companyId}.test`, password_hash: 'x' });
  }
  for (const [index, status] of (seed.connections ?? []).entries()) {
    await knex()('connections').insert({ company_id: companyId, name: `Connection ${index}`, status });
  }
  for (const invoice of seed.invoices ?? []) {
    await knex()('invoices').insert({ company_id: companyId, value: invoice.value, due_date: invoice.dueDate, status: invoice.status });
  }
  return companyId;
}

/** The history row a trigger wrote for a change made now, moved to when the scenario says it happened. */
async function backdateChange(companyId: number, status: 'inactive' | 'deleted', when: Date): Promise<void> {
  const moved = await knex()('company_status_history').where({ company: companyId, status }).update({ changed_at: when });
  expect(moved).toBe(1);
}

beforeAll(async () => {
  server = await startTestServer({
    extraModules: [new ContainerModule((_bind, _unbind, _isBound, rebind) => void rebind(Clock).toConstantValue({ now: () => NOW }))],
  });
  superToken = await server.login(TEST_ADMIN.email, TEST_ADMIN.password);
  // A client too: active until December, last signed in (for real) years before NOW, one user.
  outsider = await server.createCompany({ dueDate: at('2030-12-31T00:00:00Z') });

  // The platform's own company is never a client, whatever it pays or connects.
  await knex()('invoices').insert({ company_id: 1, value: 999, due_date: at('2030-06-01T00:00:00Z'), status: 'paid' });
  await knex()('connections').insert({ company_id: 1, name: 'Platform', status: 'CONNECTED' });

  // Monthly, paid for May and June: paying at both month starts and now (100 a month).
  await seedCompany({
    name: 'Monthly',
    dueDate: at('2030-07-01T00:00:00Z'),
    lastLogin: at('2030-06-14T12:00:00Z'),
    users: 2,
    connections: ['CONNECTED', 'CONNECTED'],
    invoices: [
      { dueDate: at('2030-05-01T00:00:00Z'), value: 100, status: 'paid' },
      { dueDate: at('2030-06-01T00:00:00Z'), value: 100, status: 'paid' },
    ],
  });
  // Yearly 2400 is 200 a month; last signed in 14 days ago: inactive.
  await seedCompany({
    name: 'Yearly',
    dueDate: at('2031-01-10T00:00:00Z'),
    recurrence: 'ANUAL',
    lastLogin: at('2030-06-01T12:00:00Z'),
    users: 1,
    invoices: [{ dueDate: at('2030-01-10T00:00:00Z'), value: 2400, status: 'paid' }],
  });
  // Two months paid to 10 June, the next invoice open: past due now, paid at both month starts (not churned).
  await seedCompany({
    name: 'Bimonthly past due',
    dueDate: at('2030-06-10T00:00:00Z'),
    recurrence: 'BIMESTRAL',
    lastLogin: at('2030-06-12T12:00:00Z'),
    connections: ['DISCONNECTED'],
    invoices: [
      { dueDate: at('2030-04-10T00:00:00Z'), value: 300, status: 'paid' },
      { dueDate: at('2030-06-10T00:00:00Z'), value: 300, status: 'open' },
    ],
  });
  // Paid three months to 1 July but deactivated on 20 May: churned, out of the MRR and of the client counts.
  const deactivated = await seedCompany({
    name: 'Quarterly deactivated',
    dueDate: at('2030-07-01T00:00:00Z'),
    recurrence: 'TRIMESTRAL',
    lastLogin: at('2030-05-19T12:00:00Z'),
    users: 1,
    invoices: [{ dueDate: at('2030-04-01T00:00:00Z'), value: 900, status: 'paid' }],
  });
  await knex()('companies').where('id', deactivated).update({ status: false });
  await backdateChange(deactivated, 'inactive', at('2030-05-20T12:00:00Z'));
  // Paid April 5 to May 5 and never again: past due, churned.
  await seedCompany({
    name: 'Did not renew',
    dueDate: at('2030-05-05T00:00:00Z'),
    lastLogin: at('2030-06-15T10:00:00Z'),
    connections: ['qrcode'],
    invoices: [
      { dueDate: at('2030-04-05T00:00:00Z'), value: 50, status: 'paid' },
      { dueDate: at('2030-05-05T00:00:00Z'), value: 50, status: 'open' },
    ],
  });
  // Paid six months from 15 April, deleted on 25 May: churned although its invoices went with it.
  const deleted = await seedCompany({
    name: 'Semiannual deleted',
    createdAt: at('2030-01-01T00:00:00Z'),
    dueDate: at('2030-10-15T00:00:00Z'),
    recurrence: 'SEMESTRAL',
    users: 3,
    connections: ['CONNECTED'],
    invoices: [{ dueDate: at('2030-04-15T00:00:00Z'), value: 600, status: 'paid' }],
  });
  await knex()('companies').where('id', deleted).delete();
  await backdateChange(deleted, 'deleted', at('2030-05-25T12:00:00Z'));
  // Joined on 5 June and paid June: in the MRR, not in last month's base; never signed in for 10 days: inactive.
  await seedCompany({
    name: 'New in June',
    createdAt: at('2030-06-05T00:00:00Z'),
    dueDate: at('2030-07-05T00:00:00Z'),
    invoices: [{ dueDate: at('2030-06-05T00:00:00Z'), value: 80, status: 'paid' }],
  });
  // No due date at all: locked out at sign-in like a past-due company.
  await seedCompany({ name: 'No due date', dueDate: null, lastLogin: at('2030-06-15T11:00:00Z') });
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

describe('GET /admin/metrics', () => {
  it('gives the super user the figures of the seeded clients exactly', async () => {
    const answer = await api(server, 'GET', '/admin/metrics', { token: superToken });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      // Monthly, Yearly, New in June, the outsider.
      activeClients: 4,
      // Bimonthly past due, Did not renew, No due date.
      delinquentClients: 3,
      // Yearly (14 days), New in June (never, created 10 days ago), the outsider.
      inactiveClients: 3,
      disconnectedConnections: 2,
      activeConnections: 2,
      // Monthly 2, Yearly 1, Quarterly deactivated 1, the outsider's admin 1 (the deleted company's went with it).
      totalUsers: 5,
      // Monthly 100 + Yearly 2400/12 + New in June 80.
      mrr: 380,
      // Paying on 1 May: Monthly, Yearly, Bimonthly, Quarterly, Did not renew, Semiannual; gone by 1 June: the last three.
      churn: 0.5,
    });
  });

  it('records each status change and a deletion with the paid invoices it removed', async () => {
    const rows = await knex()('company_status_history')
      .join('companies', 'companies.id', 'company_status_history.company')
      .where('companies.name', 'Quarterly deactivated')
      .orderBy('company_status_history.id')
      .select('company_status_history.status');
    expect(rows.map((row: { status: string }) => row.status)).toEqual(['active', 'inactive']);
    const [deletion] = await knex()('company_status_history').where({ status: 'deleted' });
    expect(deletion.paid_invoices).toEqual([{ due_date: expect.stringMatching(/^2030-04-15/), value: 600, recurrence: 'SEMESTRAL' }]);
  });

  it('refuses a company admin (403) and an anonymous caller (401)', async () => {
    expect((await api(server, 'GET', '/admin/metrics', { token: outsider.admin.token })).status).toBe(403);
    expect((await api(server, 'GET', '/admin/metrics')).status).toBe(401);
  });
});
