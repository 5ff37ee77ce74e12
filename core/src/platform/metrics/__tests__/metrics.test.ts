import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { ConfigError, loadConfig } from '@switchboard/config';
import { ConversationTimers } from '../../../modules/routing/conversation-timers.js';
import { startServer, type RunningServer } from '../../../server.js';
import { eventually } from '../../../testing/eventually.js';
import { redisUrlForTests } from '../../../testing/services.js';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database.js';
import { api, TEST_ADMIN } from '../../../testing/test-server.js';

const METRICS_TOKEN = randomBytes(24).toString('hex');

interface LogLine {
  msg: string;
  reqId?: string;
  [field: string]: unknown;
}

/** A whole server on a fresh database, its log lines (debug and up) kept for the assertions. */
async function startLoggedServer(env: Record<string, string> = {}) {
  const testDatabase: TestDatabase = await createTestDatabase({ migrate: false });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sb-metrics-'));
  const redisUrl = redisUrlForTests();
  const lines: LogLine[] = [];
  const log = new PassThrough();
  let partial = '';
  log.on('data', (chunk: Buffer) => {
    const text = partial + chunk.toString('utf8');
    const complete = text.split('\n');
    partial = complete.pop()!;
    for (const line of complete.filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
  });
  const server = await startServer({
    config: loadConfig({
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'debug',
      APP_SECRET: randomBytes(32).toString('hex'),
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      ...(testDatabase.url ? { DATABASE_URL: testDatabase.url } : {}),
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
      ...env,
    }),
    database: testDatabase.database,
    redisPrefix: `sbtest:${process.pid}:${randomBytes(4).toString('hex')}:`,
    announce: () => {},
    logDestination: log,
  });
  return {
    server,
    lines,
    stop: async () => {
      await server.close();
      await testDatabase.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** One sample of the Prometheus text page, by metric name and exact label set; undefined when absent. */
function sample(page: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels)
    .map(([key, value]) => `${key}="${value}"`)
    .sort()
    .join(',');
  for (const line of page.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = (match[2] ?? '')
      .split(/,(?=[a-zA-Z_]\w*=")/)
      .filter(Boolean)
      .sort()
      .join(',');
    if (found === wanted) return Number(match[3]);
  }
  return undefined;
}

async function scrape(server: RunningServer): Promise<string> {
  const response = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text();
}

describe('METRICS_TOKEN', () => {
  it('refuses a token short enough to guess, naming the variable', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({}).metrics.token).toBeUndefined();
  });
});

describe('without METRICS_TOKEN', () => {
  let running: Awaited<ReturnType<typeof startLoggedServer>>;

  beforeAll(async () => {
    running = await startLoggedServer();
  }, 120_000);

  afterAll(async () => {
    await running?.stop();
  });

  it('has no metrics page: /metrics answers as an unknown path, whatever token is offered', async () => {
    const unknown = await api(running.server, 'GET', '/no-such-page');
    const metrics = await api(running.server, 'GET', '/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(unknown.status).toBe(404);
    expect({ status: metrics.status, body: metrics.body }).toEqual({ status: 404, body: unknown.body });
  });
});

describe('with METRICS_TOKEN', () => {
  let running: Awaited<ReturnType<typeof startLoggedServer>>;
  let server: RunningServer;
  let token: string;

  beforeAll(async () => {
    running = await startLoggedServer({ METRICS_TOKEN });
    server = running.server;
    token = (await api(server, 'POST', '/auth/login', { body: TEST_ADMIN })).body.token;
  }, 120_000);

  afterAll(async () => {
    await running?.stop();
  });

  it('refuses a scrape without the token or with another one', async () => {
    const none = await api(server, 'GET', '/metrics');
    const wrong = await api(server, 'GET', '/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}x` } });
    const session = await api(server, 'GET', '/metrics', { token });
    for (const answer of [none, wrong, session]) {
      expect(answer.status).toBe(401);
      expect(answer.body.error).toBe('ERR_INVALID_TOKEN');
    }
  });

  it("counts a widget visitor's message in and the agent's reply out on webchat, with one request id through the visitor's message", async () => {
    const knex = server.ports.database.knex;
    const created = await api(server, 'POST', '/whatsapp', { token, body: { name: 'Site', channel: 'webchat' } });
    expect(created.status).toBe(201);
    await eventually(
      async () => (await knex('connections').where('id', created.body.id).first('status'))?.status === 'CONNECTED',
      'the widget connection connected',
    );
    const widget = created.body.publicId as string;
    const visitor = await api(server, 'POST', `/widget/${widget}/sessions`, { body: { name: 'Ana' } });
    const visitorHeaders = { authorization: `Bearer ${visitor.body.visitorToken}` };
    const before = await scrape(server);

    const reqId = `visitor-${randomBytes(6).toString('hex')}`;
    const sent = await api(server, 'POST', `/widget/${widget}/messages`, {
      headers: { ...visitorHeaders, 'x-request-id': reqId },
      body: { body: 'Oi, preciso de ajuda' },
    });
    expect(sent.status).toBe(200);
    expect(sent.headers.get('x-request-id')).toBe(reqId);
    const stored = await knex('messages').where({ whatsapp_id: created.body.id, external_id: sent.body.id }).first('id', 'ticket_id');
    expect(stored).toBeDefined();

    // The conversation chain ran inside the widget's request: its line for this message carries the request's id.
    const handled = await eventually(
      () => running.lines.find((line) => line.msg === 'inbound message handled' && line.messageId === stored.id),
      'the line of the handled message',
    );
    expect(handled.reqId).toBe(reqId);
    expect(running.lines.filter((line) => line.messageId === stored.id).every((line) => line.reqId === reqId)).toBe(true);
    const requestLine = await eventually(
      () => running.lines.find((line) => line.msg === 'request' && line.reqId === reqId),
      "the widget request's own line",
    );
    // The route's pattern, never its path: paths carry widget ids and webhook tokens.
    expect(requestLine).toMatchObject({ method: 'POST', route: '/widget/:widgetId/messages', status: 200 });
    expect(JSON.stringify(running.lines)).not.toContain(`/widget/${widget}`);

    const afterInbound = await scrape(server);
    const inbound = (page: string) => sample(page, 'messages_inbound_total', { channel: 'webchat' }) ?? 0;
    const outbound = (page: string) => sample(page, 'messages_outbound_total', { channel: 'webchat' }) ?? 0;
    expect(inbound(afterInbound) - inbound(before)).toBe(1);

    const reply = await api(server, 'POST', `/messages/${stored.ticket_id}`, { token, body: { body: 'Olá Ana, como posso ajudar?' } });
    expect(reply.status).toBe(201);
    const replyId = reply.body.messages[0].id as number;
    await eventually(
      async () => Boolean((await knex('messages').where('id', replyId).first('external_id'))?.external_id),
      'the reply delivered',
    );
    const afterReply = await scrape(server);
    expect(outbound(afterReply) - outbound(afterInbound)).toBe(1);
    expect(inbound(afterReply)).toBe(inbound(afterInbound));

    // Requests are timed by method, route pattern and status class: no ticket id in a label.
    expect(
      sample(afterReply, 'http_request_duration_seconds_count', { method: 'POST', route: '/messages/:ticketId', status_class: '2xx' }),
    ).toBe(1);
    expect(
      sample(afterReply, 'http_request_duration_seconds_count', {
        method: 'POST',
        route: '/widget/:widgetId/messages',
        status_class: '2xx',
      }),
    ).toBe(1);
    expect(afterReply).not.toContain(`/messages/${stored.ticket_id}`);
    expect(afterReply).not.toContain(widget);
    // This node runs the widget's session, and the connection's delivery queue is reported under its family.
    expect(sample(afterReply, 'channel_sessions', { channel: 'webchat' })).toBe(1);
    expect(sample(afterReply, 'job_queue_depth', { queue: 'deliver', state: 'waiting' })).toBe(0);
    expect(sample(afterReply, 'job_queue_depth', { queue: 'deliver', state: 'active' })).toBe(0);
    expect(sample(afterReply, 'jobs_failed_total', { queue: 'deliver' })).toBe(0);
    expect(afterReply).not.toMatch(/queue="deliver-\d+"/);
  }, 60_000);

  it('counts the sockets connected to this node', async () => {
    const sockets = async () => sample(await scrape(server), 'realtime_sockets');
    const start = await sockets();
    const socket: Socket = connectSocket(server.url, { auth: { token }, transports: ['websocket'], reconnection: false });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      expect(await sockets()).toBe((start ?? 0) + 1);
    } finally {
      socket.disconnect();
    }
    await eventually(async () => (await sockets()) === start, 'the socket counted out');
  });

  it('measures how late a due conversation timer ran', async () => {
    const knex = server.ports.database.knex;
    const ticket = await knex('tickets').first('id', 'company_id');
    const buckets = async () => {
      const page = await scrape(server);
      return {
        within2s: sample(page, 'timer_sweep_lag_seconds_bucket', { le: '2' }) ?? 0,
        all: sample(page, 'timer_sweep_lag_seconds_count') ?? 0,
      };
    };
    const before = await buckets();
    // A kind no handler knows: the sweeper runs it (and logs that nothing handles it), which is what is measured.
    await server.container
      .get(ConversationTimers)
      .set({ companyId: ticket.company_id, ticketId: ticket.id, kind: 'metrics-probe', dueAt: new Date(Date.now() - 3000) });
    const after = await eventually(async () => {
      const now = await buckets();
      return now.all > before.all && now;
    }, 'the timer swept');
    // Due three seconds before it was set: it ran at least three seconds late, so it is not in the 2 s bucket.
    expect({ ran: after.all - before.all, within2s: after.within2s - before.within2s }).toEqual({ ran: 1, within2s: 0 });
  });

  it('echoes a request id it is given, and makes one up for a missing or malformed one', async () => {
    const given = await api(server, 'GET', '/health', { headers: { 'x-request-id': 'lb-7f3a.12:9' } });
    expect(given.headers.get('x-request-id')).toBe('lb-7f3a.12:9');
    const line = await eventually(
      () => running.lines.find((entry) => entry.msg === 'request' && entry.reqId === 'lb-7f3a.12:9'),
      'the line',
    );
    expect(line).toMatchObject({ route: '/health', method: 'GET' });

    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    const missing = await api(server, 'GET', '/health');
    expect(missing.headers.get('x-request-id')).toMatch(uuid);
    for (const malformed of ['has spaces in it', 'x'.repeat(200), '<script>']) {
      const answer = await api(server, 'GET', '/health', { headers: { 'x-request-id': malformed } });
      expect(answer.headers.get('x-request-id')).toMatch(uuid);
    }
  });

  it('serves the process metrics beside its own', async () => {
    const page = await scrape(server);
    expect(sample(page, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(page).toContain('# TYPE http_request_duration_seconds histogram');
  });
});
