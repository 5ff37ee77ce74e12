import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  APPROVED_TEMPLATE,
  cloudDelivery,
  cloudSettings,
  contactMessage,
  cloudPluginThroughCore,
  PHONE_NUMBER_ID,
  postCloudDelivery,
} from '../../../plugins/channel-whatsapp-cloud/src/__tests__/fake-cloud-api.js';
import { eventually } from '../testing/eventually.js';
import { api, startTestServer, type CompanyFixture, type TestServer } from '../testing/test-server.js';
import { workspacePluginWithOptions } from '../testing/workspace-plugin.js';

/**
 * The official WhatsApp channel (whatsappapi) through core, against the fake Cloud API: a customer writes, the ticket
 * opens, the agent replies, the status reaches read; 25 hours later only a template goes. Unsigned, mis-signed and
 * unknown-number deliveries change nothing.
 */
const APP_SECRET = 'scenario-app-secret';
const MARIA = { address: '5511987654321', name: 'Maria Souza' };
const HOUR = 60 * 60 * 1000;

let cloud: Awaited<ReturnType<typeof cloudPluginThroughCore>>;
let server: TestServer;
let company: CompanyFixture;
let other: CompanyFixture;
let connectionId: number;

beforeAll(async () => {
  // The plugin core loads, on the fake Cloud API and a clock the test moves.
  cloud = await cloudPluginThroughCore(workspacePluginWithOptions);
  server = await startTestServer({ extraModules: [cloud.options] });
  company = await server.createCompany();
  other = await server.createCompany();
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await cloud?.graph.close();
});

const post = (payload: unknown, secret: string | null) => postCloudDelivery(server.url, payload, { sign: cloud.sign, secret });

const knex = () => server.ports.database.knex;
const storedMessage = (externalId: string) => knex()('messages').where({ external_id: externalId }).first();

async function ownMessage(ticketId: number, predicate: (message: any) => boolean, what: string): Promise<any> {
  return eventually(async () => {
    const list = await api(server, 'GET', `/messages/${ticketId}`, { token: company.admin.token });
    return list.body.messages.find(predicate);
  }, what);
}

