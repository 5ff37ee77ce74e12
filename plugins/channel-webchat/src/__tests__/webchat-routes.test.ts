import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import request from 'supertest';
import { io as connectClient } from 'socket.io-client';
import type { ConnectionInfo, InboundMessage } from '@switchboard/sdk';
import { RecordingSessionContext } from '@switchboard/sdk/testing';
import { renderEmbedScript, widgetAsset } from '../widget-page.js';
import { startWebchatHarness, type WebchatHarness } from './webchat-harness.js';

const connection: ConnectionInfo = {
  id: 11,
  companyId: 2,
  name: 'Site',
  channel: 'webchat',
  token: 'SITEAPITOKEN0000000000000000000',
  publicId: 'site-token',
  settings: { title: 'Atendimento <b>Loja</b>', welcomeText: '</script><script>alert(1)</script>', primaryColor: 'red;}</style>' },
};
const other: ConnectionInfo = {
  id: 12,
  companyId: 3,
  name: 'Other',
  channel: 'webchat',
  token: 'OTHERAPITOKEN00000000000000000',
  publicId: 'other-token',
  settings: {},
};
const whatsapp: ConnectionInfo = {
  id: 13,
  companyId: 2,
  name: 'Phone',
  channel: 'whatsapp',
  token: 'PHONEAPITOKEN00000000000000000',
  publicId: 'phone-token',
  settings: {},
};

let harness: WebchatHarness;

beforeEach(async () => {
  harness = await startWebchatHarness([connection, other, whatsapp]);
});

afterEach(async () => {
  await harness.close();
});

async function newVisitor(token = 'site-token', body: Record<string, unknown> = { name: 'Ana', email: 'ana@example.com' }) {
  const res = await request(harness.app).post(`/widget/${token}/sessions`).send(body).expect(200);
  return res.body as { visitorId: string; visitorToken: string };
}

function post(visitorToken: string, body: unknown, token = 'site-token') {
  return request(harness.app)
    .post(`/widget/${token}/messages`)
    .set('Authorization', `Bearer ${visitorToken}`)
    .send(body as object);
}

describe('GET /widget/:token', () => {
  it('serves the page shell with the settings as inert JSON, its own script and stylesheet only, frameable anywhere', async () => {
    const res = await request(harness.app).get('/widget/site-token?name=%3Cscript%3Ealert(2)%3C/script%3E').expect(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = res.headers['content-security-policy'];
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain('frame-ancestors *');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBeUndefined();
    const html = res.text;
    expect(html).toContain('<title>Atendimento &lt;b&gt;Loja&lt;/b&gt;</title>');
    expect(html).not.toContain('<b>Loja</b>');
    expect(html).not.toContain('alert(2)');
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).toContain('\\u003c/script\\u003e\\u003cscript\\u003ealert(1)');
    // An invalid colour falls back to the default rather than reaching the stylesheet.
    expect(html).not.toContain('red;}');
    expect(html).toContain('"color":"#2563eb"');
    // The only executable script is the widget's own file; no inline script runs.
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((match) => match[1]);
    expect(scripts).toEqual([' id="wc-config" type="application/json"', ' src="/widget/site-token/widget.js"']);
    expect(html).toContain('<link rel="stylesheet" href="/widget/site-token/widget.css">');
  });

  it('answers 404 with a page for an unknown id or another channel', async () => {
    const unknown = await request(harness.app).get('/widget/nope').expect(404);
    expect(unknown.headers['content-type']).toMatch(/^text\/html/);
    expect(unknown.text).not.toContain('"widgetId"');
    await request(harness.app).get('/widget/phone-token').expect(404);
  });

  it('is addressed by the public id: the API token opens nothing and never appears in the page', async () => {
    const page = await request(harness.app).get('/widget/site-token').expect(200);
    expect(page.text).toContain('"widgetId":"site-token"');
    expect(page.text).not.toContain(connection.token);
    await request(harness.app).get(`/widget/${connection.token}`).expect(404);
    await request(harness.app).get(`/widget/${connection.token}/embed.js`).expect(404);
    await request(harness.app).post(`/widget/${connection.token}/sessions`).send({ name: 'Ana' }).expect(404);
  });

  it("serves embed.js with the connection's title and colour written in as data, for any site to load", async () => {
    const built = await widgetAsset('embed.js');
    if (built === undefined) throw new Error('the widget is not built: npm run build --workspace @switchboard/plugin-channel-webchat');
    const res = await request(harness.app).get('/widget/site-token/embed.js').expect(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.text).not.toContain('__SWITCHBOARD_EMBED_CONFIG__');
    expect(res.text).not.toContain('<b>');
    // The title reaches the script as a string literal the launcher parses, never as code.
    const inertConfig = '{"title":"Atendimento \\u003cb\\u003eLoja\\u003c/b\\u003e","color":"#2563eb"}';
    expect(res.text).toContain(JSON.stringify(inertConfig));
    await request(harness.app).get('/widget/nope/embed.js').expect(404);
  });

  it('renders a title with quotes and line separators into embed.js as a literal', () => {
    const script = renderEmbedScript("var a=`__SWITCHBOARD_EMBED_CONFIG__`,b='__SWITCHBOARD_EMBED_CONFIG__';", {
      ...connection,
      settings: { title: 'It\'s "ours"\u2028`${x}`\\', primaryColor: '#abc' },
    });
    const values: unknown[] = [];
    new Function('out', `${script} out.push(a, b);`)(values);
    for (const value of values) expect(JSON.parse(value as string)).toEqual({ title: 'It\'s "ours"\u2028`${x}`\\', color: '#abc' });
  });
});

