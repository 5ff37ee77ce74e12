import type { Knex } from 'knex';
import type { RouteAccessCase } from '../../../testing/route-access.js';

async function insertList(knex: Knex, companyId: number): Promise<number> {
  const [row] = await knex('contact_lists').insert({ company_id: companyId, name: 'Access check' }).returning('id');
  return row.id as number;
}

async function insertItem(knex: Knex, companyId: number): Promise<number> {
  const contactListId = await insertList(knex, companyId);
  const [row] = await knex('contact_list_items')
    .insert({ company_id: companyId, contact_list_id: contactListId, name: 'Access check', number: '5511900000001' })
    .returning('id');
  return row.id as number;
}

const list =
  (suffix = '', body?: unknown) =>
  async ({ knex, companyId }: { knex: Knex; companyId: number }) => ({
    path: `/contact-lists/${await insertList(knex, companyId)}${suffix}`,
    body,
  });

const item =
  (body?: unknown) =>
  async ({ knex, companyId }: { knex: Knex; companyId: number }) => ({
    path: `/contact-list-items/${await insertItem(knex, companyId)}`,
    body,
  });

export const routeAccessCases: RouteAccessCase[] = [
  { route: 'GET /contact-lists', note: "pages the caller's own company's lists" },
  { route: 'GET /contact-lists/list', note: "the caller's own company's lists" },
  { route: 'GET /contact-lists/example.xlsx', note: 'the same example spreadsheet for everyone' },
  { route: 'GET /contact-lists/:id', record: list() },
  { route: 'POST /contact-lists', body: { name: 'Access check' }, note: "creates in the caller's own company" },
  { route: 'PUT /contact-lists/:id', body: { name: 'Renamed' }, record: list('', { name: 'Renamed' }) },
  { route: 'DELETE /contact-lists/:id', record: list() },
  // Without a file the owner gets 400; another company's list is 404 before the file is looked at.
  { route: 'POST /contact-lists/:id/upload', record: list('/upload') },
  {
    route: 'GET /contact-list-items',
    path: '/contact-list-items?contactListId=999999',
    record: async ({ knex, companyId }) => ({ path: `/contact-list-items?contactListId=${await insertList(knex, companyId)}` }),
  },
  { route: 'GET /contact-list-items/:id', record: item() },
  {
    route: 'POST /contact-list-items',
    body: { name: 'Access check', number: '5511900000002', contactListId: 999999 },
    record: async ({ knex, companyId }) => ({
      path: '/contact-list-items',
      body: { name: 'Access check', number: '5511900000002', contactListId: await insertList(knex, companyId) },
    }),
  },
  { route: 'PUT /contact-list-items/:id', body: { name: 'Renamed' }, record: item({ name: 'Renamed' }) },
  { route: 'DELETE /contact-list-items/:id', record: item() },
];
