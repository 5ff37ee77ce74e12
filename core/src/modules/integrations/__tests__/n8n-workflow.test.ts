import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eventually } from '../../../testing/eventually.js';
import { api } from '../../../testing/test-server.js';
import { addQueue } from '../../routing/__tests__/menu-fixtures.js';
import { acceptTicket, startRoutingScenario, type RoutingScenario, type Visitor } from '../../routing/__tests__/routing-scenario.js';
import { BotConversations } from '../bot-conversations.js';

/**
 * An n8n workflow as a website visitor's bot, with the real n8n plugin (a workspace plugin, loaded like in production):
 * the visitor picks the queue whose integration is the workflow, the integration POSTs the message.received event to
 * the workflow's Webhook node, which answers at once ("Respond Immediately") and then sends its reply with an HTTP
 * Request node to the event's reply address, with the event's key.
 */

const WEBHOOK_PATH = '/webhook/3b0e5c1a-8d4f-4a52-b1f7-6a2e9c0d4f18';

/** What the workflow does with an event once n8n has answered it: its HTTP Request node's body. */
type Workflow = (event: any) => object;

let scenario: RoutingScenario;
let n8n: { url: string; server: Server };
let workflow: Workflow;
let humans: number;
/** What the workflow's Webhook node received. */
const events: any[] = [];
/** What the workflow's HTTP Request node was answered. */
const requestAnswers: { status: number; body: any }[] = [];

async function listen(handle: (req: IncomingMessage, body: string, res: ServerResponse) => void): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handle(req, Buffer.concat(chunks).toString('utf8'), res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** The HTTP Request node: POST to the reply address the event names, with its key. */
function answerLater(reply: { url: string; token: string }, body: unknown): Promise<{ status: number; body: any }> {
  return api(scenario.server, 'POST', new URL(reply.url).pathname, { headers: { authorization: `Bearer ${reply.token}` }, body });
}

beforeAll(async () => {
  scenario = await startRoutingScenario({ company: { plan: { use_integrations: true } } });
  n8n = await listen((req, body, res) => {
    if (req.method !== 'POST' || req.url !== WEBHOOK_PATH) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 404, message: 'not registered' }));
      return;
    }
    const event = JSON.parse(body);
    events.push(event);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Workflow was started' }));
    if (event.event === 'message.received')
      void answerLater(event.reply, workflow(event)).then(({ status, body: answer }) => requestAnswers.push({ status, body: answer }));
  });
  const integration = await api(scenario.server, 'POST', '/queueIntegration', {
    token: scenario.company.admin.token,
    body: { type: 'n8n', name: 'Fluxo de pedidos', urlN8N: `${n8n.url}${WEBHOOK_PATH}` },
  });
  expect(integration.status).toBe(201);
  await scenario.companySettings({ user_random: 'disabled' });
  await scenario.connectionColumns({ greeting_message: 'Olá! Escolha um setor:' });
  await addQueue(scenario, 'Pedidos', { order_queue: 1, integration_id: integration.body.id });
  humans = await addQueue(scenario, 'Atendimento', { order_queue: 2 });
}, 120_000);

afterAll(async () => {
  await new Promise((resolve) => (n8n ? n8n.server.close(resolve) : resolve(undefined)));
  await scenario?.stop();
});

/** A visitor who picked the workflow's queue; answers the event of that choice. */
async function withTheWorkflow(name: string): Promise<{ visitor: Visitor; event: any }> {
  const visitor = await scenario.visitor(name);
  await visitor.say('oi');
  await visitor.say('1');
  const event = await eventually(() => events.find((seen) => seen.contact?.name === name), 'event at the workflow');
  return { visitor, event };
}

