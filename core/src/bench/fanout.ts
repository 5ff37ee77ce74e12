/**
 * npm run bench:fanout — how long an inbound message takes to reach every agent's screen that may see it, on two nodes
 * of the product in scaled mode (PostgreSQL + Redis, each node its own process), beside the ceiling measured in the
 * same run: a bare socket.io server pair with the Redis adapter, one emit per message to a room of the same sockets.
 * Needs DATABASE_URL (a fresh database is created on that server and dropped after) and REDIS_URL.
 *
 * Company A has --agents agents split over two queues, and admins; company B has agents of its own. Every socket joins
 * what the web app's socket joins (the server decides at the handshake). Visitors write through the webchat widget
 * (POST /widget/<publicId>/messages, alternately to each node); their tickets wait unassigned in queue 1, so queue 1's
 * agents and A's admins are entitled to each message and nobody else is. The latency is from the POST being sent to
 * each socket's `appMessage` carrying the message's marker. Product and ceiling run in alternating slices, so both meet
 * the same load on a shared machine. Exit code 1 when a socket missed a message or got one it may not see.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import type { Knex } from 'knex';
import { createClient } from 'redis';
import { io } from 'socket.io-client';
import { SecretKeys } from '../platform/auth/app-secret.js';
import { TokenService } from '../platform/auth/tokens.js';
import { eventually } from '../testing/eventually.js';
import { freePort, mainFile, type NodeProcess } from '../testing/node-process.js';
import { createTestDatabase } from '../testing/test-database.js';
import {
  kindOfCode,
  markerOf,
  nowMs,
  seqOfCode,
  type ClientCommand,
  type ClientReply,
  type ClientSocketSpec,
  type MarkerKind,
} from './fanout-clients.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values: args } = parseArgs({
  options: {
    agents: { type: 'string', default: '4000' },
    rate: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '15' },
    slices: { type: 'string', default: '3' },
    'client-threads': { type: 'string', default: '2' },
  },
});
const AGENTS = Number(args.agents);
const RATE = Number(args.rate);
const SECONDS = Number(args.seconds);
const SLICES = Number(args.slices);
const CLIENT_THREADS = Number(args['client-threads']);
const ADMINS = 3;
const OTHER_COMPANY_AGENTS = Math.max(10, Math.round(AGENTS / 20));
/** Each visitor writes every VISITORS / RATE seconds, under the widget's 1 message per second and visitor. */
const VISITORS = 2 * Math.max(5, Math.ceil(RATE));
const DRAIN_MS = 10_000;

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A socket of the run: whose it is, whether it may see queue 1's waiting tickets, its node and client thread. */
interface Seat {
  userId: number;
  companyId: number;
  token: string;
  entitled: boolean;
  node: number;
  thread: number;
}

/** The client threads, each holding every CLIENT_THREADS-th socket. */
class ClientThreads {
  private readonly workers: Worker[];
  private readonly waiting = new Map<Worker, ((reply: ClientReply) => void)[]>();

  constructor(count: number) {
    this.workers = Array.from({ length: count }, () => new Worker(path.join(here, 'fanout-clients.js')));
    for (const worker of this.workers) {
      this.waiting.set(worker, []);
      worker.on('message', (reply: ClientReply) => this.waiting.get(worker)!.shift()?.(reply));
      worker.on('error', (error) => console.error('client thread failed:', error));
    }
  }

  private ask(worker: Worker, command: ClientCommand): Promise<ClientReply> {
    return new Promise((resolve) => {
      this.waiting.get(worker)!.push(resolve);
      worker.postMessage(command);
    });
  }

  async connect(sockets: (ClientSocketSpec & { thread: number })[]): Promise<{ index: number; error: string }[]> {
    const replies = await Promise.all(
      this.workers.map((worker, w) => this.ask(worker, { type: 'connect', sockets: sockets.filter((spec) => spec.thread === w) })),
    );
    return replies.flatMap((reply) => (reply.type === 'connected' ? reply.failed : []));
  }

