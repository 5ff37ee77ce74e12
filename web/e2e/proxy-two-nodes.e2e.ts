import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  accessSync,
  chmodSync,
  closeSync,
  constants,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { io } from 'socket.io-client';
import { closeRedisClient, openRedisClient, RedisOutageLog } from '../../core/dist/platform/redis/redis-client.js';
import { artifactsDir, launchBrowser, newContext, pageToken, screenshot, signIn, WIDE } from './support/browser.js';
import { ADMIN, eventually, freePort } from './support/server.js';

/**
 * The deployment of docker-compose.yml without Docker: two nodes of the built product in scaled mode (one PostgreSQL
 * database, one Redis) behind nginx rendered from deploy/nginx/switchboard.conf.template, every port on loopback.
 * The browser test step runs the embedded mode, so the services come from E2E_DATABASE_URL / E2E_REDIS_URL (set by
 * .ci/run), else DATABASE_URL / REDIS_URL.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const template = path.join(root, 'deploy/nginx/switchboard.conf.template');
const mainFile = path.join(root, 'core/dist/main.js');
const databaseUrl = process.env.E2E_DATABASE_URL ?? process.env.DATABASE_URL;
const redisUrl = process.env.E2E_REDIS_URL ?? process.env.REDIS_URL;
const nginx = nginxProgram();

const missing = [
  !databaseUrl && 'E2E_DATABASE_URL (or DATABASE_URL)',
  !redisUrl && 'E2E_REDIS_URL (or REDIS_URL)',
  !nginx && 'nginx (Debian package nginx)',
].filter((what): what is string => Boolean(what));
// In CI a missing piece fails the run: the scenario must never pass by not running.
if (missing.length > 0 && process.env.CI === 'true') throw new Error(`the proxy scenario needs ${missing.join(', ')}`);
if (missing.length > 0) console.warn(`proxy-two-nodes skipped: set or install ${missing.join(', ')}`);
const scenario = missing.length === 0 ? describe : describe.skip;

function nginxProgram(): string | undefined {
  const candidates = [
    process.env.NGINX_PATH,
    '/usr/sbin/nginx',
    ...(process.env.PATH ?? '').split(':').map((dir) => path.join(dir, 'nginx')),
  ];
  return candidates.find((file): file is string => {
    if (!file) return false;
    try {
      accessSync(file, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

interface Running {
  name: string;
  url: string;
  process: ChildProcess;
  output: () => string;
}

/** `stdoutFile`: nginx opens /dev/stdout by its path, which a socket (a child's pipe here) refuses and a file allows. */
function run(name: string, program: string, args: string[], env: NodeJS.ProcessEnv, url: string, stdoutFile?: string): Running {
  let output = '';
  const stdout = stdoutFile ? openSync(stdoutFile, 'a') : 'pipe';
  const child = spawn(program, args, { env, stdio: ['ignore', stdout, 'pipe'] });
  if (typeof stdout === 'number') closeSync(stdout);
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return { name, url, process: child, output: () => (stdoutFile ? readFileSync(stdoutFile, 'utf8') : '') + output };
}

/** `eventually`, failing with what was awaited. */
async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs?: number): Promise<T> {
  return eventually(probe, timeoutMs).catch(() => {
    throw new Error(`${what}: not seen in time`);
  });
}

async function healthy(running: Running): Promise<void> {
  await eventually(async () => {
    if (running.process.exitCode !== null) throw new Error(`${running.name} exited: ${running.output()}`);
    return (await fetch(`${running.url}/health`)).ok || undefined;
  }, 60_000).catch((error: Error) => {
    throw new Error(`${running.name} did not answer /health: ${error.message}\n${running.output()}`);
  });
}

const alive = (running: Running) => running.process.exitCode === null && running.process.signalCode === null;

/** The template with its placeholders filled, as the nginx image's envsubst fills them from the environment. */
function renderTemplate(values: Record<string, string>): string {
  return readFileSync(template, 'utf8').replace(/\$\{(\w+)\}/g, (placeholder, name: string) => {
    if (!(name in values)) throw new Error(`the proxy template names ${placeholder}, which the scenario does not fill`);
    return values[name]!;
  });
}

