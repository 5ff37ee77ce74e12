import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Knex } from 'knex';
import { spyOnRealtime } from '../../../testing/realtime-spy.js';
import { api, startTestServer, type CompanyFixture, type TestServer } from '../../../testing/test-server.js';
import { insertQueue } from '../../queues/__tests__/queues.access.js';
import { COUNTING_BOT, CountingBot, countingBotModule, recordedLog } from './counting-bot.js';

const MASK = '********';
const log = recordedLog();
let server: TestServer;
let knex: Knex;
let company: CompanyFixture;
let other: CompanyFixture;
let token: string;

beforeAll(async () => {
  server = await startTestServer({ extraModules: [countingBotModule(new CountingBot()), log.module] });
  knex = server.ports.database.knex;
  company = await server.createCompany({ users: [{ profile: 'user' }] });
  other = await server.createCompany();
  token = company.admin.token;
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const botIntegration = (fields: Record<string, unknown> = {}) => ({
  type: COUNTING_BOT,
  name: 'Robô de vendas',
  urlN8N: 'https://bot.example.test/hook',
  jsonContent: '{"private_key":"json-secret-123"}',
  settings: { token: 'tok-secret-456', transferQueueId: 7 },
  ...fields,
});

describe('queue integrations API', () => {
  it('creates, lists, reads, updates and deletes an integration, with its secrets sealed and masked, announcing each change', async () => {
    const emit = spyOnRealtime(server.ports.realtime);
    try {
      const created = await api(server, 'POST', '/queueIntegration', { token, body: botIntegration() });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        type: COUNTING_BOT,
        name: 'Robô de vendas',
        urlN8N: 'https://bot.example.test/hook',
        jsonContent: MASK,
        typebotExpires: 1,
        typebotDelayMessage: 1000,
        settings: { token: MASK, transferQueueId: 7 },
      });
      const id = created.body.id as number;
      // At rest the secrets are not readable.
      const row = await knex('queue_integrations').where('id', id).first();
      expect(JSON.stringify(row)).not.toMatch(/json-secret-123|tok-secret-456/);
      expect(emit).toHaveBeenCalledWith(`company:${company.companyId}`, 'queueIntegration', {
        action: 'create',
        queueIntegration: created.body,
      });

      // A masked secret sent back keeps the stored one; a new one replaces it.
      const renamed = await api(server, 'PUT', `/queueIntegration/${id}`, {
        token,
        body: { ...created.body, name: 'Robô renomeado', settings: { token: MASK, transferQueueId: 8 } },
      });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({ name: 'Robô renomeado', jsonContent: MASK, settings: { token: MASK, transferQueueId: 8 } });
      expect((await api(server, 'POST', '/queueIntegration/testSession', { token, body: { id } })).body).toEqual({
        ok: false,
        message: 'Token refused',
      });
      await api(server, 'PUT', `/queueIntegration/${id}`, { token, body: { settings: { token: 'good-token' } } });
      expect((await api(server, 'POST', '/queueIntegration/testSession', { token, body: { id } })).body).toEqual({
        ok: true,
        message: 'Connected',
      });
      expect(emit).toHaveBeenCalledWith(`company:${company.companyId}`, 'queueIntegration', {
        action: 'update',
        queueIntegration: renamed.body,
      });

      const shown = await api(server, 'GET', `/queueIntegration/${id}`, { token });
      expect(shown.body).toMatchObject({ id, name: 'Robô renomeado', jsonContent: MASK });
      const everything = JSON.stringify([
        created.body,
        renamed.body,
        shown.body,
        (await api(server, 'GET', '/queueIntegration', { token })).body,
      ]);
      expect(everything).not.toMatch(/json-secret-123|tok-secret-456|good-token/);

      // Another company's integration is not found.
      expect((await api(server, 'GET', `/queueIntegration/${id}`, { token: other.admin.token })).status).toBe(404);
      expect((await api(server, 'DELETE', `/queueIntegration/${id}`, { token: other.admin.token })).status).toBe(404);

      expect((await api(server, 'DELETE', `/queueIntegration/${id}`, { token })).status).toBe(200);
      expect((await api(server, 'GET', `/queueIntegration/${id}`, { token })).status).toBe(404);
      expect(emit).toHaveBeenCalledWith(`company:${company.companyId}`, 'queueIntegration', { action: 'delete', integrationId: id });
    } finally {
      emit.mockRestore();
    }
  });

  it('searches and pages the list by name', async () => {
    const listed = await server.createCompany();
    for (let index = 0; index < 52; index += 1) {
      const body = botIntegration({ name: `Robô ${String(index).padStart(2, '0')}` });
      expect((await api(server, 'POST', '/queueIntegration', { token: listed.admin.token, body })).status).toBe(201);
    }
    const first = await api(server, 'GET', '/queueIntegration', { token: listed.admin.token });
    expect(first.body).toMatchObject({ count: 52, hasMore: true });
    expect(first.body.queueIntegrations).toHaveLength(50);
    const second = await api(server, 'GET', '/queueIntegration?pageNumber=2', { token: listed.admin.token });
    expect(second.body.queueIntegrations.map((row: { name: string }) => row.name)).toEqual(['Robô 50', 'Robô 51']);
    expect(second.body.hasMore).toBe(false);
    const searched = await api(server, 'GET', '/queueIntegration?searchParam=rob%C3%B4%2007', { token: listed.admin.token });
    expect(searched.body).toMatchObject({ count: 1, queueIntegrations: [{ name: 'Robô 07', jsonContent: MASK }] });
  });

  it('refuses an unknown type, a short name, a missing URL or slug, and a missing secret setting', async () => {
    const post = (body: Record<string, unknown>) => api(server, 'POST', '/queueIntegration', { token, body });
    const unknown = await post(botIntegration({ type: 'no-such-plugin' }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe('ERR_INTEGRATION_TYPE_UNKNOWN');
    // The prompts' plugin answers prompts, not queue integrations.
    expect((await post(botIntegration({ type: 'openai' }))).body.error).toBe('ERR_INTEGRATION_TYPE_UNKNOWN');
    expect((await post(botIntegration({ name: 'R' }))).body).toMatchObject({ error: 'ERR_VALIDATION', fields: { name: 'Too Short!' } });
    expect((await post(botIntegration({ name: undefined }))).body).toMatchObject({ fields: { name: 'Required' } });
    expect((await post(botIntegration({ urlN8N: null }))).body).toMatchObject({ fields: { urlN8N: 'Required' } });
    expect((await post(botIntegration({ urlN8N: 'ftp://x' }))).body).toMatchObject({ fields: { urlN8N: 'Must be an http(s) URL' } });
    expect((await post(botIntegration({ settings: {} }))).body).toMatchObject({ fields: { 'settings.token': 'Required' } });
  });

  it('tests the settings a dialog has not saved yet; an unreachable upstream is a 502 without the secret', async () => {
    const test = (body: Record<string, unknown>) => api(server, 'POST', '/queueIntegration/testSession', { token, body });
    expect((await test(botIntegration({ settings: { token: 'good-token' } }))).body).toEqual({ ok: true, message: 'Connected' });
    const down = await test(botIntegration({ urlN8N: 'http://unreachable.test' }));
    expect(down.status).toBe(502);
    expect(down.body.error).toBe('ERR_INTEGRATION_UNREACHABLE');
    expect(JSON.stringify(down.body)).not.toContain('tok-secret-456');
    expect(log.text()).not.toContain('tok-secret-456');
    expect((await test({ type: 'no-such-plugin' })).body.error).toBe('ERR_INTEGRATION_TYPE_UNKNOWN');
  });

  it('answers 403 ERR_PLAN_FEATURE_DISABLED when the plan has no integrations, and 403 to a profile user', async () => {
    const planless = await server.createCompany({ plan: { use_integrations: false } });
    for (const [method, path] of [
      ['GET', '/queueIntegration'],
      ['POST', '/queueIntegration'],
      ['POST', '/queueIntegration/testSession'],
    ] as const) {
      const answer = await api(server, method, path, {
        token: planless.admin.token,
        body: method === 'GET' ? undefined : botIntegration(),
      });
      expect({ path, status: answer.status, error: answer.body.error }).toEqual({ path, status: 403, error: 'ERR_PLAN_FEATURE_DISABLED' });
    }
    expect((await api(server, 'GET', '/queueIntegration', { token: company.users[0]!.token })).status).toBe(403);
  });
});

describe('prompts API', () => {
  const instructions = 'Você é o assistente da loja. Responda com educação, em poucas frases, sobre pedidos e entregas.';

  it('creates a prompt with defaults and its keys masked, updates and deletes it, announcing each change', async () => {
    const queueId = await insertQueue(knex, company.companyId, { name: 'Vendas IA' });
    const emit = spyOnRealtime(server.ports.realtime);
    try {
      const created = await api(server, 'POST', '/prompt', {
        token,
        body: { name: 'Assistente', prompt: instructions, queueId, apiKey: 'sk-secret-789', voiceKey: 'azure-secret-000' },
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        name: 'Assistente',
        voice: 'texto',
        maxTokens: 100,
        temperature: 1,
        maxMessages: 10,
        apiKey: MASK,
        voiceKey: MASK,
        queueId,
        queue: { id: queueId, name: 'Vendas IA' },
      });
      const id = created.body.id as number;
      const row = await knex('prompts').where('id', id).first();
      expect(JSON.stringify(row)).not.toMatch(/sk-secret-789|azure-secret-000/);
      expect(emit).toHaveBeenCalledWith(`company:${company.companyId}`, 'prompt', { action: 'create', prompt: created.body });

      const updated = await api(server, 'PUT', `/prompt/${id}`, { token, body: { ...created.body, temperature: 0.3 } });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ temperature: 0.3, apiKey: MASK });
      expect((await knex('prompts').where('id', id).first('api_key')).api_key).toBe(row.api_key);
      expect(emit).toHaveBeenCalledWith(`company:${company.companyId}`, 'prompt', { action: 'update', prompt: updated.body });

      const listed = await api(server, 'GET', '/prompt', { token });
      expect(listed.body).toMatchObject({ count: 1, hasMore: false, prompts: [{ id, queue: { name: 'Vendas IA' } }] });
      expect(JSON.stringify([created.body, updated.body, listed.body])).not.toMatch(/sk-secret-789|azure-secret-000/);

      expect((await api(server, 'GET', `/prompt/${id}`, { token: other.admin.token })).status).toBe(404);
      expect((await api(server, 'PUT', `/prompt/${id}`, { token: other.admin.token, body: { temperature: 0 } })).status).toBe(404);
      expect((await api(server, 'DELETE', `/prompt/${id}`, { token })).status).toBe(200);
      expect(emit).toHaveBeenCalledWith(`company:${company.companyId}`, 'prompt', { action: 'delete', promptId: id });
    } finally {
      emit.mockRestore();
    }
  });

  it("asks for the queue ('Informe o setor'), which must be the company's, and applies the prompt's rules", async () => {
    const foreignQueue = await insertQueue(knex, other.companyId);
    const base = { name: 'Assistente', prompt: instructions, apiKey: 'sk-1' };
    const post = (body: Record<string, unknown>) => api(server, 'POST', '/prompt', { token, body });
    expect((await post(base)).body).toMatchObject({ error: 'ERR_VALIDATION', fields: { queueId: 'Informe o setor' } });
    expect((await post({ ...base, queueId: foreignQueue })).body).toMatchObject({ fields: { queueId: 'Informe o setor' } });
    const queueId = await insertQueue(knex, company.companyId);
    expect((await post({ ...base, queueId, name: 'Abc' })).body).toMatchObject({ fields: { name: 'Muito curto!' } });
    expect((await post({ ...base, queueId, prompt: 'curto' })).body).toMatchObject({
      fields: { prompt: 'Descreva o treinamento para Inteligência Artificial' },
    });
    expect((await post({ ...base, queueId, apiKey: '' })).body).toMatchObject({ fields: { apiKey: 'Obrigatório' } });
    expect((await post({ ...base, queueId, temperature: 5 })).status).toBe(400);
  });

  it('answers 403 ERR_PLAN_FEATURE_DISABLED when the plan has no AI', async () => {
    const planless = await server.createCompany({ plan: { use_open_ai: false } });
    const answer = await api(server, 'GET', '/prompt', { token: planless.admin.token });
    expect(answer).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_FEATURE_DISABLED' } });
    expect((await api(server, 'POST', '/prompt', { token: company.users[0]!.token, body: {} })).status).toBe(403);
  });
});