  async count(): Promise<{ received: Record<MarkerKind, number>; events: Record<string, number>; disconnects: number }> {
    const total = { received: { w: 0, p: 0, c: 0 }, events: {} as Record<string, number>, disconnects: 0 };
    for (const reply of await Promise.all(this.workers.map((worker) => this.ask(worker, { type: 'count' })))) {
      if (reply.type !== 'count') continue;
      for (const kind of ['w', 'p', 'c'] as const) total.received[kind] += reply.received[kind];
      for (const [event, n] of Object.entries(reply.events)) total.events[event] = (total.events[event] ?? 0) + n;
      total.disconnects += reply.disconnects;
    }
    return total;
  }

  /** Every record so far (index, code, arrival), and the worst event loop delay of a client thread. */
  async take(): Promise<{ events: Float64Array[]; loopDelayP99Ms: number }> {
    const replies = await Promise.all(this.workers.map((worker) => this.ask(worker, { type: 'take' })));
    const events = replies.flatMap((reply) => (reply.type === 'events' ? [reply.events] : []));
    const loopDelayP99Ms = Math.max(...replies.map((reply) => (reply.type === 'events' ? reply.loopDelayP99Ms : 0)));
    return { events, loopDelayP99Ms };
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => this.ask(worker, { type: 'close' })));
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}

/**
 * A node of the product as operators run it (as testing/node-process.ts starts one). BENCH_CPU_PROF=<folder>: it writes a
 * CPU profile there when it stops (a .cpuprofile, which Chrome's DevTools read).
 */
async function startProductNode(env: NodeJS.ProcessEnv): Promise<NodeProcess> {
  const port = await freePort();
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`] : [];
  const child = spawn(process.execPath, [...profile, mainFile], { env: { ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const node: NodeProcess = {
    url: `http://127.0.0.1:${port}`,
    process: child,
    output: () => output,
    alive: () => child.exitCode === null && child.signalCode === null,
  };
  await eventually(
    async () => {
      if (!node.alive()) throw new Error(`a node exited: ${output}`);
      return (await fetch(`${node.url}/health`).catch(() => undefined))?.ok;
    },
    'node start',
    60_000,
  );
  return node;
}

/** A node of the ceiling (fanout-ceiling.ts) on a free port, once its Redis clients are ready. */
async function startCeilingNode(env: NodeJS.ProcessEnv): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(here, 'fanout-ceiling.js')], { env: { ...env, PORT: String(port) }, stdio: 'inherit' });
  const url = `http://127.0.0.1:${port}`;
  await eventually(async () => (await fetch(`${url}/health`).catch(() => undefined))?.ok, 'ceiling node start', 30_000);
  return { url, process: child };
}

/** CPU seconds a process has used so far (Linux /proc), or NaN where there is none. */
const clockTicks = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();
function cpuSeconds(pids: (number | undefined)[]): number {
  try {
    return pids.reduce<number>((sum, pid) => {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return sum + (Number(fields[11]) + Number(fields[12])) / clockTicks;
    }, 0);
  } catch {
    return NaN;
  }
}

/** Open files this process may hold (the clients of both the product and the ceiling are open at once). */
function openFilesLimit(): number {
  const limit = execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim();
  return limit === 'unlimited' ? Infinity : Number(limit);
}

