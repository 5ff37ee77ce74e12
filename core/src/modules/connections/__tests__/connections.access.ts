import type { Knex } from 'knex';
import type { RouteAccessCase } from '../../../testing/route-access.js';

/** A webchat connection of the company (no plan flag needed), for the cross-company checks. */
async function connection(knex: Knex, companyId: number): Promise<number> {
  const [row] = await knex('connections')
    .insert({ company_id: companyId, name: `Conn ${Date.now()}${Math.random()}`, channel: 'webchat' })
    .returning('id');
  return row.id as number;
}

const recordAt =
  (suffix: string, body?: unknown): RouteAccessCase['record'] =>
  async ({ knex, companyId }) => ({ path: `/${suffix.replace(':id', String(await connection(knex, companyId)))}`, body });

export const routeAccessCases: RouteAccessCase[] = [
  { route: 'GET /whatsapp', note: 'the caller company only' },
  { route: 'GET /whatsapp/:id', record: recordAt('whatsapp/:id') },
  { route: 'POST /whatsapp', note: 'creates in the caller company', body: { name: 'Site', channel: 'webchat' } },
  { route: 'PUT /whatsapp/:id', record: recordAt('whatsapp/:id', { name: 'Renamed' }), body: { name: 'Renamed' } },
  { route: 'DELETE /whatsapp/:id', record: recordAt('whatsapp/:id') },
  { route: 'POST /whatsapp/:id/media-upload', record: recordAt('whatsapp/:id/media-upload') },
  { route: 'DELETE /whatsapp/:id/media-upload', record: recordAt('whatsapp/:id/media-upload') },
  { route: 'POST /whatsappsession/:id', record: recordAt('whatsappsession/:id') },
  { route: 'PUT /whatsappsession/:id', record: recordAt('whatsappsession/:id') },
  { route: 'DELETE /whatsappsession/:id', record: recordAt('whatsappsession/:id') },
  { route: 'POST /whatsapp-restart', note: 'restarts the caller company connections only' },
  { route: 'POST /closedimported/:id', record: recordAt('closedimported/:id') },
  { route: 'GET /plugins', note: 'platform-wide description' },
  { route: 'POST /facebook', note: 'creates page connections in the caller company', body: { facebookUserId: '1' } },
];
