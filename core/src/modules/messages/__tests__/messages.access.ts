import { insertTicket } from '../../../testing/fixtures.js';
import type { RouteAccessCase } from '../../../testing/route-access.js';

export const routeAccessCases: RouteAccessCase[] = [
  {
    route: 'GET /messages/:ticketId',
    record: async ({ knex, companyId }) => ({ path: `/messages/${(await insertTicket(knex, companyId)).ticketId}` }),
  },
  {
    route: 'POST /messages/:ticketId',
    record: async ({ knex, companyId }) => ({ path: `/messages/${(await insertTicket(knex, companyId)).ticketId}`, body: { body: 'Olá' } }),
  },
];
