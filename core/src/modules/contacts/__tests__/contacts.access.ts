import type { Knex } from 'knex';
import { insertContact } from '../../../testing/fixtures.js';
import type { RouteAccessCase } from '../../../testing/route-access.js';

const contactPath =
  (prefix: string) =>
  async ({ knex, companyId }: { knex: Knex; companyId: number }) => ({ path: `${prefix}/${(await insertContact(knex, companyId)).id}` });

export const routeAccessCases: RouteAccessCase[] = [
  { route: 'GET /contacts', note: "lists the caller's own company" },
  { route: 'GET /contacts/list', note: "lists the caller's own company" },
  { route: 'GET /contacts/export', note: "exports the caller's own company (admins)" },
  { route: 'POST /contacts/upload', note: "imports into the caller's own company" },
  { route: 'POST /contacts', note: "creates a contact in the caller's own company", body: { name: 'Access', number: '11987654321' } },
  {
    route: 'GET /contacts/profile/:number',
    record: async ({ knex, companyId }) => ({ path: `/contacts/profile/${(await insertContact(knex, companyId)).number}` }),
  },
  { route: 'PUT /contacts/toggleDisableBot/:id', record: contactPath('/contacts/toggleDisableBot') },
  { route: 'PUT /contacts/toggleAcceptAudio/:id', record: contactPath('/contacts/toggleAcceptAudio') },
  {
    route: 'PUT /contacts/block/:id',
    record: async (fixture) => ({ ...(await contactPath('/contacts/block')(fixture)), body: { active: false } }),
  },
  { route: 'GET /contacts/:id', record: contactPath('/contacts') },
  {
    route: 'PUT /contacts/:id',
    record: async (fixture) => ({ ...(await contactPath('/contacts')(fixture)), body: { name: 'Renamed' } }),
  },
  { route: 'DELETE /contacts/:id', record: contactPath('/contacts') },
];