describe('whatsappapi through core', () => {
  let ticketId: number;

  it('offers the channel with its settings form, described by the plugin', async () => {
    const plugins = await api(server, 'GET', '/plugins', { token: company.admin.token });
    const listed = plugins.body.channels.find((channel: any) => channel.channel === 'whatsappapi');
    expect(listed.templates).toBe(true);
    const described = listed.description;
    expect(described).toMatchObject({ name: 'channels.whatsappapi.name', planFlag: 'useWhatsapp', capabilities: { replyWindowHours: 24 } });
    expect(described.settings.map((field: any) => [field.key, Boolean(field.secret)])).toEqual([
      ['phoneNumberId', false],
      ['businessAccountId', false],
      ['accessToken', true],
      ['appSecret', true],
      ['verifyToken', true],
    ]);
  });

  it('connects once the Graph API confirms the number, its secrets masked', async () => {
    const settings = cloudSettings(APP_SECRET);
    const created = await api(server, 'POST', '/whatsapp', {
      token: company.admin.token,
      body: { name: 'Oficial', channel: 'whatsappapi', settings },
    });
    expect(created.status).toBe(201);
    connectionId = created.body.id;
    expect(created.body.settings).toMatchObject({ phoneNumberId: PHONE_NUMBER_ID, accessToken: '********', appSecret: '********' });
    const shown = await eventually(async () => {
      const list = await api(server, 'GET', '/whatsapp', { token: company.admin.token });
      const mine = list.body.find((connection: any) => connection.id === connectionId);
      return mine?.status === 'CONNECTED' ? mine : undefined;
    }, 'the connection CONNECTED');
    expect(shown.number).toBe('551130004000 (GREEN)');
    // The number belongs to this connection only.
    const claimed = await api(server, 'POST', '/whatsapp', {
      token: other.admin.token,
      body: { name: 'Intrusa', channel: 'whatsappapi', settings },
    });
    expect([claimed.status, claimed.body.error]).toEqual([409, 'ERR_CHANNEL_ADDRESS_IN_USE']);
  });

  it('refuses unsigned and mis-signed deliveries with 401, and one for an unknown number reaches no company', async () => {
    const forged = cloudDelivery(contactMessage(MARIA, 'text', { body: 'forjada' }));
    expect((await post(forged, null)).status).toBe(401);
    expect((await post(forged, 'wrong-secret')).status).toBe(401);
    const stray = cloudDelivery(contactMessage(MARIA, 'text', { body: 'perdida' }), '100000000000001');
    expect((await post(stray, APP_SECRET)).status).toBe(200);
    // The next signed delivery of the number is stored after those were handled (deliveries are handled in order).
    const first = cloudDelivery(contactMessage(MARIA, 'text', { body: 'Olá, quero saber do meu pedido' }));
    expect((await post(first, APP_SECRET)).status).toBe(200);
    const wamid = (first as any).entry[0].changes[0].value.messages[0].id as string;
    const stored = await eventually(() => storedMessage(wamid), 'the signed message stored');
    ticketId = stored.ticket_id;
    for (const payload of [forged, stray]) {
      const id = (payload as any).entry[0].changes[0].value.messages[0].id as string;
      expect(await storedMessage(id)).toBeUndefined();
    }
    expect(await knex()('messages').whereIn('body', ['forjada', 'perdida'])).toHaveLength(0);
    expect(stored).toMatchObject({
      company_id: company.companyId,
      whatsapp_id: connectionId,
      body: 'Olá, quero saber do meu pedido',
      from_me: false,
    });
    expect(await knex()('contacts').where({ company_id: other.companyId, number: MARIA.address })).toHaveLength(0);
  });

  it('opens the ticket; the agent replies and the status reaches read', async () => {
    const token = company.admin.token;
    const pending = await api(server, 'GET', '/tickets?status=pending', { token });
    const ticket = pending.body.tickets.find((candidate: any) => candidate.id === ticketId);
    expect(ticket).toMatchObject({ channel: 'whatsappapi', contact: { number: MARIA.address, name: MARIA.name } });
    expect((await api(server, 'PUT', `/tickets/${ticketId}`, { token, body: { status: 'open', userId: company.admin.id } })).status).toBe(
      200,
    );
    const reply = await api(server, 'POST', `/messages/${ticketId}`, { token, body: { body: 'Oi Maria, já verifico!' } });
    expect(reply.status).toBe(201);
    const sent = await ownMessage(
      ticketId,
      (message) => message.fromMe && message.body.includes('já verifico') && message.externalId,
      'the reply sent',
    );
    const atGraph = cloud.graph.sent.find((message) => message.wamid === sent.externalId);
    expect(atGraph?.json).toMatchObject({ to: MARIA.address, type: 'text', text: { body: expect.stringContaining('já verifico') } });

    for (const status of ['sent', 'delivered', 'read']) {
      const delivery = cloudDelivery({
        statuses: [{ id: sent.externalId, status, timestamp: String(Math.floor(Date.now() / 1000)), recipient_id: MARIA.address }],
      });
      expect((await post(delivery, APP_SECRET)).status).toBe(200);
    }
    await ownMessage(ticketId, (message) => message.id === sent.id && message.ack === 3, 'the reply read (ack 3)');
  });

  it('25 hours later refuses free text with ERR_OUTSIDE_REPLY_WINDOW and sends a template with its variables', async () => {
    const token = company.admin.token;
    cloud.clock.now += 25 * HOUR;
    const before = cloud.graph.sent.length;
    const late = await api(server, 'POST', `/messages/${ticketId}`, { token, body: { body: 'Ainda está aí?' } });
    expect(late.status).toBe(201);
    const refused = await ownMessage(
      ticketId,
      (message) => message.body.includes('Ainda está aí?') && message.sendError,
      'the refusal on the message',
    );
    expect(refused.sendError).toBe('ERR_OUTSIDE_REPLY_WINDOW');
    expect(refused.externalId).toBeFalsy();

    const listed = await api(server, 'GET', `/messages/templates/${ticketId}`, { token });
    expect(listed.body.templates).toEqual([
      { name: APPROVED_TEMPLATE.name, language: 'pt_BR', body: APPROVED_TEMPLATE.components[0]!.text, variables: 2 },
    ]);
    expect((await api(server, 'GET', `/messages/templates/${ticketId}`, { token: other.admin.token })).status).toBe(404);

    const template = { name: APPROVED_TEMPLATE.name, language: 'pt_BR', variables: ['Maria', 'hoje'] };
    const sent = await api(server, 'POST', `/messages/${ticketId}`, {
      token,
      body: { body: 'Olá Maria, podemos continuar o seu atendimento hoje?', template },
    });
    expect(sent.status).toBe(201);
    const stored = await ownMessage(
      ticketId,
      (message) => message.body.includes('continuar o seu atendimento') && message.externalId,
      'the template sent',
    );
    expect(cloud.graph.sent.slice(before).map((message) => message.json.type)).toEqual(['template']);
    expect(cloud.graph.sent.at(-1)).toMatchObject({
      wamid: stored.externalId,
      json: {
        to: MARIA.address,
        template: { name: APPROVED_TEMPLATE.name, components: [{ type: 'body', parameters: [{ text: 'Maria' }, { text: 'hoje' }] }] },
      },
    });

    const failed = cloudDelivery({
      statuses: [
        {
          id: stored.externalId,
          status: 'failed',
          recipient_id: MARIA.address,
          errors: [{ code: 131026, title: 'Message undeliverable' }],
        },
      ],
    });
    expect((await post(failed, APP_SECRET)).status).toBe(200);
    const marked = await ownMessage(ticketId, (message) => message.id === stored.id && message.sendError, 'the failure on the message');
    expect(marked.sendError).toBe('131026: Message undeliverable');
  });
});
