import type { Knex } from 'knex';
import type { RouteAccessCase } from '../../../testing/route-access.js';
import { insertQueue, insertTarget } from '../../queues/__tests__/queues.access.js';

const integrationPath = async ({ knex, companyId }: { knex: Knex; companyId: number }) => ({
  path: `/queueIntegration/${await insertTarget(knex, 'queue_integrations', companyId)}`,
});
const promptPath = async ({ knex, companyId }: { knex: Knex; companyId: number }) => ({
  path: `/prompt/${await insertTarget(knex, 'prompts', companyId, { queue_id: await insertQueue(knex, companyId) })}`,
});
const ownCompany = "lists or creates in the caller's own company";

export const routeAccessCases: RouteAccessCase[] = [
  { route: 'GET /queueIntegration', note: ownCompany },
  { route: 'GET /queueIntegration/:id', record: integrationPath },
  { route: 'POST /queueIntegration', note: ownCompany, body: { type: 'typebot', name: 'Access' } },
  {
    route: 'PUT /queueIntegration/:id',
    record: async (fixture) => ({ ...(await integrationPath(fixture)), body: { name: 'Renamed' } }),
  },
  { route: 'DELETE /queueIntegration/:id', record: integrationPath },
  {
    route: 'POST /queueIntegration/testSession',
    // Names a saved integration by id: another company's is not found.
    record: async ({ knex, companyId }) => ({
      path: '/queueIntegration/testSession',
      body: { id: await insertTarget(knex, 'queue_integrations', companyId) },
    }),
  },
  { route: 'GET /prompt', note: ownCompany },
  { route: 'GET /prompt/:id', record: promptPath },
  { route: 'POST /prompt', note: ownCompany, body: { name: 'Access prompt' } },
  { route: 'PUT /prompt/:id', record: async (fixture) => ({ ...(await promptPath(fixture)), body: { temperature: 0.5 } }) },
  { route: 'DELETE /prompt/:id', record: promptPath },
  {
    route: 'POST /api/integrations/replies',
    note: "authenticated by one conversation's signed key, which names its company and ticket (n8n-workflow.test.ts)",
  },
];
