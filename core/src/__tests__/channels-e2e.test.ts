import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { FakeWhatsapp, messageId, waMessage } from '../../../plugins/channel-whatsapp/src/__tests__/fake-whatsapp.js';
import type { WhatsappSessionOptions as WhatsappOptions } from '../../../plugins/channel-whatsapp/src/whatsapp-session.js';
import {
  APP_SECRET as FB_APP_SECRET,
  FakeGraphApi,
  FB_APP_ID,
  LOGIN,
  PAGE_ID,
  PAGE_TOKEN,
  webhookBody,
} from '../../../plugins/meta-graph/src/testing/meta-harness.js';
import { signBody } from '../../../plugins/meta-graph/src/webhook-signature.js';
import { eventually } from '../testing/eventually.js';
import { api, startTestServer, type CompanyFixture, type TestServer } from '../testing/test-server.js';
import { workspacePluginWithOptions } from '../testing/workspace-plugin.js';

/**
 * The channel plugins through core: the WhatsApp plugin on a fake Baileys socket (its session options rebound by a
 * test module) and the Facebook plugin against a fake Graph API. Inbound becomes tickets and messages in the
 * database; agent replies reach the fakes.
 */
const APP_SECRET = 'e2e-app-secret';
const VERIFY_TOKEN = 'e2e-verify';
const ALICE = '5511912345678';
const ALICE_JID = `${ALICE}@s.whatsapp.net`;
const ALICE_LID = '118406583238732@lid';
const BOB = '5511955554444';
const BOB_JID = `${BOB}@s.whatsapp.net`;
const PSID = '2400000000000077';
const IMAGE = Buffer.from('fake-jpeg-bytes-for-e2e');

const whatsapp = new FakeWhatsapp();
const graph = new FakeGraphApi();
let server: TestServer;
let company: CompanyFixture;
let previousGraphOrigin: string | undefined;

beforeAll(async () => {
  await graph.start();
  previousGraphOrigin = process.env.SWITCHBOARD_GRAPH_ORIGIN;
  process.env.SWITCHBOARD_GRAPH_ORIGIN = graph.origin;
  // The options symbol of the very module core loads, so the plugin injects these.
  const options: WhatsappOptions = { socketFactory: whatsapp.factory, download: async () => IMAGE };
  const plugin = await workspacePluginWithOptions<{ WhatsappSessionOptions: symbol }>(
    '@switchboard/plugin-channel-whatsapp',
    'dist/whatsapp-backend-module.js',
    'WhatsappSessionOptions',
    options,
  );
  server = await startTestServer({ extraModules: [plugin.options] });
  company = await server.createCompany();
});

afterAll(async () => {
  await server?.stop();
  await graph.close();
  if (previousGraphOrigin === undefined) delete process.env.SWITCHBOARD_GRAPH_ORIGIN;
  else process.env.SWITCHBOARD_GRAPH_ORIGIN = previousGraphOrigin;
});

async function connected(token: string, connectionId: number): Promise<void> {
  await eventually(async () => {
    const list = await api(server, 'GET', '/whatsapp', { token });
    return list.body.find((connection: any) => connection.id === connectionId)?.status === 'CONNECTED';
  }, `connection ${connectionId} CONNECTED`);
}

async function pendingTicket(token: string, connectionId: number): Promise<any> {
  return eventually(async () => {
    const pending = await api(server, 'GET', '/tickets?status=pending', { token });
    return pending.body.tickets?.find((candidate: any) => candidate.whatsappId === connectionId);
  }, `a pending ticket on connection ${connectionId}`);
}

