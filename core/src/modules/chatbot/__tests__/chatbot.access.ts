import type { Knex } from 'knex';
import type { RouteAccessCase } from '../../../testing/route-access.js';
import { insertQueue } from '../../queues/__tests__/queues.access.js';

/** A chatbot option of the given company (under a new queue unless a parent is given), inserted directly. */
export async function insertChatbot(knex: Knex, companyId: number, fields: Record<string, unknown> = {}): Promise<number> {
  const parent = fields.chatbot_id !== undefined || fields.queue_id !== undefined ? {} : { queue_id: await insertQueue(knex, companyId) };
  const [row] = await knex('chatbots')
    .insert({ company_id: companyId, name: 'Opção de acesso', queue_type: 'text', ...parent, ...fields })
    .returning('id');
  return row.id as number;
}

const optionPath = async ({ knex, companyId }: { knex: Knex; companyId: number }) => ({
  path: `/chatbot/${await insertChatbot(knex, companyId)}`,
});

export const routeAccessCases: RouteAccessCase[] = [
  { route: 'GET /chatbot/:id', record: optionPath },
  {
    route: 'POST /chatbot',
    // Under another company's queue: that queue is not found.
    record: async ({ knex, companyId }) => ({ path: '/chatbot', body: { queueId: await insertQueue(knex, companyId), name: 'Vendas' } }),
  },
  { route: 'PUT /chatbot/:id', record: async (fixture) => ({ ...(await optionPath(fixture)), body: { name: 'Renomeada' } }) },
  { route: 'DELETE /chatbot/:id', record: optionPath },
];