describe('POST /widget/:token/sessions', () => {
  it('creates a visitor and keeps only a hash of its token', async () => {
    const { visitorId, visitorToken } = await newVisitor();
    expect(visitorId).toMatch(/^[0-9a-f-]{36}$/);
    expect(visitorToken.startsWith(`${visitorId}.`)).toBe(true);
    const rows = await harness.host.store(connection).list();
    const meta = JSON.parse(rows.find(([key]) => key === `visitor:${visitorId}:meta`)![1]);
    expect(meta).toMatchObject({ id: visitorId, name: 'Ana', email: 'ana@example.com', seq: 0 });
    expect(JSON.stringify(rows)).not.toContain(visitorToken.split('.')[1]);
    const second = await newVisitor();
    expect(second.visitorId).not.toBe(visitorId);
  });

  it('refuses a visitor without a name, and validates name and e-mail', async () => {
    for (const body of [{}, { name: '' }, { name: '   ' }, { email: 'ana@example.com' }]) {
      const res = await request(harness.app).post('/widget/site-token/sessions').send(body).expect(400);
      expect(res.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { name: 'Required' } });
    }
    const long = await request(harness.app)
      .post('/widget/site-token/sessions')
      .send({ name: 'x'.repeat(81) })
      .expect(400);
    expect(long.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { name: expect.any(String) } });
    const email = await request(harness.app).post('/widget/site-token/sessions').send({ name: 'Ana', email: 'not-an-email' }).expect(400);
    expect(email.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { email: expect.any(String) } });
    await request(harness.app).post('/widget/site-token/sessions').send({ name: 42 }).expect(400);
    await request(harness.app)
      .post('/widget/site-token/sessions')
      .send({ name: 'x'.repeat(80) })
      .expect(200);
    const unknown = await request(harness.app).post('/widget/nope/sessions').send({}).expect(404);
    expect(unknown.body).toEqual({ error: 'ERR_NOT_FOUND' });
  });

  it('requires an e-mail when the connection asks for one', async () => {
    const asking = { ...other, settings: { requireEmail: true } };
    await harness.close();
    harness = await startWebchatHarness([connection, asking]);
    const missing = await request(harness.app).post('/widget/other-token/sessions').send({ name: 'Ana' }).expect(400);
    expect(missing.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { email: 'Required' } });
    await request(harness.app).post('/widget/other-token/sessions').send({ name: 'Ana', email: 'ana@example.com' }).expect(200);
    // Optional elsewhere.
    await request(harness.app).post('/widget/site-token/sessions').send({ name: 'Ana' }).expect(200);
  });
});