async function seed(knex: Knex, appSecret: string): Promise<{ companyA: number; queue1: number; adminToken: string; seats: Seat[] }> {
  const [{ id: planId }] = await knex('plans')
    .insert({ name: 'Fan-out bench', users: 1_000_000, connections: 10, queues: 10, amount: 0 })
    .returning('id');
  const company = async (name: string) => {
    const [{ id }] = await knex('companies')
      .insert({ name, plan_id: planId, status: true, due_date: new Date(Date.now() + 30 * 86_400_000) })
      .returning('id');
    // Waiting tickets stay unassigned, so each message goes to the whole queue (the fan-out under test).
    await knex('company_settings').insert({ company_id: id, user_random: 'disabled' });
    return id as number;
  };
  const queue = async (companyId: number, name: string, color: string) =>
    ((await knex('queues').insert({ company_id: companyId, name, color }).returning('id'))[0] as { id: number }).id;
  const companyA = await company('Company A');
  const companyB = await company('Company B');
  const [queue1, queue2, queueB] = [
    await queue(companyA, 'Sales', '#336699'),
    await queue(companyA, 'Support', '#993366'),
    await queue(companyB, 'Sales', '#336699'),
  ];

  // Agents already signed in (online): a socket of an online user tells nobody, as in a working day's steady state.
  const people: { companyId: number; profile: 'admin' | 'user'; queueId?: number; entitled: boolean }[] = [
    ...Array.from({ length: ADMINS }, () => ({ companyId: companyA, profile: 'admin' as const, entitled: true })),
    ...Array.from({ length: AGENTS }, (_v, i) => ({
      companyId: companyA,
      profile: 'user' as const,
      queueId: i % 2 === 0 ? queue1 : queue2,
      entitled: i % 2 === 0,
    })),
    { companyId: companyB, profile: 'admin', entitled: false },
    ...Array.from({ length: OTHER_COMPANY_AGENTS }, () => ({
      companyId: companyB,
      profile: 'user' as const,
      queueId: queueB,
      entitled: false,
    })),
  ];
  const tokens = new TokenService(new SecretKeys(appSecret).signing, { access: 3600, refresh: 3600 });
  const seats: Seat[] = [];
  // Each kind of socket (entitled, of A's other queue, of B) half on each node and evenly over the client threads.
  const slots = new Map<string, number>();
  for (let from = 0; from < people.length; from += 1000) {
    const batch = people.slice(from, from + 1000);
    const users = (await knex('users')
      .insert(
        batch.map((person, i) => ({
          company_id: person.companyId,
          name: `Agent ${from + i}`,
          email: `agent${from + i}@fanout.bench`,
          // Nobody signs in with a password: each user gets a session and an access token below, as sign-in makes them.
          password_hash: 'x',
          profile: person.profile,
          online: true,
        })),
      )
      .returning('id')) as { id: number }[];
    const queued = batch.flatMap((person, i) =>
      person.queueId ? [{ user_id: users[i]!.id, queue_id: person.queueId, company_id: person.companyId }] : [],
    );
    if (queued.length > 0) await knex('user_queues').insert(queued);
    const sessions = batch.map((person, i) => ({
      id: randomUUID(),
      company_id: person.companyId,
      user_id: users[i]!.id,
      current_token: randomUUID(),
    }));
    await knex('auth_sessions').insert(sessions);
    batch.forEach((person, i) => {
      const kind = `${person.companyId}:${person.entitled}`;
      const slot = slots.get(kind) ?? 0;
      slots.set(kind, slot + 1);
      seats.push({
        userId: users[i]!.id,
        companyId: person.companyId,
        entitled: person.entitled,
        token: tokens.accessToken({ sub: users[i]!.id, companyId: person.companyId, tokenVersion: 0, sessionId: sessions[i]!.id }),
        node: slot % 2,
        thread: Math.floor(slot / 2) % CLIENT_THREADS,
      });
    });
  }
  return { companyA, queue1, adminToken: seats[0]!.token, seats };
}

interface PhaseResult {
  latencies: number[];
  delivered: number;
  entitled: number;
  wrong: number;
  duplicates: number;
  failedSends: number;
}

/** Sends `count` messages at RATE per second, each with `send(seq)` resolving to whether it was accepted. */
async function steady(
  first: number,
  count: number,
  send: (seq: number) => Promise<boolean>,
): Promise<{ failed: number; lagMs: number; answeredMs: number[] }> {
  const started = nowMs();
  let lagMs = 0;
  const sent: Promise<boolean>[] = [];
  const answeredMs: number[] = [];
  for (let k = 0; k < count; k += 1) {
    const due = started + (k * 1000) / RATE;
    const wait = due - nowMs();
    if (wait > 0) await sleep(wait);
    lagMs = Math.max(lagMs, nowMs() - due);
    const at = nowMs();
    sent.push(
      send(first + k)
        .catch(() => false)
        .finally(() => answeredMs.push(nowMs() - at)),
    );
  }
  const accepted = await Promise.all(sent);
  return { failed: accepted.filter((ok) => !ok).length, lagMs, answeredMs };
}

