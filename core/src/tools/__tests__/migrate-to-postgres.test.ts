import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import knexPackage, { type Knex } from 'knex';
import { loadConfig } from '@switchboard/config';
import { createPostgresDatabase } from '../../platform/database/knex-database.js';
import { startServer, type RunningServer } from '../../server.js';
import { eventually } from '../../testing/eventually.js';
import { postgresUrlForTests, redisUrlForTests } from '../../testing/services.js';
import { api, TEST_ADMIN } from '../../testing/test-server.js';
import { migrateToPostgres, MoveRefused } from '../migrate-to-postgres.js';

/**
 * An installation that began on the embedded database (PGlite in DATA_DIR/db) moves to PostgreSQL with one command,
 * and the server started in scaled mode on the same DATA_DIR finds everything: sign-ins with the old passwords, the
 * tickets and messages, the media files, the settings and the webchat connection with its visitors' sessions.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const cliFile = path.resolve(here, '../../../dist/tools/migrate-to-postgres.js');
const databaseUrl = postgresUrlForTests();
const redisUrl = redisUrlForTests();
const built = existsSync(cliFile);
if (process.env.CI === 'true' && databaseUrl && !built) throw new Error(`the move test runs the built command: ${cliFile}`);

const BULK_TICKETS = 1000;
const AGENT = { name: 'Ana Agente', email: 'ana@aurora.test', password: 'Ana-senha-123' };
const OWNER = { email: 'dona@aurora.test', password: 'Dona-senha-1' };
const PICTURE = Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'binary'), randomBytes(2048)]);

interface Target {
  url: string;
  drop(): Promise<void>;
}

/** What the embedded installation held, through its own API, before the move. */
interface Before {
  companyId: number;
  agentId: number;
  openCount: number;
  visitorTicketId: number;
  mediaUrl: string;
  connectionId: number;
  publicId: string;
  visitorToken: string;
  companySettings: unknown;
  maxTicketId: number;
  maxMessageId: number;
  maxContactId: number;
  tickets: number;
  messages: number;
  /** Bulk messages' JSON (one a JSON null) and time to the microsecond, as stored. */
  bulkMessages: StoredMessage[];
}

