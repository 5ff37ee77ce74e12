import type { Knex } from 'knex';
import type { RouteAccessCase } from '../../../testing/route-access.js';

async function insertQuickMessage(knex: Knex, companyId: number): Promise<number> {
  const [row] = await knex('quick_messages')
    .insert({ company_id: companyId, shortcode: `access-${Date.now().toString(36)}`, message: 'Olá', geral: true })
    .returning('id');
  return row.id as number;
}

const path =
  (suffix = '', body?: unknown) =>
  async ({ knex, companyId }: { knex: Knex; companyId: number }) => ({
    path: `/quick-messages/${await insertQuickMessage(knex, companyId)}${suffix}`,
    body,
  });

const ownCompany = "lists the caller's own company (general ones and the caller's own)";

export const routeAccessCases: RouteAccessCase[] = [
  { route: 'GET /quick-messages', note: ownCompany },
  { route: 'GET /quick-messages/list', note: ownCompany },
  { route: 'GET /quick-messages/categoriesMessages', note: ownCompany },
  { route: 'GET /quick-messages/:id', record: path() },
  { route: 'POST /quick-messages', body: { shortcode: 'access' }, note: "creates in the caller's own company" },
  { route: 'PUT /quick-messages/:id', record: path('', { shortcode: 'renamed' }) },
  { route: 'DELETE /quick-messages/:id', record: path() },
  { route: 'POST /quick-messages/:id/media-upload', record: path('/media-upload') },
  { route: 'DELETE /quick-messages/:id/media-upload', record: path('/media-upload') },
];
