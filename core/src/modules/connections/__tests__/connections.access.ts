import type { RouteAccessCase } from '../../../testing/route-access.js';

export const routeAccessCases: RouteAccessCase[] = [
  { route: 'GET /whatsapp', note: 'the caller company only' },
  {
    route: 'GET /whatsapp/:id',
    record: async ({ knex, companyId }) => {
      const [row] = await knex('connections')
        .insert({ company_id: companyId, name: `Conn ${Date.now()}${Math.random()}`, channel: 'webchat' })
        .returning('id');
      return { path: `/whatsapp/${row.id}` };
    },
  },
  { route: 'POST /whatsapp', note: 'creates in the caller company', body: { name: 'Site', channel: 'webchat' } },
  { route: 'GET /plugins', note: 'platform-wide description' },
];
