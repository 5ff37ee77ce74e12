import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { RunningServer } from '../../../server.js';
import { eventually } from '../../../testing/eventually.js';
import { startLoggedServer, type LogLine, type LoggedServer } from '../../../testing/logged-server.js';
import { TcpRelay } from '../../../testing/tcp-relay.js';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database.js';
import { api, TEST_ADMIN } from '../../../testing/test-server.js';

/**
 * PostgreSQL going away under a running node (a restart, a failover): requests that need it answer 503 with
 * Retry-After at once instead of hanging or answering 500, /health says which port failed within a balancer's check,
 * the log has one line when it goes and one when it is back, and the node serves again by itself.
 */
const databaseUrl = process.env.DATABASE_URL;
(databaseUrl ? describe : describe.skip)('a PostgreSQL outage', () => {
  let testDatabase: TestDatabase;
  let relay: TcpRelay;
  let server: RunningServer;
  let logged: LoggedServer;
  let logLines: LogLine[];

  beforeAll(async () => {
    testDatabase = await createTestDatabase({ migrate: false });
    relay = new TcpRelay(new URL(testDatabase.url!));
    await relay.up();
    logged = await startLoggedServer('db-outage', { DATABASE_URL: relay.url });
    ({ server, logLines } = logged);
  }, 120_000);

  afterAll(async () => {
    await relay?.up();
    await logged?.stop();
    await relay?.down();
    await testDatabase?.drop();
  }, 60_000);

  it('answers 503 with Retry-After while it is away, logs it once each way, and serves again when it is back', async () => {
    const signIn = () => api(server, 'POST', '/auth/login', { body: TEST_ADMIN });
    const token = (await signIn()).body.token as string;
    const created = await api(server, 'POST', '/whatsapp', { token, body: { name: 'Site', channel: 'webchat' } });
    const widget = created.body.publicId as string;
    const session = await api(server, 'POST', `/widget/${widget}/sessions`, { body: { name: 'Visitante' } });
    const headers = { authorization: `Bearer ${session.body.visitorToken as string}` };
    const say = (body: string) => api(server, 'POST', `/widget/${widget}/messages`, { headers, body: { body } });
    expect((await say('antes')).status).toBe(200);

    await relay.down();
    const refused = [await signIn(), await say('durante'), await api(server, 'GET', '/health')];
    for (const answer of refused.slice(0, 2)) {
      expect(answer).toMatchObject({ status: 503, body: { error: 'ERR_SERVICE_UNAVAILABLE' } });
      expect(answer.headers.get('retry-after')).toBe('5');
      expect(JSON.stringify(answer.body)).not.toMatch(/at .*\.js|stack/i);
    }
    expect(refused[2]).toMatchObject({ status: 503, body: { status: 'error', ports: { database: { status: 'error' } } } });
    const outageLines = () => logLines.filter((line) => /PostgreSQL is/.test(line.msg)).map((line) => line.msg);
    expect(outageLines()).toEqual(['PostgreSQL is unreachable; answering 503 until it is back']);
    expect(logLines.filter((line) => line.msg === 'request failed')).toEqual([]);

    await relay.up();
    await eventually(async () => ((await signIn()).status === 200 ? true : undefined), 'sign-in after the outage');
    await eventually(() => outageLines().length === 2 || undefined, 'the recovery logged');
    expect(outageLines()).toEqual(['PostgreSQL is unreachable; answering 503 until it is back', 'PostgreSQL is reachable again']);
    expect((await api(server, 'GET', '/health')).status).toBe(200);
    // What the visitor's widget sends again after Retry-After is stored once; the refused one was not stored at all.
    expect((await say('durante')).status).toBe(200);
    const stored = await server.ports.database.knex('messages').where('from_me', false).select('body');
    expect(stored.map((row: { body: string }) => row.body).sort()).toEqual(['antes', 'durante']);
  }, 60_000);
});
