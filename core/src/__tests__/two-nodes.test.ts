import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { loadConfig } from '@switchboard/config';
import { startServer, type RunningServer } from '../server.js';
import { eventually } from '../testing/eventually.js';
import { insertConnection, insertContact } from '../testing/fixtures.js';
import { api, TEST_ADMIN } from '../testing/test-server.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { postgresUrlForTests, redisUrlForTests } from '../testing/services.js';
import { scaledNodeEnv, testRedisPrefix } from '../testing/scaled-nodes.js';

/** Scaled mode: two nodes on two ports over one PostgreSQL and one Redis share data and realtime events. */
const databaseUrl = postgresUrlForTests();
const redisUrl = redisUrlForTests();
const scaled = databaseUrl && redisUrl ? describe : describe.skip;

scaled('two nodes in scaled mode', () => {
  let testDatabase: TestDatabase;
  let dataDir: string;
  const nodes: RunningServer[] = [];
  const sockets: Socket[] = [];

  beforeAll(async () => {
    testDatabase = await createTestDatabase({ migrate: false });
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sb-two-nodes-'));
    const env = scaledNodeEnv({ dataDir, databaseUrl: testDatabase.url!, redisUrl: redisUrl! });
    const prefix = testRedisPrefix();
    // Both start at once: migrations and the first start must cope with a concurrent twin.
    nodes.push(...(await Promise.all([0, 1].map(() => startServer({ config: loadConfig(env), redisPrefix: prefix, announce: () => {} })))));
  }, 60_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await Promise.all(nodes.map((node) => node.close()));
    await testDatabase?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('reports PostgreSQL, bee-queue, the Redis adapter and Redis locks on /health', async () => {
    const health = await api(nodes[0]!, 'GET', '/health');
    expect(health.status).toBe(200);
    expect(health.body.mode).toBe('scaled');
    expect(health.body.ports).toMatchObject({
      database: { status: 'ok', implementation: 'postgres' },
      jobQueue: { status: 'ok', implementation: 'bee-queue' },
      realtime: { status: 'ok', implementation: 'socket.io+redis' },
      sessionLock: { status: 'ok', implementation: 'redis' },
      mediaStorage: { status: 'ok' },
    });
    const counts = await nodes[0]!.ports.database.knex('users').where('super', true).count({ n: '*' });
    expect(Number(counts[0]!.n)).toBe(1);
  });

  it('delivers an event caused on node A to a client connected to node B, and refuses a socket without a token', async () => {
    const [a, b] = nodes as [RunningServer, RunningServer];
    const login = await api(a, 'POST', '/auth/login', { body: TEST_ADMIN });
    const token = login.body.token as string;

    const refused = connectSocket(b.url, { auth: {}, transports: ['websocket'], reconnection: false });
    sockets.push(refused);
    await expect(
      new Promise((resolve, reject) =>
        refused.on('connect_error', (error) => resolve(error.message)).on('connect', () => reject(new Error('connected'))),
      ),
    ).resolves.toBe('ERR_SESSION_EXPIRED');

    const client = connectSocket(b.url, { auth: { token }, transports: ['websocket'], reconnection: false });
    sockets.push(client);
    await new Promise<void>((resolve, reject) => client.on('connect', () => resolve()).on('connect_error', reject));
    // The adapter learns of node B's room through Redis; wait until node A sees the socket.
    await eventually(async () => (await a.ports.realtime.io.in('company:1').fetchSockets()).length > 0, "node A seeing node B's socket");
    const received = new Promise<any>((resolve) => client.on('user', resolve));
    const userId = login.body.user.id as number;
    const update = await api(a, 'PUT', `/users/${userId}`, { token, body: { name: 'Renamed on node A' } });
    expect(update.status).toBe(200);
    const event = await received;
    expect(event).toMatchObject({ action: 'update', user: { id: userId, name: 'Renamed on node A' } });
    // And node B reads what node A wrote.
    expect((await api(b, 'GET', `/users/${userId}`, { token })).body.name).toBe('Renamed on node A');
  });

  it('never gives two tickets of one company the same protocol when both nodes create them at once', async () => {
    const [a, b] = nodes as [RunningServer, RunningServer];
    const token = (await api(a, 'POST', '/auth/login', { body: TEST_ADMIN })).body.token as string;
    const knex = a.ports.database.knex;
    const whatsappId = await insertConnection(knex, 1);
    const contacts = await Promise.all(Array.from({ length: 30 }, () => insertContact(knex, 1)));
    const created = await Promise.all(
      contacts.map(({ id }, index) =>
        api(index % 2 ? b : a, 'POST', '/tickets', { token, body: { contactId: id, status: 'pending', whatsappId } }),
      ),
    );
    expect(created.map((answer) => answer.status)).toEqual(contacts.map(() => 201));
    const protocols = created.map((answer) => answer.body.protocol as string);
    for (const protocol of protocols) expect(protocol).toMatch(/^\d{14}$/);
    expect(new Set(protocols).size).toBe(contacts.length);
  });
});
