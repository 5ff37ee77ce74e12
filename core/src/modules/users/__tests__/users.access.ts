import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { RouteAccessCase } from '../../../testing/route-access.js';

/** A user of the given company, inserted directly; answers its id. */
async function insertUser(knex: Knex, companyId: number): Promise<number> {
  const tag = randomBytes(6).toString('hex');
  const [row] = await knex('users')
    .insert({ company_id: companyId, name: `Access ${tag}`, email: `access-${tag}@example.test`, password_hash: 'x', profile: 'user' })
    .returning('id');
  return row.id as number;
}

export const routeAccessCases: RouteAccessCase[] = [
  { route: 'GET /users', note: "lists the caller's own company (companyId is honoured for super users only)" },
  { route: 'GET /users/list', note: "lists the caller's own company (companyId is honoured for super users only)" },
  { route: 'GET /users/:id', record: async ({ knex, companyId }) => ({ path: `/users/${await insertUser(knex, companyId)}` }) },
  {
    route: 'POST /users',
    note: "creates a user in the caller's own company",
    body: { name: 'New user', email: `new-${randomBytes(4).toString('hex')}@example.test`, password: 'secret1' },
  },
  {
    route: 'PUT /users/:id',
    record: async ({ knex, companyId }) => ({ path: `/users/${await insertUser(knex, companyId)}`, body: { name: 'Renamed' } }),
  },
  { route: 'DELETE /users/:id', record: async ({ knex, companyId }) => ({ path: `/users/${await insertUser(knex, companyId)}` }) },
  {
    route: 'POST /users/:id/media-upload',
    record: async ({ knex, companyId }) => ({ path: `/users/${await insertUser(knex, companyId)}/media-upload` }),
  },
  {
    route: 'DELETE /users/:id/media',
    record: async ({ knex, companyId }) => ({ path: `/users/${await insertUser(knex, companyId)}/media` }),
  },
];
