import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { loadConfig } from '@switchboard/config';
import { hashPassword } from '../../../platform/auth/passwords.js';
import { startServer, type RunningServer } from '../../../server.js';
import { eventually } from '../../../testing/eventually.js';
import { postgresUrlForTests, redisUrlForTests } from '../../../testing/services.js';
import { scaledNodeEnv, testRedisPrefix } from '../../../testing/scaled-nodes.js';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database.js';
import { api, startTestServer, TEST_ADMIN, type TestServer } from '../../../testing/test-server.js';
import { companyOptionDefaults, companyOptionsOf, CompanySettings } from '../company-settings.js';

describe('CompanySettings reader', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });

  afterAll(async () => {
    await server?.stop();
  });

  it("answers the defaults for a company without a settings row, the same as a new company's row", async () => {
    expect(companyOptionsOf(undefined)).toEqual(companyOptionDefaults);
    const company = await server.createCompany();
    const reader = server.container.get(CompanySettings);
    // The row the migration's column defaults fill.
    expect(await reader.read(company.companyId)).toEqual(companyOptionDefaults);
    await server.ports.database.knex('company_settings').where('company_id', company.companyId).delete();
    await reader.changed(company.companyId);
    expect(await reader.read(company.companyId)).toEqual(companyOptionDefaults);
  });

  it('types the stored values and sees a change made through PUT /companySettings at once', async () => {
    const company = await server.createCompany();
    const reader = server.container.get(CompanySettings);
    expect((await reader.read(company.companyId)).userRating).toBe(false);
    for (const [column, data] of [
      ['userRating', 'enabled'],
      ['scheduleType', 'company'],
      ['lgpdMessage', 'Aceita?'],
    ]) {
      const saved = await api(server, 'PUT', '/companySettings', { token: company.admin.token, body: { column, data } });
      expect(saved.status).toBe(200);
    }
    expect(await reader.read(company.companyId)).toMatchObject({ userRating: true, scheduleType: 'company', lgpdMessage: 'Aceita?' });
  });
});

/** Scaled mode: each node caches a company's options; a change on one node is seen on the other. */
const databaseUrl = postgresUrlForTests();
const redisUrl = redisUrlForTests();
(databaseUrl && redisUrl ? describe : describe.skip)('CompanySettings on two nodes', () => {
  let testDatabase: TestDatabase;
  let dataDir: string;
  const nodes: RunningServer[] = [];

  beforeAll(async () => {
    testDatabase = await createTestDatabase({ migrate: false });
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sb-settings-nodes-'));
    const env = scaledNodeEnv({ dataDir, databaseUrl: testDatabase.url!, redisUrl: redisUrl! });
    const prefix = testRedisPrefix();
    nodes.push(await startServer({ config: loadConfig(env), redisPrefix: prefix, announce: () => {} }));
    nodes.push(await startServer({ config: loadConfig(env), redisPrefix: prefix, announce: () => {} }));
  }, 60_000);

  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.close()));
    await testDatabase?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('a change through PUT /companySettings on node A is seen by node B, which had the old value cached', async () => {
    const [a, b] = nodes as [RunningServer, RunningServer];
    expect((await api(b, 'GET', '/health')).body.ports.cache).toEqual({ status: 'ok', implementation: 'redis' });
    // A profile user of company 1 and a contact, as rows; the user reads the contact through node B.
    const knex = a.ports.database.knex;
    const email = `agent-${randomBytes(3).toString('hex')}@example.test`;
    await knex('users').insert({
      company_id: 1,
      name: 'Agent',
      email,
      password_hash: await hashPassword('Passw0rd-test'),
      profile: 'user',
    });
    const [contact] = await knex('contacts').insert({ company_id: 1, name: 'Maria', number: '5511987654321' }).returning('id');
    const agent = (await api(b, 'POST', '/auth/login', { body: { email, password: 'Passw0rd-test' } })).body.token as string;
    const numberOnB = async () => (await api(b, 'GET', `/contacts/${contact.id}`, { token: agent })).body.number as string;
    // Node B reads (and caches) the option while it is off.
    expect(await numberOnB()).toBe('5511987654321');
    expect((await b.container.get(CompanySettings).read(1)).lgpdHideNumber).toBe(false);

    const admin = (await api(a, 'POST', '/auth/login', { body: TEST_ADMIN })).body.token as string;
    const saved = await api(a, 'PUT', '/companySettings', { token: admin, body: { column: 'lgpdHideNumber', data: 'enabled' } });
    expect(saved.status).toBe(200);
    await eventually(async () => ((await numberOnB()) === '5511*****4321' ? true : undefined), 'node B masks the number', 2_000);
  });
});
