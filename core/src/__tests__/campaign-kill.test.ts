import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CampaignWebhook, createApiConnection, importedContactList } from '../modules/campaigns/__tests__/campaign-harness.js';
import { eventually } from '../testing/eventually.js';
import { freePort, mainFile, productBuilt, startNodeProcess, type NodeProcess } from '../testing/node-process.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { api, TEST_ADMIN } from '../testing/test-server.js';

/**
 * A campaign of 200 recipients whose server is killed with SIGKILL halfway and started again, as a supervisor would:
 * every recipient gets exactly one message (a delivery the channel may see again after the kill carries the same
 * message id, which the integrator drops). Runs on whatever mode the suite runs in: PostgreSQL and Redis when set,
 * else the embedded default.
 */
const RECIPIENTS = 200;

if (process.env.CI === 'true' && !productBuilt) throw new Error(`the campaign kill test needs a build: ${mainFile}`);
(productBuilt ? describe : describe.skip)('a campaign whose server is killed halfway', () => {
  let dataDir: string;
  let database: TestDatabase | undefined;
  let env: NodeJS.ProcessEnv;
  let port: number;
  const nodes: NodeProcess[] = [];
  // Slow enough that the campaign is still under way when the process is killed.
  const webhook = new CampaignWebhook(10);

  beforeAll(async () => {
    await webhook.start();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sb-campaign-kill-'));
    database = process.env.DATABASE_URL ? await createTestDatabase({ migrate: false }) : undefined;
    port = await freePort();
    env = {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      APP_SECRET: randomBytes(32).toString('hex'),
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      ...(database?.url ? { DATABASE_URL: database.url } : {}),
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL, REDIS_PREFIX: `sbtest:${process.pid}:campaign-kill:` } : {}),
    };
  });

  afterAll(async () => {
    for (const node of nodes) if (node.alive()) node.process.kill('SIGKILL');
    await webhook.close();
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('sends each of 200 recipients exactly one message across the kill', async () => {
    const first = await startNodeProcess(env, port);
    nodes.push(first);
    const token = (await api(first, 'POST', '/auth/login', { body: TEST_ADMIN })).body.token as string;
    await createApiConnection(first, token, webhook, 'Ponte');
    const people = Array.from({ length: RECIPIENTS }, (_, index) => ({
      name: `Pessoa ${index}`,
      number: `5531${String(index).padStart(8, '0')}`,
    }));
    const listId = await importedContactList(first, token, { name: 'Grande', people, bookType: 'xlsx' });
    await api(first, 'POST', '/campaign-settings', {
      token,
      body: { settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 } },
    });
    const campaign = await api(first, 'POST', '/campaigns', {
      token,
      body: { name: 'Reinício', message1: 'Olá {nome}', contactListId: listId, whatsappId: '' },
    });
    expect(campaign.status).toBe(201);
    const id = campaign.body.id as number;
    await eventually(
      async () => (await api(first, 'GET', `/campaigns/${id}`, { token })).body.report?.validContacts === RECIPIENTS,
      'the imported numbers checked',
    );
    const connectionId = (await api(first, 'GET', '/whatsapp', { token })).body[0].id as number;
    const scheduled = await api(first, 'PUT', `/campaigns/${id}`, {
      token,
      body: { whatsappId: String(connectionId), scheduledAt: new Date().toISOString() },
    });
    expect(scheduled.body.status).toBe('PROGRAMADA');

    await eventually(() => webhook.messagesByNumber().size >= RECIPIENTS / 2, 'half the recipients messaged', 30_000);
    first.process.kill('SIGKILL');
    await eventually(() => !first.alive(), 'the process gone');
    const beforeRestart = webhook.messagesByNumber().size;
    expect(beforeRestart).toBeLessThan(RECIPIENTS);

    const second = await startNodeProcess(env, port);
    nodes.push(second);
    const again = (await api(second, 'POST', '/auth/login', { body: TEST_ADMIN })).body.token as string;
    const finished = await eventually(
      async () => {
        const shown = await api(second, 'GET', `/campaigns/${id}`, { token: again });
        return shown.body.status === 'FINALIZADA' ? shown.body : undefined;
      },
      'the campaign finished after the restart',
      40_000,
    );
    const byNumber = webhook.messagesByNumber();
    expect(byNumber.size).toBe(RECIPIENTS);
    expect([...byNumber.values()].filter((ids) => ids.size !== 1)).toEqual([]);
    expect(finished.report).toMatchObject({ validContacts: RECIPIENTS, delivered: RECIPIENTS, failed: 0 });
  }, 120_000);
});