describe('POST /widget/:token/messages', () => {
  it('feeds the message to core as an inbound message of the visitor and answers its id', async () => {
    const { visitorId, visitorToken } = await newVisitor();
    const res = await post(visitorToken, { body: 'Olá, preciso de ajuda' }).expect(200);
    expect(res.body).toEqual({ id: expect.stringMatching(/^wc-/), seq: 1, createdAt: expect.any(String) });
    expect(harness.host.events).toHaveLength(1);
    const { connection: to, event } = harness.host.events[0]!;
    expect(to.id).toBe(connection.id);
    expect(event).toMatchObject({
      type: 'message',
      externalId: res.body.id,
      chat: { address: visitorId, name: 'Ana', email: 'ana@example.com' },
      fromMe: false,
      body: 'Olá, preciso de ajuda',
    });
  });

  it('refuses a missing, wrong or foreign visitor token with 401 ERR_SESSION_EXPIRED', async () => {
    const { visitorId, visitorToken } = await newVisitor();
    const foreign = await newVisitor('other-token');
    const none = await request(harness.app).post('/widget/site-token/messages').send({ body: 'hi' }).expect(401);
    expect(none.body).toEqual({ error: 'ERR_SESSION_EXPIRED' });
    await post(`${visitorId}.wrong-secret`, { body: 'hi' }).expect(401);
    await post('garbage', { body: 'hi' }).expect(401);
    await post(foreign.visitorToken, { body: 'hi' }).expect(401);
    await post(visitorToken, { body: 'hi' }, 'other-token').expect(401);
    await request(harness.app).get('/widget/site-token/messages').expect(401);
    expect(harness.host.events).toHaveLength(0);
  });

  it('validates the body: 1 to 4096 characters', async () => {
    const { visitorToken } = await newVisitor();
    expect((await post(visitorToken, {}).expect(400)).body).toMatchObject({ error: 'ERR_VALIDATION', fields: { body: 'Required' } });
    await post(visitorToken, { body: '   ' }).expect(400);
    await post(visitorToken, { body: 5 }).expect(400);
    await post(visitorToken, { body: 'x'.repeat(4097) }).expect(400);
    await post(visitorToken, { body: 'x'.repeat(4096) }).expect(200);
    await request(harness.app)
      .post('/widget/site-token/messages')
      .set('Authorization', `Bearer ${visitorToken}`)
      .set('Content-Type', 'application/json')
      .send('{"body":')
      .expect(400);
  });

  it('takes one media file with an optional body, and serves it back to the visitor only', async () => {
    const { visitorToken } = await newVisitor();
    const bytes = Buffer.from('%PDF-1.4 fake');
    const res = await request(harness.app)
      .post('/widget/site-token/messages')
      .set('Authorization', `Bearer ${visitorToken}`)
      .field('body', 'meu boleto')
      .attach('media', bytes, { filename: 'boleto.pdf', contentType: 'application/pdf' })
      .expect(200);
    const event = harness.host.events[0]!.event as InboundMessage;
    expect(event).toMatchObject({
      body: 'meu boleto',
      mediaType: 'application',
      media: { fileName: 'boleto.pdf', mimeType: 'application/pdf' },
    });
    expect(Buffer.compare(event.media!.data, bytes)).toBe(0);

    const page = await request(harness.app).get('/widget/site-token/messages').set('Authorization', `Bearer ${visitorToken}`).expect(200);
    const message = page.body.messages[0];
    expect(message).toMatchObject({ id: res.body.id, body: 'meu boleto', fromMe: false, mediaName: 'boleto.pdf' });
    const file = await request(harness.app).get(message.mediaUrl).set('Authorization', `Bearer ${visitorToken}`).buffer(true).expect(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(file.body as Buffer, bytes)).toBe(0);
    const stranger = await newVisitor();
    await request(harness.app).get(message.mediaUrl).set('Authorization', `Bearer ${stranger.visitorToken}`).expect(404);
  });

  it('refuses a file over 16 MB and a second file', async () => {
    const { visitorToken } = await newVisitor();
    const big = await request(harness.app)
      .post('/widget/site-token/messages')
      .set('Authorization', `Bearer ${visitorToken}`)
      .attach('media', Buffer.alloc(16 * 1024 * 1024 + 1), { filename: 'big.bin', contentType: 'application/octet-stream' });
    expect(big.status).toBe(413);
    expect(big.body.error).toBe('ERR_VALIDATION');
    await request(harness.app)
      .post('/widget/site-token/messages')
      .set('Authorization', `Bearer ${visitorToken}`)
      .attach('media', Buffer.from('a'), 'a.txt')
      .attach('media', Buffer.from('b'), 'b.txt')
      .expect(400);
    expect(harness.host.events).toHaveLength(0);
  });

  it('limits the rate per visitor', async () => {
    const first = await newVisitor();
    const answers: { status: number; headers: Record<string, string> }[] = [];
    // The clock stands still while the 22 messages go in, as for a visitor sending them within the same instant;
    // otherwise a slow machine refills the bucket between them. Only Date is held: timers and I/O run as usual.
    jest.useFakeTimers({
      now: Date.now(),
      doNotFake: [
        'hrtime',
        'nextTick',
        'performance',
        'queueMicrotask',
        'setImmediate',
        'clearImmediate',
        'setInterval',
        'clearInterval',
        'setTimeout',
        'clearTimeout',
      ],
    });
    try {
      for (let i = 0; i < 22; i++) answers.push(await post(first.visitorToken, { body: `m${i}` }));
    } finally {
      jest.useRealTimers();
    }
    expect(answers.slice(0, 20).every((answer) => answer.status === 200)).toBe(true);
    const refused = answers.slice(20).find((answer) => answer.status === 429);
    // Told when to come back: a token refills in at most a second.
    expect(refused?.headers['retry-after']).toBe('1');
    // Another visitor has a bucket of its own.
    const second = await newVisitor();
    await post(second.visitorToken, { body: 'hello' }).expect(200);
  });
});

