import type { Knex } from 'knex';
import type { RouteAccessCase } from '../../../testing/route-access.js';

/** A chat of the company owned by its first user (its admin), who is its only member. */
async function insertChat(knex: Knex, companyId: number): Promise<{ id: number; ownerId: number }> {
  const [owner] = await knex('users').where('company_id', companyId).orderBy('id').limit(1).select('id');
  const [chat] = await knex('chats').insert({ company_id: companyId, title: 'Access check', owner_id: owner.id }).returning('id');
  await knex('chat_users').insert({ company_id: companyId, chat_id: chat.id, user_id: owner.id });
  return { id: chat.id as number, ownerId: owner.id as number };
}

const record =
  (suffix = '', body?: (ownerId: number) => unknown) =>
  async ({ knex, companyId }: { knex: Knex; companyId: number }) => {
    const chat = await insertChat(knex, companyId);
    return { path: `/chats/${chat.id}${suffix}`, body: body?.(chat.ownerId) };
  };

export const routeAccessCases: RouteAccessCase[] = [
  { route: 'GET /chats', note: "lists the caller's own chats" },
  { route: 'GET /chats/:id', record: record() },
  { route: 'POST /chats', body: { title: 'Access check', users: [] }, note: "creates in the caller's own company" },
  { route: 'PUT /chats/:id', record: record('', (ownerId) => ({ title: 'Renamed', users: [ownerId] })) },
  { route: 'DELETE /chats/:id', record: record() },
  { route: 'POST /chats/:id/read', record: record('/read') },
  { route: 'GET /chats/:id/messages', record: record('/messages') },
  { route: 'POST /chats/:id/messages', record: record('/messages', () => ({ message: 'Access check' })) },
];
