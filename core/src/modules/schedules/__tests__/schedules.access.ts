import type { Knex } from 'knex';
import type { RouteAccessCase } from '../../../testing/route-access.js';
import { insertContact } from '../../../testing/fixtures.js';

const inOneHour = () => new Date(Date.now() + 3_600_000).toISOString();

async function insertSchedule(knex: Knex, companyId: number): Promise<number> {
  const contactId = (await insertContact(knex, companyId)).id;
  const [row] = await knex('schedules')
    .insert({ company_id: companyId, contact_id: contactId, body: 'Access check', send_at: inOneHour() })
    .returning('id');
  return row.id as number;
}

const record =
  (body?: unknown) =>
  async ({ knex, companyId }: { knex: Knex; companyId: number }) => ({
    path: `/schedules/${await insertSchedule(knex, companyId)}`,
    body,
  });

export const routeAccessCases: RouteAccessCase[] = [
  { route: 'GET /schedules', note: "pages the caller's own company's schedules" },
  { route: 'GET /schedules/:id', record: record() },
  {
    route: 'POST /schedules',
    body: { body: 'Access check', contactId: 999999, sendAt: inOneHour() },
    record: async ({ knex, companyId }) => ({
      path: '/schedules',
      body: { body: 'Access check', contactId: (await insertContact(knex, companyId)).id, sendAt: inOneHour() },
    }),
  },
  { route: 'PUT /schedules/:id', body: { body: 'Changed body' }, record: record({ body: 'Changed body' }) },
  { route: 'DELETE /schedules/:id', record: record() },
];
