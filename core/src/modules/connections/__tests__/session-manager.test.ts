import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { loadConfig } from '@switchboard/config';
import {
  ChannelContribution,
  ContainerModule,
  type ChannelSession,
  type ChannelSessionContext,
  type ConnectionStatus,
} from '@switchboard/sdk';
import { startServer, type RunningServer } from '../../../server.js';
import { eventually } from '../../../testing/eventually.js';
import { insertConnection } from '../../../testing/fixtures.js';
import { postgresUrlForTests, redisUrlForTests } from '../../../testing/services.js';
import { scaledNodeEnv, testRedisPrefix } from '../../../testing/scaled-nodes.js';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database.js';
import { startTestServer, type CompanyFixture, type TestServer } from '../../../testing/test-server.js';
import { SessionManager, SessionManagerOptions } from '../session-manager.js';

const CHANNEL = 'probe';

/** How the probe channel's session of one connection behaves: a number of failed starts, then success. */
interface Script {
  failStarts: number;
}

/** What one node's probe channel saw: every session it made, every start and stop, per connection. */
class ProbeChannel implements ChannelContribution {
  readonly channel = CHANNEL;
  readonly description = { name: 'Probe', settings: [] };
  readonly scripts = new Map<number, Script>();
  readonly contexts = new Map<number, ChannelSessionContext>();
  readonly starts = new Map<number, number[]>();
  readonly stops = new Map<number, number>();
  readonly live = new Set<number>();

  createSession(ctx: ChannelSessionContext): ChannelSession {
    const id = ctx.connection.id;
    this.contexts.set(id, ctx);
    return {
      start: async () => {
        this.starts.set(id, [...(this.starts.get(id) ?? []), Date.now()]);
        const script = this.scripts.get(id);
        if (script && script.failStarts > 0) {
          script.failStarts -= 1;
          throw new Error('the account is unreachable');
        }
        this.live.add(id);
        await ctx.setStatus('CONNECTED');
      },
      stop: async () => {
        this.stops.set(id, (this.stops.get(id) ?? 0) + 1);
        this.live.delete(id);
      },
      send: async () => ({ externalId: randomBytes(4).toString('hex') }),
    };
  }

  startsOf(id: number): number[] {
    return this.starts.get(id) ?? [];
  }
}

function probeModule(probe: ProbeChannel, options: SessionManagerOptions): ContainerModule {
  return new ContainerModule((bind) => {
    bind(ChannelContribution).toConstantValue(probe);
    bind(SessionManagerOptions).toConstantValue(options);
  });
}

/** A connection of the probe channel. */
function probeConnection(server: RunningServer, companyId: number): Promise<number> {
  return insertConnection(server.ports.database.knex, companyId, { channel: CHANNEL });
}

async function statusOf(server: RunningServer, id: number): Promise<{ status: ConnectionStatus; retries: number }> {
  return server.ports.database.knex('connections').where('id', id).first('status', 'retries');
}

