import type { Knex } from 'knex';
import type { RouteAccessCase } from '../../../testing/route-access.js';
import { insertTicket } from '../../../testing/fixtures.js';

async function insertNote(knex: Knex, companyId: number): Promise<number> {
  const { ticketId, contactId } = await insertTicket(knex, companyId);
  const [row] = await knex('ticket_notes')
    .insert({ company_id: companyId, note: 'Access check', ticket_id: ticketId, contact_id: contactId })
    .returning('id');
  return row.id as number;
}

export const routeAccessCases: RouteAccessCase[] = [
  { route: 'GET /ticket-notes', note: "pages the caller's own company's notes" },
  {
    route: 'GET /ticket-notes/list',
    path: '/ticket-notes/list?ticketId=999999',
    record: async ({ knex, companyId }) => {
      const { ticketId, contactId } = await insertTicket(knex, companyId);
      return { path: `/ticket-notes/list?ticketId=${ticketId}&contactId=${contactId}` };
    },
  },
  {
    route: 'POST /ticket-notes',
    body: { note: 'Access check', ticketId: 999999 },
    record: async ({ knex, companyId }) => {
      const { ticketId, contactId } = await insertTicket(knex, companyId);
      return { path: '/ticket-notes', body: { note: 'Access check', ticketId, contactId } };
    },
  },
  {
    route: 'DELETE /ticket-notes/:id',
    record: async ({ knex, companyId }) => ({ path: `/ticket-notes/${await insertNote(knex, companyId)}` }),
  },
];