async function main(): Promise<void> {
  if (!process.env.DATABASE_URL || !process.env.REDIS_URL) throw new Error('bench:fanout runs scaled mode: set DATABASE_URL and REDIS_URL');
  const totalSockets = ADMINS + AGENTS + 1 + OTHER_COMPANY_AGENTS;
  const needed = 2 * totalSockets + 512;
  if (openFilesLimit() < needed) {
    throw new Error(
      `bench:fanout holds ${2 * totalSockets} sockets in this process: raise the open files limit first (ulimit -n ${needed})`,
    );
  }
  const run = randomBytes(4).toString('hex');
  const redisPrefix = `sbbench:fanout:${run}:`;
  const appSecret = randomBytes(32).toString('hex');
  const testDatabase = await createTestDatabase({ migrate: false });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sb-fanout-'));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: testDatabase.url!,
    REDIS_URL: process.env.REDIS_URL,
    REDIS_PREFIX: redisPrefix,
    APP_SECRET: appSecret,
    ADMIN_PASSWORD: randomBytes(16).toString('hex'),
  };
  const nodes: NodeProcess[] = [];
  const ceiling: { url: string; process: ChildProcess }[] = [];
  let clients: ClientThreads | undefined;
  const loadBefore = os.loadavg()[0]!;
  try {
    // One after the other: the first migrates and runs the first start.
    nodes.push(await startProductNode(env));
    nodes.push(await startProductNode(env));
    const ceilingEnv = { PATH: process.env.PATH, REDIS_URL: process.env.REDIS_URL, FANOUT_KEY: `${redisPrefix}ceiling` };
    ceiling.push(await startCeilingNode(ceilingEnv), await startCeilingNode(ceilingEnv));

    const knex = testDatabase.database.knex;
    const { companyA, queue1, adminToken, seats } = await seed(knex, appSecret);
    const created = await fetch(`${nodes[0]!.url}/whatsapp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({ name: 'Site', channel: 'webchat', queueIds: [queue1] }),
    });
    const connection = (await created.json()) as { publicId?: string };
    if (!created.ok || !connection.publicId)
      throw new Error(`the webchat connection was refused: ${created.status} ${JSON.stringify(connection)}`);
    const widget = (visitor: number, route: string, body: unknown, token?: string) =>
      fetch(`${nodes[visitor % 2]!.url}/widget/${connection.publicId}${route}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          // Each visitor from an address of its own (the server trusts the loopback proxy), as on the web.
          'x-forwarded-for': `10.77.${visitor >> 8}.${visitor & 255}`,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
    const visitorTokens: string[] = [];
    for (let visitor = 0; visitor < VISITORS; visitor += 1) {
      const answer = await widget(visitor, '/sessions', { name: `Visitor ${visitor}` });
      const { visitorToken } = (await answer.json()) as { visitorToken?: string };
      if (!answer.ok || !visitorToken) throw new Error(`a visitor session was refused: ${answer.status}`);
      visitorTokens.push(visitorToken);
    }

    // The product's sockets, then the ceiling's: the same seats over the same split of nodes.
    clients = new ClientThreads(CLIENT_THREADS);
    const connectStarted = nowMs();
    const productFailed = await clients.connect(
      seats.map((seat, index) => ({ index, thread: seat.thread, url: nodes[seat.node]!.url, auth: { token: seat.token } })),
    );
    const productConnectS = (nowMs() - connectStarted) / 1000;
    if (productFailed.length > 0) throw new Error(`${productFailed.length} product sockets were refused: ${productFailed[0]!.error}`);
    const ceilingFailed = await clients.connect(
      seats.map((seat, index) => ({
        index: seats.length + index,
        thread: seat.thread,
        url: ceiling[seat.node]!.url,
        auth: { room: seat.entitled ? 'entitled' : 'others' },
      })),
    );
    if (ceilingFailed.length > 0) throw new Error(`${ceilingFailed.length} ceiling sockets were refused: ${ceilingFailed[0]!.error}`);

    // Each visitor's first message opens their ticket (without a queue, so only admins hear it) and enters it in
    // queue 1. One admin's socket, decoding in full, keeps a payload as the ceiling's.
    const probe = io(nodes[0]!.url, { path: '/socket.io', transports: ['websocket'], auth: { token: adminToken }, forceNew: true });
    let sample: string | undefined;
    probe.on('appMessage', (payload: unknown) => {
      const text = JSON.stringify(payload);
      if (text.includes(markerOf(run, 'w', 0))) sample = text;
    });
    await eventually(() => probe.connected, 'the probe socket', 10_000);
    const warm = await steady(0, VISITORS, (seq) =>
      widget(seq, '/messages', { body: `Olá, ${markerOf(run, 'w', seq)}` }, visitorTokens[seq]).then((answer) => answer.ok),
    );
    if (warm.failed > 0) throw new Error(`${warm.failed} first messages were refused`);
    const waiting = await eventually(
      async () => {
        const [{ n }] = await knex('tickets')
          .where({ company_id: companyA, status: 'pending', queue_id: queue1 })
          .whereNull('user_id')
          .count({ n: '*' });
        return Number(n) === VISITORS && Number(n);
      },
      'every visitor ticket waiting in queue 1',
      30_000,
    );
    await eventually(() => sample, 'a message event on the probe socket', 10_000);
    probe.disconnect();
    const template = sample!.replaceAll(markerOf(run, 'w', 0), '\u0000marker\u0000');

    const sendProduct = (seq: number) => {
      const visitor = seq % VISITORS;
      return widget(visitor, '/messages', { body: `Pedido ${markerOf(run, 'p', seq)}` }, visitorTokens[visitor]).then(
        (answer) => answer.ok,
      );
    };
    const sendCeiling = (seq: number) =>
      fetch(`${ceiling[seq % 2]!.url}/emit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: `{"room":"entitled","payload":${template.replaceAll('\u0000marker\u0000', markerOf(run, 'c', seq))}}`,
      }).then((answer) => answer.ok);

    const entitledSeats = seats.filter((seat) => seat.entitled).length;
    const sentAt: Record<'p' | 'c', number[]> = { p: [], c: [] };
    const answeredAt: Record<'p' | 'c', number[]> = { p: [], c: [] };
    const timed = (kind: 'p' | 'c', send: (seq: number) => Promise<boolean>) => (seq: number) => {
      sentAt[kind][seq] = nowMs();
      return send(seq).finally(() => (answeredAt[kind][seq] = nowMs()));
    };
    const perSlice = Math.max(1, Math.round((RATE * SECONDS) / SLICES));
    const failed = { p: 0, c: 0 };
    const answeredMs: Record<'p' | 'c', number[]> = { p: [], c: [] };
    let sendLagMs = 0;
    // The servers' own CPU while their messages go out (PostgreSQL's and Redis's not included).
    const cpu = { p: 0, c: 0 };
    const pidsOf = { p: nodes.map((node) => node.process.pid), c: ceiling.map((node) => node.process.pid) };
    const eventsBefore = (await clients.count()).events;
    for (let slice = 0; slice < SLICES; slice += 1) {
      for (const [kind, send] of [
        ['p', sendProduct],
        ['c', sendCeiling],
      ] as const) {
        const cpuBefore = cpuSeconds(pidsOf[kind]);
        const result = await steady(slice * perSlice, perSlice, timed(kind, send));
        failed[kind] += result.failed;
        answeredMs[kind].push(...result.answeredMs);
        sendLagMs = Math.max(sendLagMs, result.lagMs);
        // Until every entitled socket has this slice's messages, or DRAIN_MS; a moment more for late wrong ones.
        const expected = (slice + 1) * perSlice * entitledSeats;
        const drainUntil = nowMs() + DRAIN_MS;
        while ((await clients.count()).received[kind] < expected && nowMs() < drainUntil) await sleep(50);
        await sleep(300);
        cpu[kind] += cpuSeconds(pidsOf[kind]) - cpuBefore;
      }
    }
    const { disconnects, events: eventsAfter } = await clients.count();
    const { events, loopDelayP99Ms } = await clients.take();

    // Who got what: each (socket, message) once, at an entitled socket; a first message only at A's admins.
    const results: Record<'p' | 'c', PhaseResult> = {
      p: { latencies: [], delivered: 0, entitled: 0, wrong: 0, duplicates: 0, failedSends: failed.p },
      c: { latencies: [], delivered: 0, entitled: 0, wrong: 0, duplicates: 0, failedSends: failed.c },
    };
    let wrongFirst = 0;
    const seen = new Set<number>();
    // Per message: its first and last socket, for BENCH_TRACE.
    const slowestOf: Record<'p' | 'c', { first: number; last: number }[]> = { p: [], c: [] };
    for (const chunk of events) {
      for (let i = 0; i < chunk.length; i += 3) {
        const index = chunk[i]!;
        const code = chunk[i + 1]!;
        const kind = kindOfCode(code);
        if (kind === 'w') {
          // A's admins are the first seats.
          if (index >= ADMINS) wrongFirst += 1;
          continue;
        }
        const seat = seats[index % seats.length]!;
        const result = results[kind];
        if (!seat.entitled) {
          result.wrong += 1;
          continue;
        }
        const key = index * 1e7 + seqOfCode(code);
        if (seen.has(key)) {
          result.duplicates += 1;
          continue;
        }
        seen.add(key);
        result.delivered += 1;
        const latency = chunk[i + 2]! - sentAt[kind][seqOfCode(code)]!;
        result.latencies.push(latency);
        const slowest = (slowestOf[kind][seqOfCode(code)] ??= { first: latency, last: latency });
        slowest.first = Math.min(slowest.first, latency);
        slowest.last = Math.max(slowest.last, latency);
      }
    }
    const messages = perSlice * SLICES;
    for (const result of Object.values(results)) {
      result.entitled = messages * entitledSeats;
      result.latencies.sort((a, b) => a - b);
    }
    results.p.wrong += wrongFirst;

    // BENCH_TRACE=1 prints each message: when it was sent, its request's answer, its first and last socket.
    if (process.env.BENCH_TRACE) {
      for (const kind of ['p', 'c'] as const) {
        sentAt[kind].forEach((at, seq) => {
          const { first, last } = slowestOf[kind][seq] ?? { first: NaN, last: NaN };
          const answer = answeredAt[kind][seq]! - at;
          console.log(
            `${kind} ${seq} at ${(at - sentAt.p[0]!).toFixed(0)} answered ${answer.toFixed(1)} first ${first.toFixed(1)} last ${last.toFixed(1)}`,
          );
        });
      }
    }
    const ms = (value: number) => (Number.isNaN(value) ? '-' : value.toFixed(1));
    const share = (result: PhaseResult) => `${((100 * result.delivered) / result.entitled).toFixed(2)}%`;
    const answered = (kind: 'p' | 'c') => {
      const sorted = answeredMs[kind].sort((a, b) => a - b);
      return `request answered p50 ${ms(percentile(sorted, 50))} ms, p95 ${ms(percentile(sorted, 95))} ms`;
    };
    const line = (name: string, r: PhaseResult) =>
      `${name}: p50 ${ms(percentile(r.latencies, 50))} ms, p95 ${ms(percentile(r.latencies, 95))} ms, p99 ${ms(percentile(r.latencies, 99))} ms, ` +
      `max ${ms(r.latencies.at(-1) ?? NaN)} ms; delivered ${r.delivered}/${r.entitled} (${share(r)}), wrong ${r.wrong}, ` +
      `twice ${r.duplicates}, refused sends ${r.failedSends}`;
    const p95 = { p: percentile(results.p.latencies, 95), c: percentile(results.c.latencies, 95) };
    console.log(
      `sockets: ${seats.length} over 2 nodes (${entitledSeats} entitled: ${ADMINS} admins and queue 1's agents; ` +
        `${Math.floor(AGENTS / 2)} of queue 2 and ${OTHER_COMPANY_AGENTS + 1} of company B not; ` +
        `entitled per node ${[0, 1].map((node) => seats.filter((seat) => seat.entitled && seat.node === node).length).join('/')}), ` +
        `connected in ${productConnectS.toFixed(1)} s`,
    );
    console.log(
      `messages: ${messages} product and ${messages} ceiling at ${RATE}/s in ${SLICES} alternating slices, ${VISITORS} visitors ` +
        `(${waiting} tickets waiting in queue 1); sender late by at most ${sendLagMs.toFixed(1)} ms`,
    );
    console.log(`${line('product', results.p)}; ${answered('p')}`);
    // The ceiling sends appMessage only: every other event in the window is the product's.
    const perMessage = Object.keys(eventsAfter)
      .map((event) => {
        const n = event === 'appMessage' ? results.p.delivered + results.p.duplicates : eventsAfter[event]! - (eventsBefore[event] ?? 0);
        return `${event} ${(n / results.p.entitled).toFixed(2)}`;
      })
      .join(', ');
    console.log(`events per product message and entitled socket: ${perMessage}`);
    console.log(`${line('ceiling', results.c)}; ${answered('c')}`);
    console.log(
      `server CPU per message (both nodes): product ${((1000 * cpu.p) / messages).toFixed(1)} ms, ceiling ${((1000 * cpu.c) / messages).toFixed(1)} ms`,
    );
    console.log(
      `machine: ${os.availableParallelism()} cores, load ${loadBefore.toFixed(2)} before and ${os.loadavg()[0]!.toFixed(2)} after; ` +
        `client threads ${CLIENT_THREADS}, their event loop delay p99 ${loopDelayP99Ms.toFixed(1)} ms; sockets dropped ${disconnects}`,
    );
    const table = [
      ['agents', 'rate/s', 'product p50', 'p95', 'p99', 'ceiling p50', 'p95', 'p99', 'p95 ratio', 'delivered', 'wrong'],
      [
        String(AGENTS),
        String(RATE),
        ms(percentile(results.p.latencies, 50)),
        ms(p95.p),
        ms(percentile(results.p.latencies, 99)),
        ms(percentile(results.c.latencies, 50)),
        ms(p95.c),
        ms(percentile(results.c.latencies, 99)),
        (p95.p / p95.c).toFixed(2),
        share(results.p),
        String(results.p.wrong),
      ],
    ];
    const widths = table[0]!.map((_h, column) => Math.max(...table.map((row) => row[column]!.length)));
    for (const row of table) console.log(row.map((cell, column) => cell.padStart(widths[column]!)).join('  '));
    if (results.p.delivered < results.p.entitled || results.p.wrong > 0) process.exitCode = 1;
  } finally {
    // The servers go first, so closing the clients does not make every node announce N users going offline.
    for (const node of ceiling) node.process.kill('SIGKILL');
    // A profiled node must stop by itself to write its profile.
    const stopped = nodes.map((node) => new Promise((resolve) => (node.alive() ? node.process.once('exit', resolve) : resolve(undefined))));
    for (const node of nodes) node.process.kill(process.env.BENCH_CPU_PROF ? 'SIGTERM' : 'SIGKILL');
    await Promise.race([Promise.all(stopped), sleep(30_000)]);
    for (const node of nodes) if (node.alive()) node.process.kill('SIGKILL');
    for (const node of nodes) {
      const said = node
        .output()
        .split('\n')
        .filter((text) => text.trim() && !text.includes(' listening on '));
      if (said.length > 0) console.log(`-- a node said:\n${said.slice(-20).join('\n')}`);
    }
    await clients?.close();
    await testDatabase.drop();
    await rm(dataDir, { recursive: true, force: true });
    const redis = createClient({ url: process.env.REDIS_URL });
    await redis.connect();
    for await (const keys of redis.scanIterator({ MATCH: `${redisPrefix}*`, COUNT: 1000 })) if (keys.length > 0) await redis.del(keys);
    await redis.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