describe('WhatsApp through core', () => {
  let connectionId: number;

  it('connects a whatsapp connection on the fake socket', async () => {
    const token = company.admin.token;
    const created = await api(server, 'POST', '/whatsapp', { token, body: { name: 'Zap', channel: 'whatsapp' } });
    expect(created.status).toBe(201);
    connectionId = created.body.id as number;
    await connected(token, connectionId);
    expect(whatsapp.sockets.length).toBeGreaterThan(0);
  });

  it('stores an image with a caption once, with its media file, on a pending ticket', async () => {
    const knex = server.ports.database.knex;
    const id = messageId();
    const upsert = waMessage({
      key: { remoteJid: ALICE_JID, id, fromMe: false },
      pushName: 'Alice',
      message: { imageMessage: { mimetype: 'image/jpeg', caption: 'look at this' } },
    });
    whatsapp.upsert(upsert);
    const storedRow = (externalId: string) => async () =>
      (await knex('messages').where({ whatsapp_id: connectionId, external_id: externalId }).first()) ?? undefined;
    const stored = await eventually(storedRow(id), 'the image stored');
    whatsapp.upsert(upsert);
    // Events are handled one at a time in arrival order: once a later message is stored, the repeat was handled.
    const later = messageId();
    whatsapp.upsert(
      waMessage({ key: { remoteJid: ALICE_JID, id: later, fromMe: false }, pushName: 'Alice', message: { conversation: 'and this' } }),
    );
    await eventually(storedRow(later), 'the message after the repeat');
    const rows = await knex('messages').where({ whatsapp_id: connectionId, external_id: id });
    expect(rows).toHaveLength(1);
    expect(stored).toMatchObject({ body: 'look at this', media_type: 'image', from_me: false });
    expect(stored.media_url).toMatch(new RegExp(`^company${company.companyId}/`));
    const file = path.join(server.dataDir, 'media', stored.media_url);
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file)).toEqual(IMAGE);

    const ticket = await pendingTicket(company.admin.token, connectionId);
    expect(ticket.id).toBe(stored.ticket_id);
    expect(ticket).toMatchObject({ status: 'pending', contact: { number: ALICE } });
  });

  it('puts a LID-addressed message and a phone-addressed one of the same person on one contact', async () => {
    const knex = server.ports.database.knex;
    const byLid = messageId();
    const byPhone = messageId();
    whatsapp.upsert(
      waMessage(
        { key: { remoteJid: ALICE_LID, id: byLid, fromMe: false }, pushName: 'Alice', message: { conversation: 'by lid' } },
        { remoteJidAlt: ALICE_JID },
      ),
    );
    whatsapp.upsert(
      waMessage({ key: { remoteJid: ALICE_JID, id: byPhone, fromMe: false }, pushName: 'Alice', message: { conversation: 'by phone' } }),
    );
    const rows = await eventually(async () => {
      const found = await knex('messages').where({ whatsapp_id: connectionId }).whereIn('external_id', [byLid, byPhone]);
      return found.length === 2 ? found : undefined;
    }, 'both messages stored');
    expect(new Set(rows.map((row: any) => row.contact_id)).size).toBe(1);
    expect(new Set(rows.map((row: any) => row.ticket_id)).size).toBe(1);
    const contacts = await knex('contacts').where({ company_id: company.companyId, channel: 'whatsapp' }).whereNot({ is_group: true });
    expect(contacts.map((contact: any) => contact.number)).toEqual([ALICE]);
  });

  it('sends an agent reply to the socket and records its externalId', async () => {
    const token = company.admin.token;
    const ticket = await pendingTicket(token, connectionId);
    const accepted = await api(server, 'PUT', `/tickets/${ticket.id}`, { token, body: { status: 'open', userId: company.admin.id } });
    expect(accepted.status).toBe(200);
    const before = whatsapp.socket.sent.length;
    const reply = await api(server, 'POST', `/messages/${ticket.id}`, { token, body: { body: 'Oi Alice, tudo certo?' } });
    expect(reply.status).toBe(201);
    const sent = await eventually(
      async () => whatsapp.socket.sent.slice(before).find((message) => (message.content as { text?: string }).text?.includes('Oi Alice')),
      'the reply on the socket',
    );
    expect(sent.jid).toBe(ALICE_JID);
    const stored = await eventually(async () => {
      const messages = await api(server, 'GET', `/messages/${ticket.id}`, { token });
      const mine = messages.body.messages.find((message: any) => message.fromMe && message.body.includes('Oi Alice'));
      return mine?.externalId ? mine : undefined;
    }, 'the reply with its externalId');
    expect(stored.externalId).toBe(sent.id);
  });

  it('keeps a second person on a contact of their own', async () => {
    const knex = server.ports.database.knex;
    const id = messageId();
    whatsapp.upsert(waMessage({ key: { remoteJid: BOB_JID, id, fromMe: false }, pushName: 'Bob', message: { conversation: 'hello' } }));
    const row = await eventually(
      async () => (await knex('messages').where({ whatsapp_id: connectionId, external_id: id }).first()) ?? undefined,
      "Bob's message stored",
    );
    const contact = await knex('contacts').where({ id: row.contact_id }).first();
    expect(contact.number).toBe(BOB);
  });
});