scenario('two nodes behind the proxy of docker-compose.yml', () => {
  const metricsToken = randomBytes(16).toString('hex');
  const redisPrefix = `sbproxy:${process.pid}:${randomBytes(4).toString('hex')}:`;
  const databaseName = `sb_proxy_${process.pid}_${randomBytes(4).toString('hex')}`;
  let workDir: string;
  let proxy: Running;
  const nodes: Running[] = [];
  let browser: Browser;
  let page: Page;
  let widgetId: string;
  /** The node the agent's socket is on, and the other one. */
  let socketNode: Running;
  let otherNode: Running;

  const admin = (url: string) => {
    const server = new URL(url);
    server.pathname = '/postgres';
    return new pg.Client({ connectionString: server.toString() });
  };

  /** An API call through the proxy as the agent signed in on the page. */
  const api = async <T = any>(method: string, route: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${proxy.url}${route}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await pageToken(page)}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${route} → ${response.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };

  /** Socket clients connected to one node, from its own /metrics. */
  const socketsOn = async (node: Running): Promise<number> => {
    const response = await fetch(`${node.url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
    const line = (await response.text()).split('\n').find((entry) => entry.startsWith('realtime_sockets '));
    return Number(line?.split(' ')[1] ?? 0);
  };

  /** A website visitor writing through the widget's HTTP API straight to one node, not through the proxy. */
  const visitorWrites = async (node: Running, name: string, body: string) => {
    const widget = async (route: string, payload: unknown, token?: string) => {
      const response = await fetch(`${node.url}/widget/${widgetId}${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(payload),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`POST ${route} on ${node.name} → ${response.status} ${text}`);
      return JSON.parse(text) as { visitorToken: string };
    };
    const { visitorToken } = await widget('/sessions', { name });
    await widget('/messages', { body }, visitorToken);
  };

  const subTab = (label: string, count: number) => page.getByRole('tab', { name: `${label} (${count})` });
  const card = (name: string) => page.getByRole('listitem', { name });
  /** Set once on the page: still there later means the page was never reloaded. */
  const samePage = () => page.evaluate(() => (window as unknown as { proxyScenario?: string }).proxyScenario);

  beforeAll(async () => {
    const client = admin(databaseUrl!);
    await client.connect();
    await client.query(`create database ${databaseName}`);
    await client.end();
    const nodeDatabase = new URL(databaseUrl!);
    nodeDatabase.pathname = `/${databaseName}`;

    workDir = mkdtempSync(path.join(tmpdir(), 'switchboard-proxy-'));
    // nginx started by root runs its workers as nobody, who must reach the temp folders below.
    chmodSync(workDir, 0o755);
    const dataDir = path.join(workDir, 'data');
    mkdirSync(dataDir);
    const [proxyPort, portA, portB] = [await freePort(), await freePort(), await freePort()];
    const proxyUrl = `http://127.0.0.1:${proxyPort}`;

    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      LOG_LEVEL: 'warn',
      DATABASE_URL: nodeDatabase.toString(),
      REDIS_URL: redisUrl,
      REDIS_PREFIX: redisPrefix,
      APP_SECRET: randomBytes(32).toString('hex'),
      DATA_DIR: dataDir,
      PUBLIC_URL: proxyUrl,
      METRICS_TOKEN: metricsToken,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST } : {}),
    };
    // One after the other: the first migrates the fresh database.
    for (const [name, port] of [
      ['node A', portA],
      ['node B', portB],
    ] as const) {
      const node = run(name, process.execPath, [mainFile], { ...env, PORT: String(port) }, `http://127.0.0.1:${port}`);
      nodes.push(node);
      await healthy(node);
    }

    const nodeLines = [portA, portB].map((port) => `server 127.0.0.1:${port} max_fails=1 fail_timeout=10s;`).join(' ');
    writeFileSync(
      path.join(workDir, 'switchboard.conf'),
      renderTemplate({ SWITCHBOARD_NODES: nodeLines, SWITCHBOARD_RESOLVER: '127.0.0.1', PROXY_LISTEN: `127.0.0.1:${proxyPort}` }),
    );
    // The nginx image's main file, with the paths of a process that is not the system's nginx.
    const temp = (name: string) => path.join(workDir, name);
    writeFileSync(
      path.join(workDir, 'nginx.conf'),
      [
        'daemon off;',
        'worker_processes 1;',
        `pid ${temp('nginx.pid')};`,
        'error_log stderr warn;',
        'events { worker_connections 512; }',
        'http {',
        `  client_body_temp_path ${temp('client_body')};`,
        `  proxy_temp_path ${temp('proxy')};`,
        `  fastcgi_temp_path ${temp('fastcgi')};`,
        `  uwsgi_temp_path ${temp('uwsgi')};`,
        `  scgi_temp_path ${temp('scgi')};`,
        `  include ${temp('switchboard.conf')};`,
        '}',
        '',
      ].join('\n'),
    );
    proxy = run(
      'nginx',
      nginx!,
      ['-p', workDir, '-c', temp('nginx.conf'), '-e', 'stderr'],
      { PATH: process.env.PATH },
      proxyUrl,
      temp('access.log'),
    );
    await healthy(proxy);
    browser = await launchBrowser();

    page = await (await newContext(browser, WIDE)).newPage();
    await signIn(page, proxy.url, ADMIN.email, ADMIN.password);
    await subTab('Aguardando', 0).waitFor();

    const created = await api<{ id: number; publicId: string }>('POST', '/whatsapp', { name: 'Site', channel: 'webchat' });
    widgetId = created.publicId;
    await until('the webchat connection CONNECTED', async () => {
      const list = await api<{ id: number; status: string }[]>('GET', '/whatsapp');
      return list.find((entry) => entry.id === created.id)?.status === 'CONNECTED' || undefined;
    });
  }, 150_000);

  afterAll(async () => {
    await browser?.close();
    const exits = [proxy, ...nodes]
      .filter((running) => running && alive(running))
      .map((running) => {
        const exited = new Promise((resolve) => running.process.once('exit', resolve));
        // nginx's master stops its workers on SIGTERM; killed outright it would leave them serving.
        running.process.kill(running === proxy ? 'SIGTERM' : 'SIGKILL');
        return exited;
      });
    await Promise.all(exits);
    // What the proxy logged (one line a request, naming the node that answered), kept beside the screenshots.
    if (proxy) {
      mkdirSync(artifactsDir, { recursive: true });
      writeFileSync(path.join(artifactsDir, 'proxy-two-nodes-nginx.log'), proxy.output());
    }
    // Killed nodes leave their jobs' keys behind, and those never expire.
    const redis = openRedisClient(redisUrl!, new RedisOutageLog());
    for await (const keys of redis.scanIterator({ MATCH: `${redisPrefix}*`, COUNT: 1000 })) if (keys.length > 0) await redis.del(keys);
    await closeRedisClient(redis);
    if (databaseUrl) {
      const client = admin(databaseUrl);
      await client.connect();
      await client.query(`drop database if exists ${databaseName} with (force)`);
      await client.end();
    }
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  it("shows the agent, signed in through the proxy, a visitor's message that arrived on the other node, live", async () => {
    await page.evaluate(() => ((window as unknown as { proxyScenario?: string }).proxyScenario = 'loaded once'));
    const [a, b] = nodes as [Running, Running];
    // The sign-in and the page's first requests were spread over both nodes (the proxy logs who answered each).
    for (const node of nodes) expect(proxy.output()).toContain(`node=${new URL(node.url).host} node_status=200`);
    // The page's one socket went through the proxy to one of the nodes.
    const counts = await until("the page's socket on one node", async () => {
      const both = [await socketsOn(a), await socketsOn(b)];
      return both[0]! + both[1]! === 1 ? both : undefined;
    });
    [socketNode, otherNode] = counts[0] === 1 ? [a, b] : [b, a];

    await visitorWrites(otherNode, 'Ana Proxy', `Oi, escrevi para o ${otherNode.name}`);
    await subTab('Aguardando', 1).click();
    await card('Ana Proxy').getByText(`Oi, escrevi para o ${otherNode.name}`).waitFor();
    expect(await samePage()).toBe('loaded once');
    await screenshot(page, 'proxy-two-nodes-message-from-other-node');
  });

  it("keeps a client on socket.io's polling fallback (websockets blocked on its network) on one node", async () => {
    expect(socketNode).toBeDefined();
    // Each poll is a request of its own, and only the node that opened the session knows it: a poll reaching
    // another node is refused (400, unknown session) and the client loses its socket.
    const polling = io(proxy.url, {
      path: '/socket.io',
      transports: ['polling'],
      reconnection: false,
      auth: { token: await pageToken(page) },
    });
    try {
      await new Promise<void>((resolve, reject) => {
        polling.once('connect', () => resolve());
        polling.once('connect_error', reject);
      });
      // Same client address, same node as the page's websocket.
      expect(await socketsOn(socketNode)).toBe(2);
      expect(await socketsOn(otherNode)).toBe(0);
    } finally {
      polling.disconnect();
    }
    await until('the polling client counted out', async () => ((await socketsOn(socketNode)) === 1 ? true : undefined));
  });

  it("reconnects the agent's page through the proxy when its node is killed, and shows the next message live", async () => {
    expect(socketNode).toBeDefined();
    const survivor = otherNode;
    const exited = new Promise((resolve) => socketNode.process.once('exit', resolve));
    socketNode.process.kill('SIGKILL');
    await exited;
    const killedAt = Date.now();
    // The page's socket was a websocket carried by the proxy: nginx logs it, switched (101), once it ends.
    const socketHost = new URL(socketNode.url).host;
    await until(
      "the page's websocket in the proxy's log (101)",
      async () =>
        new RegExp(`"GET /socket\\.io/\\?EIO=4&transport=websocket[^"]*" 101 .* node=${socketHost} `).test(proxy.output()) || undefined,
    );

    // The page's socket is open again, on the survivor, reached through the proxy (the page knows no node's address).
    await until(
      "the page's socket reconnected to the survivor",
      async () => ((await socketsOn(survivor)) === 1 ? true : undefined),
      30_000,
    );
    console.log(
      `proxy scenario: the page's socket reconnected to ${survivor.name} ${Date.now() - killedAt} ms after ${socketNode.name} was killed`,
    );

    await visitorWrites(survivor, 'Bruno Proxy', 'Cheguei depois da queda');
    await card('Bruno Proxy').getByText('Cheguei depois da queda').waitFor();
    await subTab('Aguardando', 2).waitFor();
    expect(await samePage()).toBe('loaded once');

    // The page goes on: the agent accepts the ticket and reads it, each request through the proxy to the survivor.
    await card('Bruno Proxy').getByRole('button', { name: 'Aceitar' }).click();
    await page.getByRole('dialog', { name: 'Aceitar chat' }).getByRole('button', { name: 'Iniciar' }).click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    await page.getByRole('log', { name: 'Mensagens do ticket' }).getByText('Cheguei depois da queda').waitFor();
    expect(await samePage()).toBe('loaded once');
    await screenshot(page, 'proxy-two-nodes-after-node-killed');
  });
});
