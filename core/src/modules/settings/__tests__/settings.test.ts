import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SecretKeys } from '../../../platform/auth/app-secret.js';
import { api, startTestServer, TEST_ADMIN, type CompanyFixture, type TestServer } from '../../../testing/test-server.js';

let server: TestServer;
let superToken: string;
let a: CompanyFixture;
let b: CompanyFixture;

beforeAll(async () => {
  server = await startTestServer();
  superToken = await server.login(TEST_ADMIN.email, TEST_ADMIN.password);
  a = await server.createCompany({ users: [{ profile: 'user' }] });
  b = await server.createCompany();
});

afterAll(async () => {
  await server?.stop();
});

const knex = () => server.ports.database.knex;

describe('key/value settings', () => {
  it('GET /settings lists the company settings for an admin; 403 for a plain user', async () => {
    await knex()('settings').insert({ company_id: a.companyId, key: 'userCreation', value: 'enabled' });
    const listed = await api(server, 'GET', '/settings', { token: a.admin.token });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([expect.objectContaining({ key: 'userCreation', value: 'enabled', companyId: a.companyId })]);
    const root = await api(server, 'GET', '/settings', { token: superToken });
    expect(root.body).toEqual([expect.objectContaining({ key: 'userCreation', companyId: 1 })]);
    expect((await api(server, 'GET', '/settings', { token: a.users[0]!.token })).status).toBe(403);
  });

  it('PUT /settings/userCreation is super only and takes enabled or disabled', async () => {
    const refused = await api(server, 'PUT', '/settings/userCreation', { token: a.admin.token, body: { value: 'disabled' } });
    expect(refused.status).toBe(403);
    const bad = await api(server, 'PUT', '/settings/userCreation', { token: superToken, body: { value: 'off' } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ value: 'Valor inválido: use enabled, disabled' });
    const saved = await api(server, 'PUT', '/settings/userCreation', { token: superToken, body: { value: 'disabled' } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ key: 'userCreation', value: 'disabled', companyId: 1 });
    expect(await knex()('settings').where({ company_id: 1, key: 'userCreation' }).first()).toMatchObject({ value: 'disabled' });
    // the admin's own company row did not move
    expect(await knex()('settings').where({ company_id: a.companyId, key: 'userCreation' }).first()).toMatchObject({ value: 'enabled' });
    await api(server, 'PUT', '/settings/userCreation', { token: superToken, body: { value: 'enabled' } });
  });

  it('an unknown key is 404 ERR_NO_SETTING_FOUND', async () => {
    const unknown = await api(server, 'PUT', '/settings/noSuchKey', { token: a.admin.token, body: { value: 'enabled' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('ERR_NO_SETTING_FOUND');
  });
});

describe('company settings', () => {
  it('GET /companySettings/:companyId answers the row to its admin and the super user; another company is 404', async () => {
    const mine = await api(server, 'GET', `/companySettings/${a.companyId}`, { token: a.admin.token });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({
      companyId: a.companyId,
      scheduleType: 'disabled',
      userRandom: 'enabled',
      enableLGPD: 'disabled',
      asaas: null,
    });
    expect((await api(server, 'GET', `/companySettings/${a.companyId}`, { token: superToken })).status).toBe(200);
    const other = await api(server, 'GET', `/companySettings/${a.companyId}`, { token: b.admin.token });
    expect(other.status).toBe(404);
    expect((await api(server, 'GET', `/companySettings/${a.companyId}`, { token: a.users[0]!.token })).status).toBe(403);
  });

  it('creates the default row when a company has none', async () => {
    await knex()('company_settings').where('company_id', b.companyId).delete();
    const fresh = await api(server, 'GET', `/companySettings/${b.companyId}`, { token: b.admin.token });
    expect(fresh.status).toBe(200);
    expect(fresh.body).toMatchObject({ companyId: b.companyId, scheduleType: 'disabled' });
  });

  it('PUT /companySettings validates column and data, then saves for the caller company', async () => {
    const unknown = await api(server, 'PUT', '/companySettings', { token: a.admin.token, body: { column: 'dropTables', data: 'enabled' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toEqual({ column: 'Coluna de configuração desconhecida' });
    const badValue = await api(server, 'PUT', '/companySettings', {
      token: a.admin.token,
      body: { column: 'scheduleType', data: 'weekly' },
    });
    expect(badValue.status).toBe(400);
    expect(badValue.body.fields).toEqual({ data: 'Valor inválido: use disabled, queue, company, connection' });
    const badOnOff = await api(server, 'PUT', '/companySettings', { token: a.admin.token, body: { column: 'enableLGPD', data: 'yes' } });
    expect(badOnOff.body.fields).toEqual({ data: 'Valor inválido: use enabled, disabled' });
    const saved = await api(server, 'PUT', '/companySettings', { token: a.admin.token, body: { column: 'scheduleType', data: 'company' } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ companyId: a.companyId, scheduleType: 'company' });
    const lgpd = await api(server, 'PUT', '/companySettings', { token: a.admin.token, body: { column: 'enableLGPD', data: 'enabled' } });
    expect(lgpd.body.enableLGPD).toBe('enabled');
    const text = await api(server, 'PUT', '/companySettings', {
      token: a.admin.token,
      body: { column: 'lgpdMessage', data: 'Aceita os termos?' },
    });
    expect(text.body.lgpdMessage).toBe('Aceita os termos?');
    expect(await knex()('company_settings').where('company_id', b.companyId).first()).toMatchObject({
      schedule_type: 'disabled',
      enable_lgpd: 'disabled',
    });
    expect(
      (await api(server, 'PUT', '/companySettings', { token: a.users[0]!.token, body: { column: 'scheduleType', data: 'queue' } })).status,
    ).toBe(403);
  });

  it('GET /companySettingOne answers {column, value} to any user of the company; unknown column is 400', async () => {
    const one = await api(server, 'GET', '/companySettingOne?column=scheduleType', { token: a.users[0]!.token });
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ column: 'scheduleType', value: 'company' });
    expect((await api(server, 'GET', '/companySettingOne?column=lgpdHideNumber', { token: b.admin.token })).body).toEqual({
      column: 'lgpdHideNumber',
      value: 'disabled',
    });
    const unknown = await api(server, 'GET', '/companySettingOne?column=password', { token: a.users[0]!.token });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe('ERR_VALIDATION');
    expect((await api(server, 'GET', '/companySettingOne', { token: a.users[0]!.token })).status).toBe(400);
  });

  it('asaas is super only, stored encrypted and always answered masked', async () => {
    expect(
      (await api(server, 'PUT', '/companySettings', { token: a.admin.token, body: { column: 'asaas', data: 'tok_123' } })).status,
    ).toBe(403);
    const saved = await api(server, 'PUT', '/companySettings', { token: superToken, body: { column: 'asaas', data: 'tok_secret_123' } });
    expect(saved.status).toBe(200);
    expect(saved.body.asaas).toBe('********');
    const row = await knex()('company_settings').where('company_id', 1).first();
    expect(row.asaas).toMatch(/^v1:/);
    expect(row.asaas).not.toContain('tok_secret_123');
    expect(server.container.get(SecretKeys).decrypt(row.asaas)).toBe('tok_secret_123');
    expect((await api(server, 'GET', '/companySettings/1', { token: superToken })).body.asaas).toBe('********');
    expect((await api(server, 'GET', '/companySettingOne?column=asaas', { token: superToken })).body).toEqual({
      column: 'asaas',
      value: '********',
    });
    const cleared = await api(server, 'PUT', '/companySettings', { token: superToken, body: { column: 'asaas', data: '' } });
    expect(cleared.body.asaas).toBeNull();
  });
});
