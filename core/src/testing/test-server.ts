import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@switchboard/config';
import type { ContainerModule } from '@switchboard/sdk';
import { hashPassword } from '../platform/auth/passwords.js';
import { startServer, type RunningServer } from '../server.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';
import { redisUrlForTests } from './services.js';

export const TEST_ADMIN = { email: 'root@switchboard.test', password: 'Sup3r-secret-pass' };

export interface TestServer extends RunningServer {
  testDatabase: TestDatabase;
  dataDir: string;
  /** Signs in and answers the access token. */
  login(email: string, password: string): Promise<string>;
  /** A company with its own plan, an admin and optional extra users; answers their ids and tokens. */
  createCompany(options?: CompanyFixtureOptions): Promise<CompanyFixture>;
  stop(): Promise<void>;
}

export interface CompanyFixtureOptions {
  name?: string;
  plan?: Partial<Record<string, unknown>>;
  dueDate?: Date | null;
  users?: { profile?: 'admin' | 'supervisor' | 'user'; [column: string]: unknown }[];
}

export interface CompanyFixture {
  companyId: number;
  planId: number;
  admin: { id: number; email: string; token: string };
  users: { id: number; email: string; token: string }[];
}

/**
 * A real server on a free port over a fresh database: PostgreSQL and Redis when DATABASE_URL / REDIS_URL are
 * set (CI), otherwise PGlite and the in-process adapters. Redis keys get a prefix of their own.
 */
export async function startTestServer(
  options: {
    env?: Record<string, string>;
    useRedis?: boolean;
    backgroundWorkers?: boolean;
    /** ContainerModules loaded after core and the plugins, before sessions start (test channels, options). */
    extraModules?: ContainerModule[];
  } = {},
): Promise<TestServer> {
  // Checked before anything is opened: a refusal here leaves nothing running that would keep the test process alive.
  const redisUrl = options.useRedis === false ? undefined : redisUrlForTests();
  // Migrated already (from a migrated template on PGlite): the server's own migration run then finds nothing to do.
  const testDatabase = await createTestDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sb-test-'));
  const config = loadConfig({
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    APP_SECRET: randomBytes(32).toString('hex'),
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    ...(testDatabase.url ? { DATABASE_URL: testDatabase.url } : {}),
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    ...options.env,
  });
  const server = await startServer({
    config,
    database: testDatabase.database,
    redisPrefix: `sbtest:${process.pid}:${randomBytes(4).toString('hex')}:`,
    announce: () => {},
    backgroundWorkers: options.backgroundWorkers,
    extraModules: options.extraModules,
  });
  let sequence = 0;

  const login = async (email: string, password: string): Promise<string> => {
    const response = await fetch(`${server.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    const body = (await response.json()) as { token?: string };
    if (!response.ok || !body.token) throw new Error(`login of ${email} failed: ${response.status} ${JSON.stringify(body)}`);
    return body.token;
  };

  const createCompany = async (fixture: CompanyFixtureOptions = {}): Promise<CompanyFixture> => {
    const knex = server.ports.database.knex;
    const tag = `${Date.now().toString(36)}${(sequence += 1)}${randomBytes(2).toString('hex')}`;
    const [plan] = await knex('plans')
      .insert({ name: `Plan ${tag}`, users: 10, connections: 10, queues: 10, amount: 99, ...fixture.plan })
      .returning('id');
    const [company] = await knex('companies')
      .insert({
        name: fixture.name ?? `Company ${tag}`,
        plan_id: plan.id,
        status: true,
        due_date: fixture.dueDate === undefined ? new Date(Date.now() + 30 * 86_400_000) : fixture.dueDate,
      })
      .returning('id');
    await knex('company_settings').insert({ company_id: company.id });
    const password = 'Passw0rd-test';
    const passwordHash = await hashPassword(password);
    const people = [{ profile: 'admin' as const }, ...(fixture.users ?? [])];
    const created = [];
    for (const [index, person] of people.entries()) {
      const email = `u${index}-${tag}@example.test`;
      const [user] = await knex('users')
        .insert({ company_id: company.id, name: `User ${index} ${tag}`, email, password_hash: passwordHash, ...person })
        .returning('id');
      created.push({ id: user.id as number, email, token: await login(email, password) });
    }
    return { companyId: company.id, planId: plan.id, admin: created[0]!, users: created.slice(1) };
  };

  return {
    ...server,
    testDatabase,
    dataDir,
    login,
    createCompany,
    stop: async () => {
      await server.close();
      await testDatabase.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** fetch against the test server with JSON in and out. */
export async function api(
  server: { url: string },
  method: string,
  route: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: any; headers: Headers }> {
  const response = await fetch(`${server.url}${route}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(options.body !== undefined && !(options.body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : options.body instanceof FormData ? options.body : JSON.stringify(options.body),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body, headers: response.headers };
}

/** The refresh token cookie (`jrt=…`) an answer sets, as a Cookie header value. */
export function refreshCookie(headers: Headers): string | undefined {
  return headers
    .getSetCookie()
    .find((value) => value.startsWith('jrt='))
    ?.split(';')[0];
}
