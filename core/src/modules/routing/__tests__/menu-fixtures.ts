import type { RoutingScenario } from './routing-scenario.js';

// Queues, chatbot options and agents of a routing scenario, inserted as rows (what the queues API stores).

let colors = 0;

/** A queue of the scenario's company, attached to its connection (menu order = orderQueue). */
export async function addQueue(scenario: RoutingScenario, name: string, columns: Record<string, unknown> = {}): Promise<number> {
  const knex = scenario.server.ports.database.knex;
  colors += 1;
  const [queue] = await knex('queues')
    .insert({ company_id: scenario.company.companyId, name, color: `#${String(colors).padStart(6, '0')}`, ...columns })
    .returning('id');
  await knex('connection_queues').insert({
    company_id: scenario.company.companyId,
    whatsapp_id: scenario.connection.id,
    queue_id: queue.id,
  });
  await scenario.changed();
  return queue.id as number;
}

/** Removes the company's queues (with their options and users): each test starts from its own menu. */
export async function clearQueues(scenario: RoutingScenario): Promise<void> {
  await scenario.server.ports.database.knex('queues').where('company_id', scenario.company.companyId).delete();
  await scenario.changed();
}

/** A chatbot option under a queue ({ queueId }) or under another option ({ chatbotId }). */
export async function addOption(
  scenario: RoutingScenario,
  parent: { queueId: number } | { chatbotId: number },
  name: string,
  columns: Record<string, unknown> = {},
): Promise<number> {
  const [option] = await scenario.server.ports.database
    .knex('chatbots')
    .insert({
      company_id: scenario.company.companyId,
      name,
      queue_id: 'queueId' in parent ? parent.queueId : null,
      chatbot_id: 'chatbotId' in parent ? parent.chatbotId : null,
      ...columns,
    })
    .returning('id');
  return option.id as number;
}

/** Puts a user in a queue, online or not. */
export async function addQueueUser(scenario: RoutingScenario, userId: number, queueId: number, online = true): Promise<void> {
  const knex = scenario.server.ports.database.knex;
  await knex('user_queues').insert({ company_id: scenario.company.companyId, user_id: userId, queue_id: queueId });
  await knex('users').where('id', userId).update({ online });
}

/** Bodies the system stored for the ticket's contact, oldest first (immediate, unlike the widget transcript). */
export async function sentTo(scenario: RoutingScenario, ticketId: number): Promise<string[]> {
  const rows = await scenario.server.ports.database
    .knex('messages')
    .where({ ticket_id: ticketId, from_me: true })
    .orderBy('id')
    .select('body');
  return rows.map((row) => row.body as string);
}

/** The ticket's log types, oldest first. */
export async function logTypes(scenario: RoutingScenario, ticketId: number): Promise<string[]> {
  const rows = await scenario.server.ports.database.knex('ticket_logs').where('ticket_id', ticketId).orderBy('id').select('type');
  return rows.map((row) => row.type as string);
}

/** An agent holds the ticket (open, assigned), as after an accept. */
export async function holdTicket(scenario: RoutingScenario, ticketId: number, userId: number): Promise<void> {
  await scenario.server.ports.database.knex('tickets').where('id', ticketId).update({ status: 'open', user_id: userId });
}
