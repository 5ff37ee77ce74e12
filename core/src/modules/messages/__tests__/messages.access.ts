import type { Knex } from 'knex';
import { insertTicket } from '../../../testing/fixtures.js';
import type { RouteAccessCase } from '../../../testing/route-access.js';

/** A text message in a fresh ticket of the company, inserted directly. */
async function insertMessage(knex: Knex, companyId: number): Promise<{ messageId: number; ticketId: number; contactId: number }> {
  const { ticketId, contactId } = await insertTicket(knex, companyId);
  const [message] = await knex('messages')
    .insert({ company_id: companyId, ticket_id: ticketId, contact_id: contactId, body: 'Olá', from_me: true, media_type: 'chat' })
    .returning('id');
  return { messageId: message.id, ticketId, contactId };
}

export const routeAccessCases: RouteAccessCase[] = [
  {
    route: 'GET /messages/:ticketId',
    record: async ({ knex, companyId }) => ({ path: `/messages/${(await insertTicket(knex, companyId)).ticketId}` }),
  },
  {
    route: 'POST /messages/:ticketId',
    record: async ({ knex, companyId }) => ({ path: `/messages/${(await insertTicket(knex, companyId)).ticketId}`, body: { body: 'Olá' } }),
  },
  {
    route: 'GET /messages/listimages/:ticketId',
    record: async ({ knex, companyId }) => ({ path: `/messages/listimages/${(await insertTicket(knex, companyId)).ticketId}` }),
  },
  {
    route: 'GET /messages/templates/:ticketId',
    record: async ({ knex, companyId }) => ({ path: `/messages/templates/${(await insertTicket(knex, companyId)).ticketId}` }),
  },
  {
    route: 'GET /messages/getmedia/:ticketId',
    record: async ({ knex, companyId }) => ({ path: `/messages/getmedia/${(await insertTicket(knex, companyId)).ticketId}` }),
  },
  {
    route: 'POST /messages/edit/:id',
    body: { body: 'Editada' },
    record: async ({ knex, companyId }) => ({
      path: `/messages/edit/${(await insertMessage(knex, companyId)).messageId}`,
      body: { body: 'Editada' },
    }),
  },
  {
    route: 'DELETE /messages/:id',
    record: async ({ knex, companyId }) => ({ path: `/messages/${(await insertMessage(knex, companyId)).messageId}` }),
  },
  {
    route: 'POST /message/forward',
    body: { messageId: 999999, contactId: 999999 },
    record: async ({ knex, companyId }) => {
      const { messageId, contactId } = await insertMessage(knex, companyId);
      return { path: '/message/forward', body: { messageId, contactId, signMessage: false } };
    },
  },
  {
    route: 'POST /react/messages',
    body: { id: 999999, text: '👍' },
    record: async ({ knex, companyId }) => {
      const { messageId, ticketId } = await insertMessage(knex, companyId);
      return { path: '/react/messages', body: { id: messageId, text: '👍', ticketId } };
    },
  },
];
