import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PluginHost } from '@switchboard/sdk';
import { APP_SECRET, FakeGraphApi, PAGE_TOKEN, VERIFY_TOKEN } from '../../../../../plugins/meta-graph/src/testing/fake-graph-api.js';
import { signBody } from '../../../../../plugins/meta-graph/src/webhook-signature.js';
import { eventually } from '../../../testing/eventually.js';
import { api, startTestServer, type CompanyFixture, type TestServer } from '../../../testing/test-server.js';

/**
 * Issue 12, items 1, 3 and 12 through HTTP: a channel address (a Facebook page) belongs to one connection on the
 * installation and a signed delivery reaches that company only; the widget is addressed by a public id that opens
 * nothing else; plugin store rows are encrypted at rest.
 */
const PAGE = '1000000000777';
const PSID = '2400000000000999';
const graph = new FakeGraphApi();
const saved = { secret: process.env.FACEBOOK_APP_SECRET, origin: process.env.SWITCHBOARD_GRAPH_ORIGIN };
let server: TestServer;
let a: CompanyFixture;
let b: CompanyFixture;

beforeAll(async () => {
  await graph.start();
  process.env.SWITCHBOARD_GRAPH_ORIGIN = graph.origin;
  // The product's Meta app: /webhooks/facebook deliveries are signed with its secret.
  process.env.FACEBOOK_APP_SECRET = APP_SECRET;
  server = await startTestServer();
  a = await server.createCompany();
  b = await server.createCompany();
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await graph.close();
  for (const [key, value] of [
    ['FACEBOOK_APP_SECRET', saved.secret],
    ['SWITCHBOARD_GRAPH_ORIGIN', saved.origin],
  ] as const) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

const pageSettings = (pageId: string) => ({ pageId, pageAccessToken: PAGE_TOKEN, appSecret: APP_SECRET, verifyToken: VERIFY_TOKEN });

function createPage(company: CompanyFixture, name: string, pageId: string) {
  return api(server, 'POST', '/whatsapp', {
    token: company.admin.token,
    body: { name, channel: 'facebook', settings: pageSettings(pageId) },
  });
}

describe('a channel address belongs to one connection on the installation', () => {
  let pageOfA: number;

  it("refuses another company's page id, on create and on edit, with 409 ERR_CHANNEL_ADDRESS_IN_USE", async () => {
    const created = await createPage(a, 'Loja A', PAGE);
    expect(created.status).toBe(201);
    pageOfA = created.body.id;

    const claimed = await createPage(b, 'Intrusa', PAGE);
    expect(claimed.status).toBe(409);
    expect(claimed.body).toMatchObject({ error: 'ERR_CHANNEL_ADDRESS_IN_USE', message: expect.any(String) });
    expect(JSON.stringify(claimed.body)).not.toContain(String(a.companyId));

    const own = await createPage(b, 'Página B', '1000000000888');
    expect(own.status).toBe(201);
    const moved = await api(server, 'PUT', `/whatsapp/${own.body.id}`, {
      token: b.admin.token,
      body: { name: 'Página B', settings: pageSettings(PAGE) },
    });
    expect([moved.status, moved.body.error]).toEqual([409, 'ERR_CHANNEL_ADDRESS_IN_USE']);
  });

  it('lets the owner save its own page again, and another channel use the same page id', async () => {
    const saved = await api(server, 'PUT', `/whatsapp/${pageOfA}`, {
      token: a.admin.token,
      body: { name: 'Loja A', settings: { pageId: PAGE } },
    });
    expect(saved.status).toBe(200);
    // Instagram's address is the account id: its page id may be the facebook connection's.
    const instagram = await api(server, 'POST', '/whatsapp', {
      token: b.admin.token,
      body: { name: 'Insta B', channel: 'instagram', settings: { ...pageSettings(PAGE), instagramAccountId: '17841400000000999' } },
    });
    expect(instagram.status).toBe(201);
  });

  it('tells a taken address from a taken name (a second connection of the same name is 409 ERR_CONNECTION_ALREADY_EXISTS)', async () => {
    const twin = await createPage(a, 'Loja A', '1000000000999');
    expect([twin.status, twin.body.error]).toEqual([409, 'ERR_CONNECTION_ALREADY_EXISTS']);
  });

  it("delivers a signed app webhook for the page to its owner's connection only", async () => {
    const mid = `m_owner_${Date.now()}`;
    const body = JSON.stringify({
      object: 'page',
      entry: [
        {
          id: PAGE,
          time: Date.now(),
          messaging: [{ sender: { id: PSID }, recipient: { id: PAGE }, timestamp: Date.now(), message: { mid, text: 'Olá' } }],
        },
      ],
    });
    const response = await fetch(`${server.url}/webhooks/facebook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signBody(body, APP_SECRET) },
      body,
    });
    expect(response.status).toBe(200);
    const knex = server.ports.database.knex;
    const stored = await eventually(async () => {
      const rows = await knex('messages').where({ external_id: mid });
      return rows.length > 0 ? rows : undefined;
    }, 'the delivered message');
    expect(stored.map((row) => [row.company_id, row.whatsapp_id])).toEqual([[a.companyId, pageOfA]]);
    const tickets = await api(server, 'GET', '/tickets?status=pending', { token: b.admin.token });
    expect(tickets.body.tickets.filter((ticket: any) => ticket.contact?.number === PSID)).toHaveLength(0);
  });

  it('frees the address when its connection is deleted', async () => {
    expect((await api(server, 'DELETE', `/whatsapp/${pageOfA}`, { token: a.admin.token })).status).toBe(200);
    expect((await createPage(b, 'Agora minha', PAGE)).status).toBe(201);
  });
});

describe('the widget is addressed by a public id, never by the API token', () => {
  let connection: { id: number; token: string; publicId: string };

  beforeAll(async () => {
    const created = await api(server, 'POST', '/whatsapp', { token: a.admin.token, body: { name: 'Site A', channel: 'webchat' } });
    expect(created.status).toBe(201);
    connection = created.body;
    expect(connection.publicId).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(connection.publicId).not.toBe(connection.token);
  });

  it('serves the widget page at the public id, without the token in it; the token opens no widget', async () => {
    const page = await fetch(`${server.url}/widget/${connection.publicId}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(connection.publicId);
    expect(html).not.toContain(connection.token);
    expect((await fetch(`${server.url}/widget/${connection.token}`)).status).toBe(404);
    const shown = await api(server, 'GET', `/whatsapp/${connection.id}`, { token: a.admin.token });
    expect(shown.body.publicId).toBe(connection.publicId);
  });

  it("refuses the public id on the external API, and the webchat connection's token too (no API sending)", async () => {
    const message = { number: '5511999990000', body: 'spoofed' };
    const byPublicId = await api(server, 'POST', '/api/messages/send', { token: connection.publicId, body: message });
    expect(byPublicId).toMatchObject({ status: 401, body: { error: 'ERR_INVALID_TOKEN' } });
    const byToken = await api(server, 'POST', '/api/messages/send', { token: connection.token, body: message });
    expect(byToken).toMatchObject({ status: 403, body: { error: 'ERR_CHANNEL_NO_EXTERNAL_API' } });
    expect(await server.ports.database.knex('messages').where({ company_id: a.companyId, body: 'spoofed' })).toHaveLength(0);
  });

  it("keeps the plugin's store encrypted at rest: a visitor's name is not in the row, and the widget reads it back", async () => {
    const name = 'Visitante Sigilosa';
    const visitor = await api(server, 'POST', `/widget/${connection.publicId}/sessions`, { body: { name } });
    expect(visitor.status).toBe(200);
    const rows = await server.ports.database.knex('plugin_store').where({ whatsapp_id: connection.id, plugin_id: 'webchat' });
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.sealed).toBe(true);
      expect(row.value).not.toContain(name);
      expect(row.value).not.toContain(visitor.body.visitorId);
    }
    // The widget authenticates the visitor from those rows: it reads them back.
    const headers = { authorization: `Bearer ${visitor.body.visitorToken}` };
    const sent = await api(server, 'POST', `/widget/${connection.publicId}/messages`, { headers, body: { body: 'Oi' } });
    expect(sent.status).toBe(200);
    const ticket = await eventually(async () => {
      const pending = await api(server, 'GET', '/tickets?status=pending', { token: a.admin.token });
      return pending.body.tickets.find((candidate: any) => candidate.whatsappId === connection.id);
    }, 'the visitor ticket');
    expect(ticket.contact.name).toBe(name);
  });

  it('reads a row stored plain before encryption, and seals it on that read', async () => {
    const knex = server.ports.database.knex;
    await knex('plugin_store').insert({
      company_id: a.companyId,
      plugin_id: 'webchat',
      whatsapp_id: connection.id,
      scope: `connection:${connection.id}`,
      key: 'legacy',
      value: 'plain-from-before',
    });
    const store = server.container
      .get<PluginHost>(PluginHost)
      .store({ id: connection.id, companyId: a.companyId, name: 'Site A', channel: 'webchat', settings: {} });
    expect(await store.get('legacy')).toBe('plain-from-before');
    const row = await knex('plugin_store').where({ whatsapp_id: connection.id, key: 'legacy' }).first();
    expect(row.sealed).toBe(true);
    expect(row.value).not.toContain('plain-from-before');
    expect(await store.get('legacy')).toBe('plain-from-before');
  });
});