describe('Facebook through core', () => {
  let connectionId: number;
  let webhookToken: string;

  const post = (payload: unknown, signed: boolean) => {
    const body = JSON.stringify(payload);
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (signed) headers['X-Hub-Signature-256'] = signBody(body, APP_SECRET);
    return fetch(`${server.url}/webhooks/facebook/${webhookToken}`, { method: 'POST', headers, body });
  };
  const textEvent = (text: string, mid: string) => ({
    sender: { id: PSID },
    recipient: { id: PAGE_ID },
    timestamp: Date.now(),
    message: { mid, text },
  });

  it('refuses a facebook connection without its required settings', async () => {
    const refused = await api(server, 'POST', '/whatsapp', { token: company.admin.token, body: { name: 'No page', channel: 'facebook' } });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toMatchObject({ 'settings.pageId': 'Required', 'settings.pageAccessToken': 'Required' });
    const unknown = await api(server, 'POST', '/whatsapp', {
      token: company.admin.token,
      body: { name: 'Odd', channel: 'facebook', settings: { pageId: PAGE_ID, colour: 'red' } },
    });
    expect(unknown.body.fields).toMatchObject({ 'settings.colour': 'Unknown setting' });
  });

  it('connects a facebook connection to the fake Graph API, its secrets encrypted at rest and masked in answers', async () => {
    const token = company.admin.token;
    const settings = { pageId: PAGE_ID, pageAccessToken: PAGE_TOKEN, appSecret: APP_SECRET, verifyToken: VERIFY_TOKEN };
    const created = await api(server, 'POST', '/whatsapp', { token, body: { name: 'Page', channel: 'facebook', settings } });
    expect(created.status).toBe(201);
    connectionId = created.body.id as number;
    webhookToken = created.body.token as string;
    expect(webhookToken).toBeTruthy();
    expect(created.body.settings).toEqual({ pageId: PAGE_ID, pageAccessToken: '********', appSecret: '********', verifyToken: '********' });
    const raw = JSON.stringify((await server.ports.database.knex('connections').where({ id: connectionId }).first()).settings);
    expect(raw).toContain(PAGE_ID);
    for (const secret of [PAGE_TOKEN, APP_SECRET, VERIFY_TOKEN]) expect(raw).not.toContain(secret);
    await connected(token, connectionId);

    // A form sends the masked values back unchanged: the stored secrets stay; the session still connects.
    const shown = await api(server, 'GET', `/whatsapp/${connectionId}`, { token });
    const saved = await api(server, 'PUT', `/whatsapp/${connectionId}`, { token, body: { name: 'Page', settings: shown.body.settings } });
    expect(saved.status).toBe(200);
    const restarted = await api(server, 'POST', `/whatsappsession/${connectionId}`, { token });
    expect(restarted.status).toBeLessThan(300);
    await connected(token, connectionId);
  });

  const unsignedMid = `m_unsigned_${Date.now()}`;

  it('refuses an unsigned webhook and stores nothing', async () => {
    const response = await post(webhookBody('facebook', [textEvent('not signed', unsignedMid)]), false);
    expect(response.status).toBe(401);
    // Nothing is stored now; the next case checks again once a signed message sent after it is stored.
    expect(await server.ports.database.knex('messages').where({ external_id: unsignedMid })).toHaveLength(0);
  });

  it('turns a signed text into a pending ticket and sends the agent reply to Graph', async () => {
    const token = company.admin.token;
    const mid = `m_signed_${Date.now()}`;
    const response = await post(webhookBody('facebook', [textEvent('Olá página', mid)]), true);
    expect(response.status).toBe(200);
    const ticket = await pendingTicket(token, connectionId);
    expect(ticket).toMatchObject({ status: 'pending', lastMessage: 'Olá página', contact: { number: PSID } });
    const stored = await server.ports.database.knex('messages').where({ whatsapp_id: connectionId, external_id: mid });
    expect(stored).toHaveLength(1);
    expect(await server.ports.database.knex('messages').where({ external_id: unsignedMid })).toHaveLength(0);
    expect(stored[0]).toMatchObject({ body: 'Olá página', ticket_id: ticket.id, from_me: false });

    const accepted = await api(server, 'PUT', `/tickets/${ticket.id}`, { token, body: { status: 'open', userId: company.admin.id } });
    expect(accepted.status).toBe(200);
    const reply = await api(server, 'POST', `/messages/${ticket.id}`, { token, body: { body: 'Oi, em que posso ajudar?' } });
    expect(reply.status).toBe(201);
    const seen = await eventually(
      async () => graph.seen.find((message) => message.body?.includes('em que posso ajudar')),
      'the reply at Graph',
    );
    expect(seen.to).toBe(PSID);
    const request = graph.messageRequests().find((r) => r.json?.message?.text?.includes('em que posso ajudar'));
    expect(request?.json).toMatchObject({ recipient: { id: PSID } });
    const mine = await eventually(async () => {
      const messages = await api(server, 'GET', `/messages/${ticket.id}`, { token });
      const found = messages.body.messages.find((message: any) => message.fromMe && message.body.includes('em que posso ajudar'));
      return found?.externalId ? found : undefined;
    }, 'the reply with its externalId');
    expect(mine.externalId).toBe(seen.externalId);
  });

  it('refuses, for good and with its reason, a message to a person who has not written in 24 hours', async () => {
    const token = company.admin.token;
    const knex = server.ports.database.knex;
    const [contact] = await knex('contacts')
      .insert({ company_id: company.companyId, name: 'Sem conversa', number: '7000000000000042', channel: 'facebook' })
      .returning('id');
    const [ticket] = await knex('tickets')
      .insert({
        company_id: company.companyId,
        contact_id: contact.id,
        whatsapp_id: connectionId,
        channel: 'facebook',
        status: 'open',
        user_id: company.admin.id,
      })
      .returning('id');
    const sent = await api(server, 'POST', `/messages/${ticket.id}`, { token, body: { body: 'Uma novidade para você' } });
    expect(sent.status).toBe(201);
    const refused = await eventually(async () => {
      const messages = await api(server, 'GET', `/messages/${ticket.id}`, { token });
      return messages.body.messages.find((message: any) => message.fromMe && message.sendError);
    }, 'the refusal on the message');
    expect(refused.sendError).toBe('ERR_OUTSIDE_REPLY_WINDOW');
    expect(graph.seen.some((message) => message.body?.includes('Uma novidade'))).toBe(false);
  });
});