describe('SessionManager', () => {
  const probe = new ProbeChannel();
  const base = 40;
  let server: TestServer;
  let company: CompanyFixture;
  let sessions: SessionManager;

  beforeAll(async () => {
    server = await startTestServer({
      extraModules: [probeModule(probe, { backoffBaseMs: base, maxBackoffMs: 4 * base, sweepMs: 60_000 })],
    });
    company = await server.createCompany();
    sessions = server.container.get(SessionManager);
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('starts a session, stores CONNECTED and announces a whatsappSession event', async () => {
    const socket: Socket = connectSocket(server.url, {
      auth: { token: company.admin.token },
      transports: ['websocket'],
      reconnection: false,
    });
    try {
      const events: unknown[] = [];
      socket.on('whatsappSession', (payload) => events.push(payload));
      await new Promise<void>((resolve, reject) => socket.on('connect', () => resolve()).on('connect_error', reject));
      const id = await probeConnection(server, company.companyId);
      await sessions.ensureStarted(id);
      expect(sessions.isRunningHere(id)).toBe(true);
      expect(probe.startsOf(id)).toHaveLength(1);
      expect(await statusOf(server, id)).toMatchObject({ status: 'CONNECTED', retries: 0 });
      const event = await eventually(
        () => events.find((payload) => (payload as { session: { id: number } }).session.id === id),
        'the whatsappSession event',
      );
      expect(event).toMatchObject({ action: 'update', session: { id, status: 'CONNECTED' } });
      // A second call while it runs changes nothing.
      await sessions.ensureStarted(id);
      expect(probe.startsOf(id)).toHaveLength(1);
    } finally {
      socket.disconnect();
    }
  });

  it('retries a failing start with growing delays and connects once start succeeds', async () => {
    const id = await probeConnection(server, company.companyId);
    probe.scripts.set(id, { failStarts: 3 });
    await sessions.ensureStarted(id);
    expect(await statusOf(server, id)).toMatchObject({ status: 'DISCONNECTED', retries: 1 });
    await eventually(() => probe.live.has(id), 'the session live again');
    const starts = probe.startsOf(id);
    expect(starts).toHaveLength(4);
    const gaps = starts.slice(1).map((at, index) => at - starts[index]!);
    // base, 2 × base, 4 × base (timers fire no earlier than asked; a little slack for the clock's rounding)
    expect(gaps[0]).toBeGreaterThanOrEqual(base - 5);
    expect(gaps[1]).toBeGreaterThanOrEqual(2 * base - 5);
    expect(gaps[2]).toBeGreaterThanOrEqual(4 * base - 5);
    // The session is live before its CONNECTED report is stored: wait for the row.
    await eventually(async () => (await statusOf(server, id)).status === 'CONNECTED', 'CONNECTED stored');
    expect(await statusOf(server, id)).toMatchObject({ status: 'CONNECTED', retries: 0 });
  });

  it('restarts a session that reports DISCONNECTED on its own, backing off while it keeps failing', async () => {
    const id = await probeConnection(server, company.companyId);
    await sessions.ensureStarted(id);
    expect(probe.live.has(id)).toBe(true);
    const stopsBefore = probe.stops.get(id) ?? 0;
    const startsBefore = probe.startsOf(id).length;

    // The account drops: the session says so, core did not ask for it.
    probe.live.delete(id);
    probe.scripts.set(id, { failStarts: 2 });
    const crashedAt = Date.now();
    await probe.contexts.get(id)!.setStatus('DISCONNECTED');
    expect(await statusOf(server, id)).toMatchObject({ status: 'DISCONNECTED', retries: 1 });
    await eventually(() => probe.live.has(id), 'the session live again');
    // Stopped before each new start, started three times (two failures, one success) after growing delays.
    const starts = probe.startsOf(id).slice(startsBefore);
    expect(starts).toHaveLength(3);
    expect((probe.stops.get(id) ?? 0) - stopsBefore).toBe(3);
    expect(starts[0]! - crashedAt).toBeGreaterThanOrEqual(base - 10);
    expect(starts[1]! - starts[0]!).toBeGreaterThanOrEqual(2 * base - 5);
    expect(starts[2]! - starts[1]!).toBeGreaterThanOrEqual(4 * base - 5);
    // The session is live before its CONNECTED report is stored: wait for the row.
    await eventually(async () => (await statusOf(server, id)).status === 'CONNECTED', 'CONNECTED stored');
    expect(await statusOf(server, id)).toMatchObject({ status: 'CONNECTED', retries: 0 });

    // CONNECTED reset the backoff: the next crash is retried after the base delay again, and the delay is capped.
    probe.live.delete(id);
    const again = Date.now();
    await probe.contexts.get(id)!.setStatus('DISCONNECTED');
    await eventually(() => probe.live.has(id), 'the session live again');
    const restartedAt = probe.startsOf(id).at(-1)!;
    expect(restartedAt - again).toBeGreaterThanOrEqual(base - 5);
    expect(restartedAt - again).toBeLessThan(4 * base + 500);
  });

  it('caps the backoff', async () => {
    const id = await probeConnection(server, company.companyId);
    probe.scripts.set(id, { failStarts: 6 });
    await sessions.ensureStarted(id);
    await eventually(() => probe.live.has(id), 'the session live after the failed starts', 10_000);
    const starts = probe.startsOf(id);
    const gaps = starts.slice(1).map((at, index) => at - starts[index]!);
    expect(gaps).toHaveLength(6);
    // base, 2b, 4b, then 4b (the cap) again and again.
    for (const gap of gaps.slice(3)) expect(gap).toBeLessThan(4 * base + 150);
  });

  it('does not restart a session that core itself stops', async () => {
    const id = await probeConnection(server, company.companyId);
    await sessions.ensureStarted(id);
    const context = probe.contexts.get(id)!;
    await sessions.stop(id, { logout: false });
    expect(sessions.isRunningHere(id)).toBe(false);
    // A late report of a stopped session is ignored: nothing stored, nothing restarted.
    await context.setStatus('DISCONNECTED');
    // An absence with no later event to wait on: a restart would follow within the backoff, so the check waits
    // out a few backoffs (bounded, 160 ms) rather than anything it asserts.
    await new Promise((resolve) => setTimeout(resolve, 4 * base));
    expect(probe.startsOf(id)).toHaveLength(1);
    expect(sessions.isRunningHere(id)).toBe(false);
    // The lock went with it: starting again works at once.
    await sessions.ensureStarted(id);
    expect(sessions.isRunningHere(id)).toBe(true);
  });
});

/** Scaled mode: two nodes over one PostgreSQL and one Redis; each session runs on exactly one of them. */
const databaseUrl = postgresUrlForTests();
const redisUrl = redisUrlForTests();
const scaled = databaseUrl && redisUrl ? describe : describe.skip;

scaled('SessionManager on two nodes', () => {
  const sweepMs = 150;
  let testDatabase: TestDatabase;
  let dataDir: string;
  let prefix: string;
  let env: Record<string, string>;
  const nodes: RunningServer[] = [];

  const startNode = async (lockTtlMs: number) => {
    const probe = new ProbeChannel();
    const node = await startServer({
      config: loadConfig(env),
      redisPrefix: prefix,
      announce: () => {},
      backgroundWorkers: false,
      extraModules: [probeModule(probe, { sweepMs, lockTtlMs, backoffBaseMs: 50 })],
    });
    nodes.push(node);
    return { node, probe, sessions: node.container.get(SessionManager) };
  };

  beforeAll(async () => {
    testDatabase = await createTestDatabase({ migrate: false });
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sb-sessions-'));
    prefix = testRedisPrefix();
    env = scaledNodeEnv({ dataDir, databaseUrl: testDatabase.url!, redisUrl: redisUrl! });
  });

  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.close()));
    await testDatabase?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const runners = (id: number) =>
    nodes.filter((node) => node.container.get(SessionManager).isRunningHere(id) && node.http.listening).length;

  it('runs a session on exactly one node and moves it when that node closes', async () => {
    // A long TTL: a takeover within it can only come from the lock being released.
    const lockTtlMs = 5000;
    const [a, b] = await Promise.all([startNode(lockTtlMs), startNode(lockTtlMs)]);
    const id = await probeConnection(a.node, 1);
    await Promise.all([a.sessions.ensureStarted(id), b.sessions.ensureStarted(id)]);
    expect(runners(id)).toBe(1);
    expect(a.probe.live.has(id) !== b.probe.live.has(id)).toBe(true);
    // Several sweeps later, still one. Sweeps announce nothing, so this waits out three of them (450 ms, bounded):
    // a second runner could only come from a sweep.
    await new Promise((resolve) => setTimeout(resolve, 3 * sweepMs));
    expect(runners(id)).toBe(1);

    const [owner, other] = a.probe.live.has(id) ? [a, b] : [b, a];
    const closedAt = Date.now();
    await owner.node.close();
    expect(owner.probe.live.has(id)).toBe(false);
    // close() released the lock: the other node takes over on its next sweep, not after the TTL.
    await eventually(() => other.probe.live.has(id), 'the other node running the session', 5000);
    expect(Date.now() - closedAt).toBeLessThan(lockTtlMs / 2);
    expect(other.sessions.isRunningHere(id)).toBe(true);
    expect((await statusOf(other.node, id)).status).toBe('CONNECTED');
    await other.node.close();
    expect(other.probe.live.has(id)).toBe(false);
  });

  it('never runs a session on two nodes when Redis loses the lock (comes back empty): the database fences it', async () => {
    // Long enough that a loaded machine's late heartbeat does not make the owner look dead (a takeover is then right).
    const lockTtlMs = 4000;
    const [f, g] = await Promise.all([startNode(lockTtlMs), startNode(lockTtlMs)]);
    const id = await probeConnection(f.node, 1);
    await Promise.all([f.sessions.ensureStarted(id), g.sessions.ensureStarted(id)]);
    const [owner, other] = f.probe.live.has(id) ? [f, g] : [g, f];
    const startsBefore = other.probe.startsOf(id).length;

    // Redis forgets the lock, as one restarted without its data would: the other node's next sweep wins the free key.
    const lockKey = `${prefix}lock:session:${id}`;
    await owner.node.ports.redis!.del(lockKey);
    await eventually(async () => ((await owner.node.ports.redis!.exists(lockKey)) === 1 ? true : undefined), 'the lock taken again');
    // Sweeps and renewals announce nothing: this waits out three sweeps and a renewal (bounded), in which a second
    // runner could appear.
    await new Promise((resolve) => setTimeout(resolve, 3 * sweepMs + lockTtlMs / 3));
    expect(other.probe.startsOf(id).length).toBe(startsBefore);
    expect(owner.probe.live.has(id)).toBe(true);
    expect(runners(id)).toBe(1);
    await Promise.all([f.node.close(), g.node.close()]);
  });

  it('takes over the session of a node that died without releasing its lock, once the lock expires', async () => {
    const lockTtlMs = 1500;
    const [d, e] = await Promise.all([startNode(lockTtlMs), startNode(lockTtlMs)]);
    const id = await probeConnection(d.node, 1);
    await Promise.all([d.sessions.ensureStarted(id), e.sessions.ensureStarted(id)]);
    const [owner, c] = d.probe.live.has(id) ? [d, e] : [e, d];
    expect(owner.probe.live.has(id)).toBe(true);
    expect(c.probe.live.has(id)).toBe(false);

    // The owner stops renewing its locks and its heartbeat, as a dead process would; its key expires after the TTL,
    // and so does its heartbeat in the database.
    const diedAt = Date.now();
    await owner.node.ports.sessionLock.close();
    await owner.node.ports.database.close();
    await eventually(() => c.probe.live.has(id), 'a surviving node running the session', 20_000);
    expect(Date.now() - diedAt).toBeGreaterThanOrEqual(lockTtlMs / 3);
    expect(c.sessions.isRunningHere(id)).toBe(true);
  });
});
