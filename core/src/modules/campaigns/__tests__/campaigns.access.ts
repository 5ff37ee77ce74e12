import type { Knex } from 'knex';
import type { RouteAccessCase } from '../../../testing/route-access.js';

async function insertCampaign(knex: Knex, companyId: number): Promise<number> {
  const [row] = await knex('campaigns').insert({ company_id: companyId, name: 'Access check', message1: 'Olá {nome}' }).returning('id');
  return row.id as number;
}

const record =
  (suffix = '', body?: unknown) =>
  async ({ knex, companyId }: { knex: Knex; companyId: number }) => ({
    path: `/campaigns/${await insertCampaign(knex, companyId)}${suffix}`,
    body,
  });

export const routeAccessCases: RouteAccessCase[] = [
  { route: 'GET /campaigns', note: "pages the caller's own company's campaigns" },
  { route: 'GET /campaigns/:id', record: record() },
  { route: 'POST /campaigns', body: { name: 'Campanha' }, note: "creates a campaign in the caller's own company" },
  { route: 'PUT /campaigns/:id', body: { name: 'Renomeada' }, record: record('', { name: 'Renomeada' }) },
  { route: 'DELETE /campaigns/:id', record: record() },
  { route: 'POST /campaigns/:id/cancel', record: record('/cancel') },
  { route: 'POST /campaigns/:id/restart', record: record('/restart') },
  { route: 'POST /campaigns/:id/media-upload', record: record('/media-upload') },
  { route: 'DELETE /campaigns/:id/media-upload', record: record('/media-upload') },
  { route: 'GET /campaign-settings', note: "the caller's own company's settings" },
  { route: 'POST /campaign-settings', body: { settings: { messageInterval: 5 } }, note: "the caller's own company's settings" },
];