describe('Facebook login (POST /facebook)', () => {
  const env = { ...process.env };
  beforeAll(() => {
    process.env.FACEBOOK_APP_ID = FB_APP_ID;
    process.env.FACEBOOK_APP_SECRET = FB_APP_SECRET;
  });
  afterAll(() => {
    for (const key of ['FACEBOOK_APP_ID', 'FACEBOOK_APP_SECRET']) {
      if (env[key] === undefined) delete process.env[key];
      else process.env[key] = env[key];
    }
  });

  it('creates the page and Instagram connections once; a second login refreshes them', async () => {
    const other = await server.createCompany();
    const token = other.admin.token;
    const body = { facebookUserId: LOGIN.userId, facebookUserToken: LOGIN.shortToken, addInstagram: true };
    // The page is still the first company's connection: a page belongs to one connection on the installation.
    const taken = await api(server, 'POST', '/facebook', { token, body });
    expect([taken.status, taken.body.error]).toEqual([409, 'ERR_CHANNEL_ADDRESS_IN_USE']);
    const owner = await server.ports.database.knex('connections').where({ company_id: company.companyId, channel: 'facebook' }).first('id');
    expect((await api(server, 'DELETE', `/whatsapp/${owner.id}`, { token: company.admin.token })).status).toBe(200);
    const first = await api(server, 'POST', '/facebook', { token, body });
    expect(first.status).toBe(201);
    expect(first.body.map((c: any) => [c.channel, c.name])).toEqual([
      ['facebook', 'Loja Exemplo'],
      ['instagram', 'loja.exemplo (Instagram)'],
    ]);
    expect(first.body[0].settings).toMatchObject({ pageId: PAGE_ID, pageAccessToken: '********' });
    await connected(token, first.body[0].id);

    const again = await api(server, 'POST', '/facebook', { token, body });
    expect(again.body.map((c: any) => c.id)).toEqual(first.body.map((c: any) => c.id));
    const list = await api(server, 'GET', '/whatsapp', { token });
    expect(list.body.filter((c: any) => c.channel === 'facebook' || c.channel === 'instagram')).toHaveLength(2);
  });

  it("takes each channel's plan flag and reply window from its plugin: GET /plugins tells the web, the plan refuses", async () => {
    const plugins = await api(server, 'GET', '/plugins', { token: company.admin.token });
    const described = (channel: string) => plugins.body.channels.find((c: any) => c.channel === channel)?.description;
    expect(described('facebook')).toMatchObject({ planFlag: 'useFacebook', capabilities: { replyWindowHours: 24 } });
    expect(described('instagram')).toMatchObject({ planFlag: 'useInstagram', capabilities: { replyWindowHours: 24 } });
    expect(described('whatsapp')).toMatchObject({ planFlag: 'useWhatsapp' });
    expect(described('whatsapp').capabilities.replyWindowHours).toBeUndefined();
    // Messenger and Instagram have no templates: once their window closes the composer offers none.
    const listed = (channel: string) => plugins.body.channels.find((c: any) => c.channel === channel);
    expect([listed('facebook').templates, listed('instagram').templates]).toEqual([false, false]);

    const noInstagram = await server.createCompany({ plan: { use_instagram: false } });
    const settings = {
      pageId: '1000000000999',
      pageAccessToken: PAGE_TOKEN,
      appSecret: 'x',
      verifyToken: 'y',
      instagramAccountId: '17841400000000999',
    };
    const refused = await api(server, 'POST', '/whatsapp', {
      token: noInstagram.admin.token,
      body: { name: 'IG', channel: 'instagram', settings },
    });
    expect([refused.status, refused.body.error]).toEqual([403, 'ERR_PLAN_FEATURE_DISABLED']);
    const noFacebook = await server.createCompany({ plan: { use_facebook: false } });
    const login = await api(server, 'POST', '/facebook', {
      token: noFacebook.admin.token,
      body: { facebookUserId: LOGIN.userId, facebookUserToken: LOGIN.shortToken },
    });
    expect([login.status, login.body.error]).toEqual([403, 'ERR_PLAN_FEATURE_DISABLED']);
  });

  it('answers a refused token with ERR_FACEBOOK_INVALID_TOKEN and a missing one with its field', async () => {
    const other = await server.createCompany();
    const refused = await api(server, 'POST', '/facebook', {
      token: other.admin.token,
      body: { facebookUserId: LOGIN.userId, facebookUserToken: 'expired' },
    });
    expect([refused.status, refused.body.error]).toEqual([400, 'ERR_FACEBOOK_INVALID_TOKEN']);
    const missing = await api(server, 'POST', '/facebook', { token: other.admin.token, body: { facebookUserId: LOGIN.userId } });
    expect(missing.body.fields).toMatchObject({ facebookUserToken: 'Required' });
  });
});
