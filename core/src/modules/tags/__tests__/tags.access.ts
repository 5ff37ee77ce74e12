import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { insertContact, insertTicket } from '../../../testing/fixtures.js';
import type { RouteAccessCase } from '../../../testing/route-access.js';

/** A tag of the given company, inserted directly; answers its id. */
export async function insertTag(knex: Knex, companyId: number, fields: Record<string, unknown> = {}): Promise<number> {
  const [row] = await knex('tags')
    .insert({ company_id: companyId, name: `Tag ${randomBytes(4).toString('hex')}`, color: '#123456', ...fields })
    .returning('id');
  return row.id as number;
}

const tagPath = async ({ knex, companyId }: { knex: Knex; companyId: number }) => ({ path: `/tags/${await insertTag(knex, companyId)}` });

export const routeAccessCases: RouteAccessCase[] = [
  { route: 'GET /tags', note: "lists the caller's own company" },
  { route: 'GET /tags/list', note: "lists the caller's own company" },
  { route: 'GET /tags/kanban', note: "the caller's own company's kanban lanes (plan flag useKanban)" },
  { route: 'POST /tags', note: "creates a tag in the caller's own company", body: { name: `Access ${randomBytes(4).toString('hex')}` } },
  {
    route: 'POST /tags/sync',
    record: async ({ knex, companyId }) => ({
      path: '/tags/sync',
      body: { contactId: (await insertContact(knex, companyId)).id, tags: [] },
    }),
  },
  { route: 'GET /tags/:id', record: tagPath },
  {
    route: 'PUT /tags/:id',
    record: async (fixture) => ({ ...(await tagPath(fixture)), body: { name: `Renamed ${randomBytes(4).toString('hex')}` } }),
  },
  { route: 'DELETE /tags/:id', record: tagPath },
  {
    route: 'GET /contactTags/:contactId',
    record: async ({ knex, companyId }) => ({ path: `/contactTags/${(await insertContact(knex, companyId)).id}` }),
  },
  { route: 'GET /ticket/kanban', note: "the caller's own queues' tickets of their own company (plan flag useKanban)" },
  {
    route: 'PUT /ticket-tags/:ticketId/:tagId',
    record: async ({ knex, companyId }) => ({
      path: `/ticket-tags/${(await insertTicket(knex, companyId)).ticketId}/${await insertTag(knex, companyId, { kanban: 1 })}`,
    }),
  },
  {
    route: 'DELETE /ticket-tags/:ticketId',
    record: async ({ knex, companyId }) => ({ path: `/ticket-tags/${(await insertTicket(knex, companyId)).ticketId}` }),
  },
];
