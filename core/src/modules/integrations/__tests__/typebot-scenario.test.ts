import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { FakeTypebot, textBubble, type FakeFlow } from '../../../../../plugins/integration-typebot/src/__tests__/fake-typebot.js';
import { typebotConfig } from '../../../../../plugins/integration-typebot/src/__tests__/support-flow.js';
import type { RunningServer } from '../../../server.js';
import { eventually } from '../../../testing/eventually.js';
import { restartableInstallation } from '../../../testing/restartable-server.js';
import { api, TEST_ADMIN } from '../../../testing/test-server.js';
import { addQueue, clearQueues } from '../../routing/__tests__/menu-fixtures.js';
import { acceptTicket, startRoutingScenario, type RoutingScenario } from '../../routing/__tests__/routing-scenario.js';
import { BotConversations } from '../bot-conversations.js';
import { IntegrationSessions } from '../integration-sessions.js';

/**
 * A website visitor talking to a Typebot flow: the real typebot plugin (loaded from the workspace, as in production)
 * against the plugin's fake Typebot, through the webchat channel. The flow greets the contact with the prefilled
 * variables, offers a choice, and asks the pizza's flavour after "Fazer pedido". Text bubbles only: core downloads an
 * image bubble from its URL, and the plugin's support flow points at an outside address.
 */
const PIZZA_FLOW: FakeFlow = {
  publicId: 'pizzaria-bot',
  start: 'welcome',
  groups: {
    welcome: {
      messages: [
        textBubble('hello', [{ text: 'Olá ' }, { text: '{{name}}', bold: true }, { text: '! Protocolo {{ticketUuid}}.' }]),
        textBubble('ask', [{ text: 'O que deseja?' }]),
      ],
      input: {
        id: 'menu',
        type: 'choice input',
        items: [
          { id: 'item-menu', content: 'Cardápio', next: 'menu' },
          { id: 'item-order', content: 'Fazer pedido', next: 'order' },
        ],
      },
    },
    menu: { messages: [textBubble('menu-text', [{ text: 'Hoje temos calabresa e margherita.' }])] },
    order: {
      messages: [textBubble('order-text', [{ text: 'Anotado!' }]), textBubble('flavour-text', [{ text: 'Qual o sabor?' }])],
      input: { id: 'flavour', type: 'text input', next: 'menu' },
    },
  },
};

const MENU = 'O que deseja?\n\n1 - Cardápio\n2 - Fazer pedido';
const ORDER_BLOCK = ['Anotado!', 'Qual o sabor?'];

/** The integration as an admin creates it: the fake's address, the flow's id, a short pause between bubbles. */
function integrationBody(fake: FakeTypebot, extra: Record<string, unknown> = {}) {
  return {
    type: 'typebot',
    name: 'Pizzaria',
    ...typebotConfig(fake, { typebotSlug: PIZZA_FLOW.publicId, typebotDelayMessage: 50, ...extra }),
  };
}

let fake: FakeTypebot;
let scenario: RoutingScenario;
let integrationId: number;
let botQueue: number;

beforeAll(async () => {
  fake = new FakeTypebot(PIZZA_FLOW);
  await fake.start();
  scenario = await startRoutingScenario({ company: { plan: { use_integrations: true } } });
  const created = await api(scenario.server, 'POST', '/queueIntegration', {
    token: scenario.company.admin.token,
    body: integrationBody(fake),
  });
  expect(created.status).toBe(201);
  integrationId = created.body.id as number;
}, 120_000);

afterAll(async () => {
  await scenario?.stop();
  await fake?.close();
});

beforeEach(async () => {
  await clearQueues(scenario);
  await scenario.companySettings({ user_random: 'disabled', send_greeting_message_one_queues: 'enabled' });
  await scenario.connectionColumns({ greeting_message: 'Olá! Escolha um setor:', integration_id: null, prompt_id: null });
  botQueue = await addQueue(scenario, 'Pizzaria', { order_queue: 1, integration_id: integrationId });
  await addQueue(scenario, 'Atendimento', { order_queue: 2 });
});

const botsIdle = () => scenario.server.container.get(BotConversations).idle();

/** A visitor who picked the Typebot's queue in the menu and got the flow's first block. */
async function withTheTypebot() {
  const visitor = await scenario.visitor('Ana Souza');
  await visitor.say('oi');
  await visitor.waitForReply('Escolha um setor');
  await visitor.say('1');
  await visitor.waitForReply(MENU);
  return visitor;
}

