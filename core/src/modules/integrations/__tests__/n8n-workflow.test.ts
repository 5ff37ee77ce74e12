import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CompanyCache } from '../../../platform/cache/company-cache.js';
import { eventually } from '../../../testing/eventually.js';
import { api, startTestServer, type CompanyFixture, type TestServer } from '../../../testing/test-server.js';

/**
 * An n8n workflow answering a contact through the external API, with the real n8n plugin (a workspace plugin, loaded
 * like in production) and the API channel: the contact writes through the channel's bridge, the integration POSTs the
 * message.received event to the workflow's Webhook node, which answers at once ("Respond Immediately") and then sends
 * its reply with POST /api/messages/send and the connection's token. The webchat channel cannot be the scenario's:
 * the external API refuses the widget's connections (it has no phone-like contact numbers).
 */

interface Listening {
  url: string;
  server: Server;
}

async function listen(handle: (req: IncomingMessage, body: string, res: ServerResponse) => void): Promise<Listening> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handle(req, Buffer.concat(chunks).toString('utf8'), res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const WEBHOOK_PATH = '/webhook/3b0e5c1a-8d4f-4a52-b1f7-6a2e9c0d4f18';

let server: TestServer;
let company: CompanyFixture;
let integrator: Listening;
let n8n: Listening;
let connection: { id: number; token: string };
let integrationId: number;
/** What the workflow's Webhook node received. */
const events: any[] = [];
/** What the workflow's calls to the external API were answered. */
const apiAnswers: { status: number; body: any }[] = [];
/** What the API channel delivered to the bridge: the contact's side. */
const delivered: any[] = [];

beforeAll(async () => {
  server = await startTestServer();
  company = await server.createCompany({ plan: { use_external_api: true, use_integrations: true } });
  integrator = await listen((_req, body, res) => {
    delivered.push(JSON.parse(body));
    res.writeHead(200).end();
  });
  n8n = await listen((req, body, res) => {
    if (req.method !== 'POST' || req.url !== WEBHOOK_PATH) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 404, message: 'not registered' }));
      return;
    }
    const event = JSON.parse(body);
    events.push(event);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Workflow was started' }));
    if (event.event !== 'message.received') return;
    // The workflow's HTTP Request node, after the Webhook node answered.
    void api(server, 'POST', '/api/messages/send', {
      token: connection.token,
      body: { number: event.contact.number, body: `Olá ${event.contact.name}, seu pedido do ticket ${event.ticket.id} saiu para entrega` },
    }).then(({ status, body: answer }) => apiAnswers.push({ status, body: answer }));
  });

  const created = await api(server, 'POST', '/whatsapp', {
    token: company.admin.token,
    body: { name: 'Bridge', channel: 'api', settings: { webhookUrl: `${integrator.url}/events`, webhookSecret: 'bridge-secret-5e1f' } },
  });
  expect(created.status).toBe(201);
  connection = { id: created.body.id as number, token: created.body.token as string };
  const knex = server.ports.database.knex;
  await eventually(
    async () => ((await knex('connections').where('id', connection.id).first('status'))?.status === 'CONNECTED' ? true : undefined),
    'API connection connected',
  );
  const integration = await api(server, 'POST', '/queueIntegration', {
    token: company.admin.token,
    body: { type: 'n8n', name: 'Fluxo de pedidos', urlN8N: `${n8n.url}${WEBHOOK_PATH}` },
  });
  expect(integration.status).toBe(201);
  integrationId = integration.body.id as number;
  // The connection hands its new conversations to the workflow.
  await knex('connections').where('id', connection.id).update({ integration_id: integrationId });
  await server.container.get<CompanyCache>(CompanyCache).invalidate(company.companyId);
}, 120_000);

afterAll(async () => {
  await Promise.all([integrator, n8n].filter(Boolean).map(({ server: listening }) => new Promise((resolve) => listening.close(resolve))));
  await server?.stop();
});

async function contactWrites(body: string, externalId: string): Promise<void> {
  const sent = await api(server, 'POST', `/api/channels/${connection.token}/messages`, {
    body: { number: '5511988887777', name: 'Carla', body, externalId },
  });
  expect(sent.status).toBe(202);
}

describe('an n8n workflow as the bot', () => {
  it("gets the contact's message as the documented event and answers through the external API, the bot keeping the ticket", async () => {
    await contactWrites('Quero saber do meu pedido', 'sms-1');
    const event = await eventually(() => events.find((seen) => seen.event === 'message.received'), 'event at the workflow');
    expect(event).toMatchObject({
      company: { id: company.companyId },
      connection: { id: connection.id, name: 'Bridge', channel: 'api' },
      ticket: { status: 'pending', queueId: null },
      contact: { name: 'Carla', number: '5511988887777' },
      message: { body: 'Quero saber do meu pedido', mediaUrl: null },
    });
    const reply = `Olá Carla, seu pedido do ticket ${event.ticket.id} saiu para entrega`;
    const toContact = await eventually(() => delivered.find((seen) => seen.message?.body === reply), 'reply at the contact');
    expect(toContact).toMatchObject({ event: 'message.created', contact: { number: '5511988887777' } });
    expect(apiAnswers[0]).toMatchObject({ status: 200, body: { ticketId: event.ticket.id } });

    const knex = server.ports.database.knex;
    const ticket = await knex('tickets').where('id', event.ticket.id).first();
    expect(ticket).toMatchObject({ use_integration: true, integration_id: integrationId, status: 'pending', user_id: null });
    const ours = await knex('messages').where({ ticket_id: ticket.id, from_me: true }).select('body');
    expect(ours.map((row: { body: string }) => row.body)).toContain(reply);

    // The workflow's reply did not take the conversation from it: the next message reaches it on the same ticket.
    await contactWrites('Obrigada!', 'sms-2');
    const next = await eventually(() => events.find((seen) => seen.message?.body === 'Obrigada!'), 'second event at the workflow');
    expect(next.ticket.id).toBe(event.ticket.id);
  });
});
