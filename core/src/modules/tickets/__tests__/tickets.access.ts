import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { RouteAccessCase } from '../../../testing/route-access.js';

/** A pending ticket of the given company (with its contact and connection), inserted directly. */
export async function insertAccessTicket(knex: Knex, companyId: number): Promise<{ id: number; uuid: string }> {
  const tag = randomBytes(6).toString('hex');
  const [connection] = await knex('connections')
    .insert({ company_id: companyId, name: `Access ${tag}` })
    .returning('id');
  const [contact] = await knex('contacts')
    .insert({ company_id: companyId, name: `Access ${tag}`, number: `55${Date.now()}${tag}` })
    .returning('id');
  const [ticket] = await knex('tickets')
    .insert({ company_id: companyId, contact_id: contact.id, whatsapp_id: connection.id, status: 'pending' })
    .returning(['id', 'uuid']);
  return { id: ticket.id as number, uuid: ticket.uuid as string };
}

export const routeAccessCases: RouteAccessCase[] = [
  { route: 'GET /tickets', note: "lists the caller's own company, through the visibility rule" },
  {
    route: 'GET /tickets/u/:uuid',
    record: async ({ knex, companyId }) => ({ path: `/tickets/u/${(await insertAccessTicket(knex, companyId)).uuid}` }),
  },
  {
    route: 'GET /tickets/:id',
    record: async ({ knex, companyId }) => ({ path: `/tickets/${(await insertAccessTicket(knex, companyId)).id}` }),
  },
  { route: 'POST /tickets', note: "creates a ticket in the caller's own company", body: { contactId: 999999 } },
  { route: 'POST /tickets/closeAll', note: "closes tickets of the caller's own company", body: { status: 'pending', queueIds: [999999] } },
  {
    route: 'PUT /tickets/:id',
    record: async ({ knex, companyId }) => ({
      path: `/tickets/${(await insertAccessTicket(knex, companyId)).id}`,
      body: { status: 'closed' },
    }),
  },
  {
    route: 'DELETE /tickets/:id',
    record: async ({ knex, companyId }) => ({ path: `/tickets/${(await insertAccessTicket(knex, companyId)).id}` }),
  },
  {
    route: 'GET /tickets-log/:ticketId',
    record: async ({ knex, companyId }) => ({ path: `/tickets-log/${(await insertAccessTicket(knex, companyId)).id}` }),
  },
];
