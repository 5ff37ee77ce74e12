import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { io as connectSocket, type Socket } from 'socket.io-client';
import type { RunningServer } from '../server.js';
import { eventually } from '../testing/eventually.js';
import { startLoggedServer, type LogLine, type LoggedServer } from '../testing/logged-server.js';
import { redisUrlForTests } from '../testing/services.js';
import { TcpRelay } from '../testing/tcp-relay.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { api, TEST_ADMIN } from '../testing/test-server.js';

/**
 * Redis going away for 15 s under a node in scaled mode, while a website visitor keeps writing: every message is
 * either acknowledged (and then stored exactly once) or refused with 503 and Retry-After, the node never dies, and it
 * serves again within seconds of Redis returning, without a restart.
 */
const redisUrl = redisUrlForTests();
const databaseUrl = process.env.DATABASE_URL;
(redisUrl && databaseUrl ? describe : describe.skip)('a Redis outage under a serving node', () => {
  let testDatabase: TestDatabase;
  let relay: TcpRelay;
  let server: RunningServer;
  let logged: LoggedServer;
  let logLines: LogLine[];
  let socket: Socket | undefined;
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);

  beforeAll(async () => {
    process.on('unhandledRejection', onUnhandled);
    testDatabase = await createTestDatabase({ migrate: false });
    relay = new TcpRelay(new URL(redisUrl!));
    await relay.up();
    logged = await startLoggedServer('redis-outage', { DATABASE_URL: testDatabase.url!, REDIS_URL: relay.url });
    ({ server, logLines } = logged);
  }, 120_000);

  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    socket?.close();
    await relay?.up();
    await logged?.stop();
    await relay?.down();
    await testDatabase?.drop();
  }, 60_000);

  it('acknowledges or refuses with 503 each message while it is away, stores each acknowledged one once, and recovers', async () => {
    const admin = (await api(server, 'POST', '/auth/login', { body: TEST_ADMIN })).body.token as string;
    const created = await api(server, 'POST', '/whatsapp', { token: admin, body: { name: 'Site', channel: 'webchat' } });
    expect(created.status).toBe(201);
    const widget = created.body.publicId as string;
    const knex = server.ports.database.knex;
    await eventually(
      async () => ((await knex('connections').where('id', created.body.id).first('status'))?.status === 'CONNECTED' ? true : undefined),
      'webchat connected',
    );
    // An agent's screen, connected before the outage, reconnecting by itself as the web app's socket does.
    const events: { event: string; payload: any }[] = [];
    socket = connectSocket(server.url, { auth: { token: admin }, transports: ['websocket'] });
    socket.onAny((event, payload) => events.push({ event, payload }));
    await new Promise<void>((resolve, reject) => socket!.once('connect', () => resolve()).once('connect_error', reject));
    const consoleErrors = jest.spyOn(console, 'error');
    const session = await api(server, 'POST', `/widget/${widget}/sessions`, { body: { name: 'Visitante' } });
    const headers = { authorization: `Bearer ${session.body.visitorToken as string}` };
    const say = (body: string) => api(server, 'POST', `/widget/${widget}/messages`, { headers, body: { body } });
    expect((await say('antes')).status).toBe(200);

    await relay.down();
    const answers: { body: string; status: number; retryAfter: string | null; error?: string }[] = [];
    const outageEnds = Date.now() + 15_000;
    for (let index = 0; Date.now() < outageEnds; index += 1) {
      const started = Date.now();
      const answer = await say(`durante ${index}`);
      answers.push({
        body: `durante ${index}`,
        status: answer.status,
        retryAfter: answer.headers.get('retry-after'),
        error: answer.body?.error,
      });
      // Refused promptly, never held: a visitor's widget retries on its own.
      expect(Date.now() - started).toBeLessThan(3000);
      // A visitor typing about once a second, under the widget's own rate limit (20 at once, then 1 a second).
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    // A balancer's health check (often 2 s) gets its 503 in time, naming the ports that fail.
    const checkStarted = Date.now();
    const health = await api(server, 'GET', '/health');
    expect(Date.now() - checkStarted).toBeLessThan(2000);
    expect(health.status).toBe(503);
    expect(health.body.ports).toMatchObject({ sessionLock: { status: 'error' }, database: { status: 'ok' } });

    await relay.up();
    const back = Date.now();
    await eventually(async () => ((await say('depois')).status === 200 ? true : undefined), 'a message accepted after the outage');
    const recoveredInMs = Date.now() - back;

    for (const answer of answers) {
      if (answer.status !== 200) expect(answer).toMatchObject({ status: 503, retryAfter: '5', error: 'ERR_SERVICE_UNAVAILABLE' });
    }
    const acknowledged = answers.filter((answer) => answer.status === 200).map((answer) => answer.body);
    const stored = (await knex('messages').where('from_me', false).select('body')).map((row: { body: string }) => row.body);
    for (const body of acknowledged) expect(stored.filter((seen) => seen === body)).toHaveLength(1);
    expect(stored.filter((seen) => seen === 'depois').length).toBeGreaterThanOrEqual(1);
    expect(recoveredInMs).toBeLessThan(5000);
    // The agent's screen is live again: a message after the outage reaches it.
    await say('ao vivo');
    await eventually(
      () => events.some((entry) => entry.event === 'appMessage' && entry.payload.message?.body === 'ao vivo') || undefined,
      "the agent's socket live after the outage",
    );
    // One line when Redis went and one when it came back, whatever the number of clients and attempts.
    const outageLines = () => logLines.filter((line) => /^Redis is/.test(line.msg)).map((line) => line.msg);
    await eventually(() => outageLines().length >= 2 || undefined, 'the recovery logged');
    expect(outageLines()).toEqual(['Redis is unreachable; reconnecting', 'Redis is reachable again']);
    expect(consoleErrors).not.toHaveBeenCalled();
    expect(logLines.filter((line) => line.msg === 'request failed')).toEqual([]);
    expect(unhandled).toEqual([]);
  }, 90_000);
});