describe('a Typebot flow answering a webchat visitor', () => {
  it('greets with the prefilled contact and ticket, lists the choice by number and follows the chosen item', async () => {
    const startsBefore = fake.startRequests().length;
    const visitor = await withTheTypebot();
    const ticket = await visitor.ticket();
    expect(ticket).toMatchObject({ queue_id: botQueue, use_integration: true, integration_id: integrationId, user_id: null });
    const contact = await scenario.server.ports.database.knex('contacts').where('id', ticket.contact_id).first('number');
    const starts = fake.startRequests().slice(startsBefore);
    expect(starts).toHaveLength(1);
    expect(starts[0]!.path).toBe(`/api/v1/typebots/${PIZZA_FLOW.publicId}/startChat`);
    expect(starts[0]!.body.prefilledVariables).toEqual({
      name: 'Ana Souza',
      pushName: 'Ana Souza',
      number: contact.number,
      ticketId: ticket.id,
      ticketUuid: ticket.uuid,
    });
    expect((await visitor.replies()).slice(1)).toEqual([`Olá *Ana Souza*! Protocolo ${ticket.uuid}.`, MENU]);

    const { sessionId } = (await scenario.server.container.get(IntegrationSessions).read(scenario.company.companyId, ticket.id))!;
    const since = fake.requests.length;
    await visitor.say('2');
    await visitor.waitForReply(ORDER_BLOCK[1]!);
    expect(fake.requests.slice(since)).toEqual([
      {
        path: `/api/v1/sessions/${String(sessionId)}/continueChat`,
        body: { message: { type: 'text', text: 'Fazer pedido' }, textBubbleContentFormat: 'richText' },
      },
    ]);
    expect((await visitor.replies()).slice(3)).toEqual(ORDER_BLOCK);
  });

  it("the finish keyword hands the ticket to the queue's people: pending in the queue, the bot silent afterwards", async () => {
    const visitor = await withTheTypebot();
    const since = fake.requests.length;
    await visitor.say('#SAIR');
    await botsIdle();
    const ticket = await visitor.ticket();
    expect(ticket).toMatchObject({ status: 'pending', queue_id: botQueue, use_integration: false, user_id: null });
    expect(await scenario.server.container.get(IntegrationSessions).read(scenario.company.companyId, ticket.id)).toBeUndefined();
    const replies = await visitor.replies();

    await visitor.say('2');
    await botsIdle();
    expect(fake.requests.slice(since)).toEqual([]);
    expect(await visitor.replies()).toEqual(replies);
    expect(await visitor.ticket()).toMatchObject({ status: 'pending', queue_id: botQueue, use_integration: false });
  });

  it('an agent accepting the ticket stops the bot: the next message reaches no Typebot', async () => {
    const visitor = await withTheTypebot();
    const ticket = await visitor.ticket();
    await acceptTicket(scenario, ticket.id);
    expect(await visitor.ticket()).toMatchObject({ status: 'open', use_integration: false });
    const since = fake.requests.length;
    await visitor.say('2');
    await botsIdle();
    expect(fake.requests.slice(since)).toEqual([]);
    expect(await visitor.replies()).not.toContain(ORDER_BLOCK[0]);
  });

  // Two starts of a whole installation: slow on a busy machine in embedded mode.
  it('keeps the Typebot session across a restart: the choice continues the same chat where it stopped', async () => {
    const installation = await restartableInstallation('typebot');
    let widget = '';
    let headers: Record<string, string> = {};
    let sessionId = '';
    const replies = async (server: RunningServer) => {
      const answer = await api(server, 'GET', `/widget/${widget}/messages`, { headers });
      return (answer.body.messages as { body: string; fromMe: boolean }[])
        .filter((message) => message.fromMe)
        .map((message) => message.body);
    };
    try {
      const first = await installation.start();
      try {
        const knex = first.ports.database.knex;
        const token = (await api(first, 'POST', '/auth/login', { body: TEST_ADMIN })).body.token;
        // A session that never expires: a slow restart cannot turn the answer into a new chat.
        const integration = await api(first, 'POST', '/queueIntegration', { token, body: integrationBody(fake, { typebotExpires: 0 }) });
        expect(integration.status).toBe(201);
        const created = await api(first, 'POST', '/whatsapp', { token, body: { name: 'Site', channel: 'webchat' } });
        widget = created.body.publicId;
        // The connection hands its new conversations to the flow.
        await knex('connections').where('id', created.body.id).update({ integration_id: integration.body.id });
        await eventually(
          async () => ((await knex('connections').where('id', created.body.id).first('status'))?.status === 'CONNECTED' ? true : undefined),
          'connected',
        );
        const session = await api(first, 'POST', `/widget/${widget}/sessions`, { body: { name: 'Bruno' } });
        headers = { authorization: `Bearer ${session.body.visitorToken}` };
        expect((await api(first, 'POST', `/widget/${widget}/messages`, { headers, body: { body: 'oi' } })).status).toBe(200);
        await eventually(async () => (await replies(first)).includes(MENU), 'the choice');
        await first.container.get(BotConversations).idle();
        const row = await knex('integration_sessions').first('state');
        sessionId = String((typeof row.state === 'string' ? JSON.parse(row.state) : row.state).sessionId);
      } finally {
        await first.close();
      }

      const startsBefore = fake.startRequests().length;
      const since = fake.requests.length;
      const second = await installation.start();
      try {
        expect((await api(second, 'POST', `/widget/${widget}/messages`, { headers, body: { body: '2' } })).status).toBe(200);
        await eventually(async () => (await replies(second)).includes(ORDER_BLOCK[1]!), 'the next block after the restart');
        expect(fake.startRequests()).toHaveLength(startsBefore);
        expect(fake.requests.slice(since).map((request) => [request.path, request.body.message?.text])).toEqual([
          [`/api/v1/sessions/${sessionId}/continueChat`, 'Fazer pedido'],
        ]);
        expect((await replies(second)).slice(-2)).toEqual(ORDER_BLOCK);
      } finally {
        await second.close();
      }
    } finally {
      await installation.remove();
    }
  }, 120_000);
});