describe('GET /widget/:token/messages', () => {
  it('pages the transcript of visitor messages and agent replies, newest page first', async () => {
    const context = new RecordingSessionContext(connection);
    harness.host.useStore(connection, context.store);
    const { visitorId, visitorToken } = await newVisitor();
    const session = harness.contribution.createSession(context);
    await session.start();
    const sent: string[] = [];
    for (let i = 1; i <= 25; i++) {
      if (i % 2 === 1) sent.push((await post(visitorToken, { body: `visitor ${i}` }).expect(200)).body.id);
      else sent.push((await session.send({ messageId: i, to: { address: visitorId }, body: `agent ${i}` })).externalId);
    }
    const auth = { Authorization: `Bearer ${visitorToken}` };
    const first = await request(harness.app).get('/widget/site-token/messages').set(auth).expect(200);
    expect(first.body.hasMore).toBe(true);
    expect(first.body.messages.map((m: { id: string }) => m.id)).toEqual(sent.slice(5));
    expect(first.body.messages[0]).toEqual({ id: sent[5], seq: 6, body: 'agent 6', fromMe: true, createdAt: expect.any(String) });
    expect(first.body.messages[1]).toMatchObject({ seq: 7, body: 'visitor 7', fromMe: false });
    const second = await request(harness.app).get('/widget/site-token/messages?pageNumber=2').set(auth).expect(200);
    expect(second.body).toMatchObject({ hasMore: false });
    expect(second.body.messages.map((m: { id: string }) => m.id)).toEqual(sent.slice(0, 5));
    const third = await request(harness.app).get('/widget/site-token/messages?pageNumber=3').set(auth).expect(200);
    expect(third.body).toEqual({ messages: [], hasMore: false });
    await request(harness.app).get('/widget/site-token/messages?pageNumber=0').set(auth).expect(400);
    await request(harness.app).get('/widget/site-token/messages?pageNumber=x').set(auth).expect(400);
    // Rows are one per message, under the documented keys.
    const keys = (await context.store.list(`visitor:${visitorId}:msg:`)).map(([key]) => key);
    expect(keys).toHaveLength(25);
    expect(keys[0]).toBe(`visitor:${visitorId}:msg:0000000001`);
    // Another visitor sees nothing of it.
    const stranger = await newVisitor();
    const empty = await request(harness.app).get('/widget/site-token/messages').set('Authorization', `Bearer ${stranger.visitorToken}`);
    expect(empty.body).toEqual({ messages: [], hasMore: false });
  });
});

describe('the /widget socket namespace', () => {
  it('refuses a handshake without a valid visitor token', async () => {
    const { visitorToken } = await newVisitor();
    for (const auth of [{}, { widgetId: 'site-token', visitorToken: 'nope' }, { widgetId: 'other-token', visitorToken }]) {
      const socket = connectClient(`${harness.baseUrl}/widget`, { auth, reconnection: false, transports: ['websocket'] });
      const error = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
      expect(error.message).toBe('ERR_SESSION_EXPIRED');
      socket.disconnect();
    }
  });

  it('pushes agent replies, edits, deletions and typing to the visitor, and turns typing into presence', async () => {
    const context = new RecordingSessionContext(connection);
    harness.host.useStore(connection, context.store);
    const { visitorId, visitorToken } = await newVisitor();
    const session = harness.contribution.createSession(context);
    await session.start();
    const socket = connectClient(`${harness.baseUrl}/widget`, {
      auth: { widgetId: 'site-token', visitorToken },
      transports: ['websocket'],
    });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const events: [string, any][] = [];
    socket.onAny((name: string, payload: unknown) => events.push([name, payload]));
    const { externalId } = await session.send({ messageId: 1, to: { address: visitorId }, body: 'Bom dia!' });
    await session.sendPresence!({ address: visitorId }, 'composing');
    await session.edit!(externalId, 'Bom dia, Ana!', { address: visitorId });
    await session.remove!(externalId, { address: visitorId });
    socket.emit('typing', { presence: 'composing' });
    await context.waitFor(() => (events.length >= 4 && harness.host.events.length >= 1 ? true : undefined), 'socket events');
    expect(events.map(([name]) => name)).toEqual(['message', 'typing', 'edit', 'delete']);
    expect(events[0]![1]).toMatchObject({ id: externalId, body: 'Bom dia!', fromMe: true });
    expect(events[2]![1]).toMatchObject({ id: externalId, body: 'Bom dia, Ana!', edited: true });
    expect(harness.host.events[0]!.event).toEqual({
      type: 'presence',
      chat: { address: visitorId, name: 'Ana', email: 'ana@example.com' },
      presence: 'composing',
    });
    socket.disconnect();
    await session.stop({ logout: false });
    await expect(session.send({ messageId: 2, to: { address: visitorId }, body: 'late' })).rejects.toThrow(/not started/);
  });
});
