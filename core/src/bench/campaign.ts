/**
 * npm run bench:campaign — a campaign of BENCH_RECIPIENTS (10,000) with interval 0 through an API connection whose
 * webhook (local, in this process) answers at once, from launch to the last message the webhook received, beside the
 * job queue's own ceiling measured in the same run: as many jobs through the same JobQueue, one queue served one job
 * at a time as a connection's delivery queue is, each calling the same live session's send. Needs DATABASE_URL and
 * REDIS_URL (a fresh database is created on that server and dropped after).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@switchboard/config';
import { LiveSessions } from '../platform/channels/live-sessions.js';
import { JobQueue } from '../platform/jobs/job-queue.js';
import { startServer } from '../server.js';
import { eventually } from '../testing/eventually.js';
import { createTestDatabase } from '../testing/test-database.js';
import { api, TEST_ADMIN } from '../testing/test-server.js';

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 10_000);
const SECRET = 'bench-campaign-webhook-secret-0123456789';

async function main(): Promise<void> {
  if (!process.env.DATABASE_URL || !process.env.REDIS_URL)
    throw new Error('bench:campaign measures PostgreSQL + Redis: set DATABASE_URL and REDIS_URL');
  let received = { campaign: 0, ceiling: 0 };
  const webhook = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const event = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      if (event.event === 'message.created') {
        if (String(event.message.body).startsWith('ceiling')) received.ceiling += 1;
        else received.campaign += 1;
      }
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => webhook.listen(0, '127.0.0.1', resolve));
  const webhookUrl = `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/hook`;

  const testDatabase = await createTestDatabase({ migrate: false });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sb-bench-campaign-'));
  const config = loadConfig({
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DATABASE_URL: testDatabase.url!,
    REDIS_URL: process.env.REDIS_URL,
    APP_SECRET: randomBytes(32).toString('hex'),
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
  });
  const server = await startServer({ config, redisPrefix: `sbbench:${process.pid}:`, announce: () => {} });
  try {
    const knex = server.ports.database.knex;
    const token = (await api(server, 'POST', '/auth/login', { body: TEST_ADMIN })).body.token as string;
    const connection = await api(server, 'POST', '/whatsapp', {
      token,
      body: { name: 'Bench', channel: 'api', settings: { webhookUrl, webhookSecret: SECRET } },
    });
    const connectionId = connection.body.id as number;
    const live = server.container.get(LiveSessions);
    const session = await eventually(() => live.get(connectionId)?.session, 'the API session started');
    await api(server, 'POST', '/campaign-settings', {
      token,
      body: { settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 } },
    });
    const [list] = await knex('contact_lists').insert({ company_id: 1, name: 'Bench' }).returning('id');
    for (let from = 0; from < RECIPIENTS; from += 1000) {
      await knex('contact_list_items').insert(
        Array.from({ length: Math.min(1000, RECIPIENTS - from) }, (_, offset) => ({
          company_id: 1,
          contact_list_id: list.id,
          name: `Pessoa ${from + offset}`,
          number: `5541${String(from + offset).padStart(8, '0')}`,
          is_whatsapp_valid: true,
        })),
      );
    }

    // The ceiling: the same sends as jobs of one queue served one at a time (as a connection's delivery queue is).
    const jobs = server.container.get<JobQueue>(JobQueue);
    const ceilingQueue = `bench-ceiling-${process.pid}`;
    jobs.process<{ index: number }>(ceilingQueue, async ({ index }) => {
      await session.send({ messageId: -1 - index, to: { address: `5542${String(index).padStart(8, '0')}` }, body: `ceiling ${index}` });
    });
    const ceilingStarted = process.hrtime.bigint();
    for (let index = 0; index < RECIPIENTS; index += 1) await jobs.add(ceilingQueue, { index });
    await eventually(() => received.ceiling >= RECIPIENTS, 'the ceiling jobs done', 600_000);
    const ceilingSeconds = Number(process.hrtime.bigint() - ceilingStarted) / 1e9;

    const campaignStarted = process.hrtime.bigint();
    const created = await api(server, 'POST', '/campaigns', {
      token,
      body: {
        name: 'Bench',
        message1: 'Olá {nome}',
        contactListId: list.id,
        whatsappId: String(connectionId),
        scheduledAt: new Date().toISOString(),
      },
    });
    if (created.status !== 201) throw new Error(`campaign refused: ${JSON.stringify(created.body)}`);
    const storedAll = eventually(
      async () => Number((await knex('campaign_shippings').whereNotNull('message_id').count({ n: '*' }))[0]!.n) >= RECIPIENTS || undefined,
      'every campaign message stored',
      600_000,
    ).then(() => Number(process.hrtime.bigint() - campaignStarted) / 1e9);
    await eventually(() => received.campaign >= RECIPIENTS, 'every campaign message received', 600_000);
    const storedSeconds = await storedAll;
    const campaignSeconds = Number(process.hrtime.bigint() - campaignStarted) / 1e9;
    const finished = await eventually(
      async () => ((await knex('campaigns').where('id', created.body.id).first('status')).status === 'FINALIZADA' ? true : undefined),
      'the campaign finished',
      60_000,
    );
    const stored = Number((await knex('messages').where('whatsapp_id', connectionId).count({ n: '*' }))[0]!.n);
    const campaignRate = RECIPIENTS / campaignSeconds;
    const ceilingRate = RECIPIENTS / ceilingSeconds;
    console.log(
      `recipients: ${RECIPIENTS}, interval 0, one API connection; stored ${stored}, finished ${finished}, webhook got ${received.campaign}`,
    );
    console.log(
      `campaign: ${campaignRate.toFixed(0)} messages/s (${campaignSeconds.toFixed(2)} s, launch to the last message at the webhook)`,
    );
    console.log(`stored on their tickets: ${storedSeconds.toFixed(2)} s after launch`);
    console.log(`ceiling: ${ceilingRate.toFixed(0)} jobs/s (${ceilingSeconds.toFixed(2)} s, the job queue calling the same send)`);
    console.log(`ratio: ${(campaignRate / ceilingRate).toFixed(2)}`);
    received = { campaign: 0, ceiling: 0 };
  } finally {
    await server.close();
    await testDatabase.drop();
    await rm(dataDir, { recursive: true, force: true });
    webhook.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
