import type { Knex } from 'knex';
import type { RouteAccessCase } from '../../../testing/route-access.js';

let sequence = 0;

/** An open invoice of the company, inserted as the sweeper would make it (each of its own period by default). */
export async function insertInvoice(knex: Knex, companyId: number, fields: Record<string, unknown> = {}): Promise<number> {
  const [row] = await knex('invoices')
    .insert({
      company_id: companyId,
      detail: 'Plano de teste · 01/01/2030 a 01/02/2030',
      users: 3,
      connections: 3,
      queues: 3,
      value: 49,
      due_date: new Date(Date.now() + 3 * 86_400_000 + (sequence += 1)),
      status: 'open',
      ...fields,
    })
    .returning('id');
  return row.id as number;
}

export const routeAccessCases: RouteAccessCase[] = [
  { route: 'GET /invoices/all', note: "lists the caller's own company's invoices" },
  { route: 'GET /invoices/:id', record: async ({ knex, companyId }) => ({ path: `/invoices/${await insertInvoice(knex, companyId)}` }) },
  {
    route: 'POST /subscription',
    // Priced right, so the only thing between the caller and the charge is whose invoice it is.
    record: async ({ knex, companyId }) => ({
      path: '/subscription',
      body: {
        firstName: 'Maria',
        zipcode: '11222333000181',
        plan: { users: 3, connections: 3, queues: 3, price: 49 },
        price: 49,
        invoiceId: await insertInvoice(knex, companyId),
      },
    }),
  },
  { route: 'POST /webhooks/payments/:provider', path: '/webhooks/payments/asaas', note: "public: the provider's token proves it" },
];