describe('an n8n workflow as the bot of a website conversation', () => {
  it("gets the visitor's message as the documented event and answers later at the event's reply address, keeping the ticket", async () => {
    workflow = (event) => ({ replies: [{ body: `Olá ${event.contact.name}, seu pedido do ticket ${event.ticket.id} saiu para entrega` }] });
    const { visitor, event } = await withTheWorkflow('Carla');
    expect(event).toMatchObject({
      company: { id: scenario.company.companyId },
      connection: { id: scenario.connection.id, channel: 'webchat' },
      ticket: { status: 'pending' },
      contact: { name: 'Carla' },
      // The visitor's "1" chose the workflow's queue: the workflow greets rather than answers it.
      message: { body: '1', mediaUrl: null, opening: true },
      reply: { url: expect.stringMatching(/\/api\/integrations\/replies$/), token: expect.any(String) },
    });
    expect(Date.parse(event.reply.expiresAt)).toBeGreaterThan(Date.now());

    await visitor.waitForReply(`Olá Carla, seu pedido do ticket ${event.ticket.id} saiu para entrega`);
    const answered = await eventually(
      () => requestAnswers.find((answer) => answer.body.ticketId === event.ticket.id),
      'answer to the workflow',
    );
    expect(answered).toEqual({ status: 200, body: { ticketId: event.ticket.id, sent: 1, skipped: [] } });
    expect(await visitor.ticket()).toMatchObject({ id: event.ticket.id, use_integration: true, status: 'pending', user_id: null });

    // The reply did not take the conversation from the workflow: the next message reaches it on the same ticket.
    await visitor.say('Obrigada!');
    const next = await eventually(() => events.find((seen) => seen.message?.body === 'Obrigada!'), 'second event at the workflow');
    expect(next.ticket.id).toBe(event.ticket.id);
  });

  it("hands the visitor to the queue's humans when its later answer says so, and its key then opens nothing", async () => {
    workflow = () => ({ replies: [{ body: 'Vou chamar um atendente' }], transfer: { queueId: humans } });
    const { visitor, event } = await withTheWorkflow('Davi');
    await visitor.waitForReply('Vou chamar um atendente');
    await scenario.server.container.get(BotConversations).idle();
    expect(await visitor.ticket()).toMatchObject({ queue_id: humans, use_integration: false, status: 'pending', user_id: null });

    const late = await answerLater(event.reply, { replies: [{ body: 'ainda aqui?' }] });
    expect(late).toMatchObject({ status: 409, body: { error: 'ERR_TICKET_NOT_WITH_BOT' } });
    expect(await visitor.replies()).not.toContain('ainda aqui?');
  });

  it("refuses a key that was altered, an answer without anything to do, a file on the server's network, and a key of a ticket an agent took", async () => {
    workflow = () => ({ replies: [{ body: 'Um momento' }] });
    const { visitor, event } = await withTheWorkflow('Elis');
    await visitor.waitForReply('Um momento');
    const [companyId, , integrationId, expires, signature] = event.reply.token.split('.');
    const otherTicket = [companyId, Number(event.ticket.id) + 1, integrationId, expires, signature].join('.');
    expect(await answerLater({ ...event.reply, token: otherTicket }, { replies: [{ body: 'x' }] })).toMatchObject({
      status: 401,
      body: { error: 'ERR_INVALID_TOKEN' },
    });
    expect(await answerLater(event.reply, { hello: 'world' })).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    // A file on the server's own network is not fetched for the contact (MEDIA_FETCH_HOSTS is 'public').
    const fetched: string[] = [];
    const internal = await listen((req, _body, res) => {
      fetched.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'text/plain' }).end('internal secret');
    });
    try {
      const answer = await answerLater(event.reply, { replies: [{ mediaUrl: `${internal.url}/secret.txt` }, { body: 'Segue o arquivo' }] });
      expect(answer).toMatchObject({
        status: 200,
        body: { ticketId: event.ticket.id, sent: 1, skipped: [{ reply: 0, reason: expect.stringContaining('not a public address') }] },
      });
      expect(fetched).toEqual([]);
      await visitor.waitForReply('Segue o arquivo');
      expect(await visitor.replies()).not.toContain('internal secret');
    } finally {
      await new Promise((resolve) => internal.server.close(resolve));
    }
    expect(await answerLater(event.reply, { replies: 'oi' })).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', message: expect.stringContaining('replies must be a list') },
    });

    await acceptTicket(scenario, event.ticket.id);
    expect(await answerLater(event.reply, { replies: [{ body: 'ainda aqui?' }] })).toMatchObject({
      status: 409,
      body: { error: 'ERR_TICKET_NOT_WITH_BOT' },
    });
  });
});