(databaseUrl && redisUrl ? describe : describe.skip)('moving from embedded to PostgreSQL (needs DATABASE_URL and REDIS_URL)', () => {
  let admin: Knex;
  let dataDir: string;
  const targets: Target[] = [];
  let before: Before;
  /** The database of the first move. */
  let movedTo: Target | undefined;

  async function newTarget(label: string): Promise<Target> {
    const name = `sb_test_${process.pid}_${label}_${randomBytes(4).toString('hex')}`;
    await admin.raw(`create database ${name}`);
    const url = new URL(databaseUrl!);
    url.pathname = `/${name}`;
    const target = { url: url.toString(), drop: () => admin.raw(`drop database if exists ${name} with (force)`).then(() => {}) };
    targets.push(target);
    return target;
  }

  function embedded(): Promise<RunningServer> {
    // No DATABASE_URL, REDIS_URL or APP_SECRET: the default embedded installation, its secret generated into DATA_DIR.
    return startServer({
      config: loadConfig({
        PORT: '0',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        ADMIN_EMAIL: TEST_ADMIN.email,
        ADMIN_PASSWORD: TEST_ADMIN.password,
      }),
      announce: () => {},
    });
  }

  async function scaled(target: Target, announced: string[]): Promise<RunningServer> {
    const server = await startServer({
      config: loadConfig({
        PORT: '0',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        APP_SECRET: (await readFile(path.join(dataDir, 'secret'), 'utf8')).trim(),
        DATABASE_URL: target.url,
        REDIS_URL: redisUrl!,
      }),
      redisPrefix: `sbtest:${process.pid}:move:${randomBytes(4).toString('hex')}:`,
      announce: (text) => announced.push(text),
    });
    expect(server.ports.database.implementation).toBe('postgres');
    return server;
  }

  /** Each file of the embedded database with its size and modification time. */
  async function snapshot(dir: string): Promise<Record<string, string>> {
    const files: Record<string, string> = {};
    for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const file = path.join(entry.parentPath, entry.name);
      const info = await stat(file);
      files[path.relative(dir, file)] = `${info.size}:${info.mtimeMs}`;
    }
    return files;
  }

  beforeAll(async () => {
    admin = knexPackage.knex({ client: 'pg', connection: databaseUrl, pool: { min: 0, max: 1 } });
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sb-move-'));
    const server = await embedded();
    try {
      expect(server.ports.database.implementation).toBe('pglite');
      const knex = server.ports.database.knex;
      const superToken = (await api(server, 'POST', '/auth/login', { body: TEST_ADMIN })).body.token;
      const [plan] = await knex('plans').insert({ name: 'Crescimento', users: 10, connections: 5, queues: 5, amount: 0 }).returning('id');
      const company = await api(server, 'POST', '/companies', {
        token: superToken,
        body: { name: 'Loja Aurora', email: OWNER.email, planId: plan.id, password: OWNER.password, dueDate: '2099-01-01' },
      });
      expect(company.status).toBe(201);
      const companyId = company.body.id as number;
      const owner = (await api(server, 'POST', '/auth/login', { body: OWNER })).body.token;
      const agent = await api(server, 'POST', '/users', { token: owner, body: { ...AGENT, profile: 'user' } });
      expect(agent.status).toBeLessThan(300);
      const agentId = agent.body.id as number;
      expect(
        (await api(server, 'PUT', '/companySettings', { token: owner, body: { column: 'acceptCallWhatsapp', data: 'disabled' } })).status,
      ).toBe(200);

      const connection = await api(server, 'POST', '/whatsapp', { token: owner, body: { name: 'Site', channel: 'webchat' } });
      expect(connection.status).toBe(201);
      const connectionId = connection.body.id as number;
      const publicId = connection.body.publicId as string;
      await eventually(
        async () =>
          (await api(server, 'GET', '/whatsapp', { token: owner })).body.find((row: any) => row.id === connectionId)?.status ===
          'CONNECTED',
        'the webchat connection CONNECTED',
      );

      // A visitor's message opens a ticket through the channel; the agent takes it and answers with a picture.
      const visitor = await api(server, 'POST', `/widget/${publicId}/sessions`, { body: { name: 'Maria Visitante' } });
      const visitorToken = visitor.body.visitorToken as string;
      const visitorAuth = { authorization: `Bearer ${visitorToken}` };
      expect(
        (
          await api(server, 'POST', `/widget/${publicId}/messages`, {
            headers: visitorAuth,
            body: { body: 'Olá, quero trocar um produto' },
          })
        ).status,
      ).toBe(200);
      const pending = await eventually(async () => {
        const list = await api(server, 'GET', '/tickets?status=pending&showAll=true', { token: owner });
        return list.body.tickets?.find((ticket: any) => ticket.whatsappId === connectionId);
      }, 'the visitor ticket');
      const agentToken = (await api(server, 'POST', '/auth/login', { body: { email: AGENT.email, password: AGENT.password } })).body.token;
      expect((await api(server, 'PUT', `/tickets/${pending.id}`, { token: owner, body: { status: 'open', userId: agentId } })).status).toBe(
        200,
      );
      const form = new FormData();
      form.append('body', 'Segue a foto da etiqueta');
      form.append('medias', new Blob([PICTURE], { type: 'image/png' }), 'etiqueta.png');
      const sent = await api(server, 'POST', `/messages/${pending.id}`, { token: agentToken, body: form });
      expect(sent.status).toBe(201);
      const mediaUrl = sent.body.messages[0].mediaUrl as string;
      expect(mediaUrl).toBeTruthy();
      await eventually(async () => {
        const transcript = await api(server, 'GET', `/widget/${publicId}/messages`, { headers: visitorAuth });
        return transcript.body.messages?.some((message: any) => message.fromMe && message.body?.includes('Segue a foto da etiqueta'));
      }, 'the picture in the visitor transcript');

      // The bulk of a busy installation, in SQL: contacts, open tickets of the agent, three messages each.
      await knex.raw(
        `insert into contacts (company_id, name, number, whatsapp_id)
         select ?, 'Cliente ' || g, '5511' || lpad(g::text, 9, '0'), ? from generate_series(1, ?) g`,
        [companyId, connectionId, BULK_TICKETS],
      );
      await knex.raw(
        `insert into tickets (company_id, status, user_id, whatsapp_id, contact_id, last_message, created_at, updated_at)
         select c.company_id, 'open', ?, c.whatsapp_id, c.id, 'Pedido ' || c.id, now() - c.id * interval '1 minute', now() - c.id * interval '1 minute'
         from contacts c where c.company_id = ? and c.number like '5511%'`,
        [agentId, companyId],
      );
      await knex.raw(
        `insert into messages (company_id, ticket_id, contact_id, whatsapp_id, external_id, body, from_me, read, data, created_at, updated_at)
         select t.company_id, t.id, t.contact_id, t.whatsapp_id, 'bulk-' || t.id || '-' || k, 'Mensagem ' || k || ' do pedido ' || t.id,
                k = 2, true, jsonb_build_object('seq', k, 'tags', jsonb_build_array('a', k)),
                t.created_at + k * interval '1.000123 second', t.created_at + k * interval '1.000123 second'
         from tickets t cross join generate_series(1, 3) k where t.company_id = ? and t.last_message like 'Pedido %'`,
        [companyId],
      );
      await knex('messages')
        .where('external_id', 'like', 'bulk-%-1')
        .update({ data: knex.raw(`'null'::jsonb`) });
      const openList = await api(server, 'GET', '/tickets?status=open', { token: agentToken });
      expect(openList.status).toBe(200);
      const maxOf = async (table: string) => Number((await knex(table).max({ max: 'id' }))[0]!.max);
      const countOf = async (table: string) => Number((await knex(table).count({ count: '*' }))[0]!.count);
      const maxTicketId = await maxOf('tickets');
      before = {
        companyId,
        agentId,
        openCount: openList.body.count,
        visitorTicketId: pending.id,
        mediaUrl,
        connectionId,
        publicId,
        visitorToken,
        companySettings: (await api(server, 'GET', `/companySettings/${companyId}`, { token: owner })).body,
        maxTicketId,
        maxMessageId: await maxOf('messages'),
        maxContactId: await maxOf('contacts'),
        tickets: await countOf('tickets'),
        messages: await countOf('messages'),
        bulkMessages: [await storedMessage(knex, `bulk-${maxTicketId}-2`), await storedMessage(knex, `bulk-${maxTicketId}-1`)],
      };
      expect(before.openCount).toBe(BULK_TICKETS + 1);
    } finally {
      await server.close();
    }
  }, 180_000);

  afterAll(async () => {
    for (const target of targets) await target.drop().catch(() => {});
    await admin?.destroy();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('copies every table with equal counts, and the scaled server finds sign-ins, tickets, media, settings and the channel', async () => {
    const target = await newTarget('move');
    movedTo = target;
    const dbBefore = await snapshot(path.join(dataDir, 'db'));
    const lines: string[] = [];
    // Small batches: the big tables cross several of them.
    const report = await migrateToPostgres({ to: target.url, dataDir, batchSize: 400, log: (line) => lines.push(line) });

    const counted = Object.fromEntries(report.tables.map((row) => [row.table, row]));
    expect(counted.tickets).toEqual({ table: 'tickets', embedded: before.tickets, postgres: before.tickets });
    expect(counted.messages).toEqual({ table: 'messages', embedded: before.messages, postgres: before.messages });
    expect(counted.plugin_store!.postgres).toBeGreaterThan(0);
    for (const row of report.tables) expect(row.postgres).toBe(row.embedded);
    expect(report.mediaFiles).toBeGreaterThan(0);
    expect(lines.some((line) => new RegExp(`^ +tickets +${before.tickets}/${before.tickets}$`).test(line))).toBe(true);
    expect(report.nextSteps.join('\n')).toContain(`APP_SECRET="$(cat ${path.join(dataDir, 'secret')})"`);
    // Only read: the embedded database's files are as they were.
    expect(await snapshot(path.join(dataDir, 'db'))).toEqual(dbBefore);

    const announced: string[] = [];
    const server = await scaled(target, announced);
    try {
      // The super admin and company were found: nothing was created or announced on the first scaled start.
      expect(announced).toEqual([]);
      const agent = await api(server, 'POST', '/auth/login', { body: { email: AGENT.email, password: AGENT.password } });
      expect(agent.status).toBe(200);
      const token = agent.body.token as string;
      expect((await api(server, 'POST', '/auth/login', { body: TEST_ADMIN })).status).toBe(200);

      const open = await api(server, 'GET', '/tickets?status=open', { token });
      expect(open.body.count).toBe(before.openCount);
      const messages = await api(server, 'GET', `/messages/${before.visitorTicketId}`, { token });
      expect(messages.status).toBe(200);
      const bodies = messages.body.messages.map((message: any) => message.body);
      expect(bodies).toEqual(expect.arrayContaining(['Olá, quero trocar um produto', expect.stringContaining('Segue a foto da etiqueta')]));
      const picture = await fetch(`${server.url}/media/${before.mediaUrl}`, { headers: { authorization: `Bearer ${token}` } });
      expect(picture.status).toBe(200);
      expect(Buffer.from(await picture.arrayBuffer()).equals(PICTURE)).toBe(true);
      // A bulk message keeps its JSON and its time to the microsecond.
      const knex = server.ports.database.knex;
      for (const stored of before.bulkMessages) expect(await storedMessage(knex, stored.externalId)).toEqual(stored);
      expect(before.bulkMessages.map((stored) => stored.kind)).toEqual(['object', 'null']);

      const owner = (await api(server, 'POST', '/auth/login', { body: OWNER })).body.token;
      expect((await api(server, 'GET', `/companySettings/${before.companyId}`, { token: owner })).body).toEqual(before.companySettings);
      await eventually(
        async () =>
          (await api(server, 'GET', '/whatsapp', { token: owner })).body.find((row: any) => row.id === before.connectionId)?.status ===
          'CONNECTED',
        'the webchat connection CONNECTED on the scaled server',
      );
      // The visitor's session and transcript live in the channel's sealed store: readable with the same secret.
      const visitorAuth = { authorization: `Bearer ${before.visitorToken}` };
      const transcript = await api(server, 'GET', `/widget/${before.publicId}/messages`, { headers: visitorAuth });
      expect(transcript.status).toBe(200);
      expect(transcript.body.messages.map((message: any) => message.body)).toEqual(
        expect.arrayContaining(['Olá, quero trocar um produto', expect.stringContaining('Segue a foto da etiqueta')]),
      );

      // A new visitor after the move: new contact, ticket and message ids come after the copied ones.
      const newcomer = await api(server, 'POST', `/widget/${before.publicId}/sessions`, { body: { name: 'João Novo' } });
      const newcomerAuth = { authorization: `Bearer ${newcomer.body.visitorToken}` };
      expect(
        (await api(server, 'POST', `/widget/${before.publicId}/messages`, { headers: newcomerAuth, body: { body: 'Bom dia' } })).status,
      ).toBe(200);
      const created = await eventually(
        async () => knex('messages').where({ body: 'Bom dia', company_id: before.companyId }).first(),
        'the new visitor message stored',
      );
      expect(created.id).toBeGreaterThan(before.maxMessageId);
      expect(created.ticket_id).toBeGreaterThan(before.maxTicketId);
      expect(created.contact_id).toBeGreaterThan(before.maxContactId);
      const pending = await api(server, 'GET', '/tickets?status=pending&showAll=true', { token: owner });
      expect(pending.body.tickets.map((ticket: any) => ticket.id)).toContain(created.ticket_id);
    } finally {
      await server.close();
    }
  }, 180_000);

  (built ? it : it.skip)(
    'runs as a command: moves with exit 0 and prints the counts and the next steps',
    async () => {
      const target = await newTarget('cli');
      const run = await command(['--to', target.url, '--data-dir', dataDir]);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(new RegExp(`^tickets +${before.tickets} +${before.tickets}$`, 'm'));
      expect(run.stdout).toMatch(new RegExp(`^messages +${before.messages} +${before.messages}$`, 'm'));
      expect(run.stdout).not.toContain('DIFFERENT');
      expect(run.stdout).toContain(`DATA_DIR=${dataDir}`);
      expect(run.stdout).toContain(`APP_SECRET="$(cat ${path.join(dataDir, 'secret')})"`);

      // Run again into the same database: refused, nothing changed.
      const again = await command(['--to', target.url, '--data-dir', dataDir]);
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/already holds Switchboard data/);
      const check = knexPackage.knex({ client: 'pg', connection: target.url, pool: { min: 0, max: 1 } });
      try {
        expect(Number((await check('tickets').count({ count: '*' }))[0]!.count)).toBe(before.tickets);
      } finally {
        await check.destroy();
      }
    },
    180_000,
  );

  it('refuses a target that holds Switchboard data, a folder without an embedded database and one still open', async () => {
    // The database of the first move, used since by the scaled server.
    const moved = await migrateToPostgres({ to: movedTo!.url, dataDir }).catch((error: Error) => error);
    expect(moved).toBeInstanceOf(MoveRefused);
    expect((moved as Error).message).toMatch(/already holds Switchboard data \(rows in companies\)/);

    // A database with the schema and a single plan: found once both schemas are known, before anything is copied.
    const planned = await newTarget('planned');
    const database = createPostgresDatabase({ url: planned.url, poolMax: 1 });
    try {
      await database.migrate();
      await database.knex('plans').insert({ name: 'Outro plano' });
      const refused = await migrateToPostgres({ to: planned.url, dataDir }).catch((error: Error) => error);
      expect(refused).toBeInstanceOf(MoveRefused);
      expect((refused as Error).message).toMatch(/rows in plans\)/);
      expect(Number((await database.knex('companies').count({ count: '*' }))[0]!.count)).toBe(0);
      expect(Number((await database.knex('plans').count({ count: '*' }))[0]!.count)).toBe(1);
    } finally {
      await database.close();
    }

    const folder = await mkdtemp(path.join(os.tmpdir(), 'sb-move-folder-'));
    try {
      await expect(migrateToPostgres({ to: planned.url, dataDir: folder })).rejects.toThrow(
        /No embedded database in .*sb-move-folder-.*\/db/,
      );
      // PGlite keeps postmaster.pid while the server runs and removes it when the server stops cleanly.
      await mkdir(path.join(folder, 'db'));
      await writeFile(path.join(folder, 'db', 'PG_VERSION'), '17\n');
      await writeFile(path.join(folder, 'db', 'postmaster.pid'), '-42\n');
      await expect(migrateToPostgres({ to: planned.url, dataDir: folder })).rejects.toThrow(/open or was not closed cleanly.*--force/);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 120_000);
});

interface StoredMessage {
  externalId: string;
  data: unknown;
  /** jsonb_typeof: 'null' for a JSON null, which must not become an SQL NULL. */
  kind: string | null;
  createdAt: string;
}

async function storedMessage(knex: Knex, externalId: string): Promise<StoredMessage> {
  const row = await knex('messages')
    .where('external_id', externalId)
    .first(
      'data',
      knex.raw('jsonb_typeof(data) as kind'),
      knex.raw(`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') as created`),
    );
  return { externalId, data: row.data, kind: row.kind, createdAt: row.created };
}

function command(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [cliFile, ...args], { env: { ...process.env, LOG_LEVEL: 'silent' } }, (error, stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}
