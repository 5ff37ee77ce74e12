import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export const ADMIN = { email: 'admin@switchboard.test', password: 'Admin-e2e-123' };

export interface E2eServer {
  url: string;
  dataDir: string;
  /** Calls the API as the super admin (or with another token). */
  api<T = any>(method: string, route: string, body?: unknown, token?: string): Promise<T>;
  adminToken(): Promise<string>;
  login(email: string, password: string): Promise<string>;
  /** Stops the server and keeps its data directory, for a test that changes the data and starts it again. */
  halt(): Promise<void>;
  stop(): Promise<void>;
}

/** A loopback port nothing listens on now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** An empty data directory, or one holding a copy of `template`. */
function newDataDir(template?: string): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'switchboard-e2e-'));
  if (template) cpSync(template, dataDir, { recursive: true });
  return dataDir;
}

/** Where the browser run's first-started data directory is kept (see global-setup.ts). */
export const DATA_TEMPLATE_ENV = 'E2E_DATA_TEMPLATE';

/**
 * Starts the built product (`node core/dist/main.js`, as `npm start` does) in embedded mode on a free port. Its data
 * directory is the one given (kept from a halted server), else a copy of the run's first-started one (the schema
 * migrated and the super admin made, as every file would otherwise redo), else, with `fresh` or without that copy,
 * an empty one. The web app is the production build in web/dist.
 */
export async function startE2eServer(
  extraEnv: Record<string, string> = {},
  options: { dataDir?: string; fresh?: boolean } = {},
): Promise<E2eServer> {
  const port = await freePort();
  const dataDir = options.dataDir ?? newDataDir(options.fresh ? undefined : process.env[DATA_TEMPLATE_ENV]);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
    // E2E_WEB_DIST lets parallel work build the web app into its own folder.
    ...(process.env.E2E_WEB_DIST ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST } : {}),
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.NODE_OPTIONS;
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'core/dist/main.js')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }

  let cachedAdminToken: string | undefined;
  const server: E2eServer = {
    url,
    dataDir,
    async api(method, route, body, token) {
      const bearer = token ?? (await server.adminToken());
      const response = await fetch(`${url}${route}`, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${route} → ${response.status} ${text}`);
      return text ? JSON.parse(text) : undefined;
    },
    async login(email, password) {
      const response = await fetch(`${url}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      if (!response.ok) throw new Error(`login ${email} → ${response.status} ${await response.text()}`);
      return ((await response.json()) as { token: string }).token;
    },
    async adminToken() {
      cachedAdminToken ??= await server.login(ADMIN.email, ADMIN.password);
      return cachedAdminToken;
    },
    async halt() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
    },
    async stop() {
      await server.halt();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

/** Polls until the probe answers something other than undefined; a probe that throws counts as not yet. */
export async function eventually<T>(probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/**
 * A webchat connection created as the super admin (or as the admin whose token is given), once its session is
 * CONNECTED; answers its id and widget address (public id).
 */
export async function connectedWebchat(server: E2eServer, name = 'Site', asToken?: string): Promise<{ id: number; token: string }> {
  const created = await server.api<{ id: number; publicId: string }>('POST', '/whatsapp', { name, channel: 'webchat' }, asToken);
  const connection = { id: created.id, token: created.publicId };
  await connectionConnected(server, connection.id, asToken);
  return connection;
}

/** Waits until the connection's session is CONNECTED (listed as the super admin, or as the admin whose token is given). */
export async function connectionConnected(server: E2eServer, id: number, asToken?: string): Promise<void> {
  await eventually(async () => {
    const list = await server.api<{ id: number; status: string }[]>('GET', '/whatsapp', undefined, asToken);
    return list.find((entry) => entry.id === id)?.status === 'CONNECTED' ? true : undefined;
  });
}
