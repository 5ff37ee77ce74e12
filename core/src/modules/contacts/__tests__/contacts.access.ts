import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { RouteAccessCase } from '../../../testing/route-access.js';

/** A contact of the given company, inserted directly; answers its id and number. */
export async function insertContact(
  knex: Knex,
  companyId: number,
  fields: Record<string, unknown> = {},
): Promise<{ id: number; number: string }> {
  const number = `55${BigInt(`0x${randomBytes(5).toString('hex')}`) % 100_000_000_000n}`;
  const [row] = await knex('contacts')
    .insert({ company_id: companyId, name: `Access ${number}`, number, ...fields })
    .returning(['id', 'number']);
  return { id: row.id as number, number: row.number as string };
}

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
