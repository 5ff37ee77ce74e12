import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { RouteAccessCase } from '../../../testing/route-access.js';

/** A queue of the given company, inserted directly (unique name and colour); answers its id. */
export async function insertQueue(knex: Knex, companyId: number, fields: Record<string, unknown> = {}): Promise<number> {
  const [row] = await knex('queues')
    .insert({
      company_id: companyId,
      name: `Fila ${randomBytes(4).toString('hex')}`,
      color: `#${randomBytes(3).toString('hex')}`,
      ...fields,
    })
    .returning('id');
  return row.id as number;
}

/** A row of one of the tables a queue or an option points at (integration, file list, prompt); answers its id. */
export async function insertTarget(
  knex: Knex,
  table: 'queue_integrations' | 'files' | 'prompts',
  companyId: number,
  fields: Record<string, unknown> = {},
): Promise<number> {
  const required = {
    queue_integrations: { type: 'typebot', name: 'Typebot', json_content: 'sealed-credentials' },
    files: { name: 'Catálogo', message: 'Nosso catálogo' },
    prompts: { name: 'Assistente', prompt: 'Responda com educação.', api_key: 'sealed-key' },
  }[table];
  const [row] = await knex(table)
    .insert({ company_id: companyId, ...required, ...fields })
    .returning('id');
  return row.id as number;
}

const queuePath = async ({ knex, companyId }: { knex: Knex; companyId: number }) => ({
  path: `/queue/${await insertQueue(knex, companyId)}`,
});
const ownCompany = "lists the caller's own company";

export const routeAccessCases: RouteAccessCase[] = [
  { route: 'GET /queue', note: ownCompany },
  { route: 'GET /queue/:id', record: queuePath },
  {
    route: 'POST /queue',
    note: "creates a queue in the caller's own company",
    body: { name: `Access ${randomBytes(4).toString('hex')}`, color: '#a1b2c3' },
  },
  { route: 'PUT /queue/:id', record: async (fixture) => ({ ...(await queuePath(fixture)), body: { name: 'Renamed' } }) },
  { route: 'DELETE /queue/:id', record: queuePath },
];
