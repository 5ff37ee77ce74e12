import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { api, startTestServer, TEST_ADMIN, type CompanyFixture, type TestServer } from '../../../testing/test-server.js';

let server: TestServer;
let superToken: string;
let a: CompanyFixture;

beforeAll(async () => {
  server = await startTestServer();
  superToken = await server.login(TEST_ADMIN.email, TEST_ADMIN.password);
  a = await server.createCompany({ plan: { is_public: false }, users: [{ profile: 'user' }] });
});

afterAll(async () => {
  await server?.stop();
});

const knex = () => server.ports.database.knex;
const basic = { users: 3, connections: 2, queues: 4, amount: 49 };

describe('POST /plans', () => {
  it('creates a plan; flags default to true and useIntegration is accepted for useIntegrations', async () => {
    const created = await api(server, 'POST', '/plans', {
      token: superToken,
      body: { name: 'Básico', ...basic, amount: '49,90', useKanban: false, useIntegration: false },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Básico',
      ...basic,
      amount: 49.9,
      useKanban: false,
      useWhatsapp: true,
      useIntegrations: false,
      useIntegration: false,
      isPublic: true,
    });
    const row = await knex()('plans').where('id', created.body.id).first();
    expect(row).toMatchObject({ use_kanban: false, use_integrations: false, use_open_ai: true });
  });

  it('validates name, counters, amount and flags with field messages', async () => {
    const empty = await api(server, 'POST', '/plans', { token: superToken, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({
      error: 'ERR_VALIDATION',
      fields: {
        name: 'Nome é obrigatório',
        users: 'Usuários é obrigatório',
        connections: 'Conexões é obrigatório',
        queues: 'Filas é obrigatório',
      },
    });
    const bad = await api(server, 'POST', '/plans', {
      token: superToken,
      body: { name: 'Bad', users: 0, connections: 1.5, queues: 'x', amount: -1, useCampaigns: 'maybe' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({
      users: 'Usuários deve ser no mínimo 1',
      connections: 'Conexões deve ser um número inteiro',
      queues: 'Filas deve ser um número',
      amount: 'Valor não pode ser negativo',
      useCampaigns: 'useCampaigns deve ser verdadeiro ou falso',
    });
  });

  it('answers 409 with the spec text for a taken name', async () => {
    const duplicate = await api(server, 'POST', '/plans', { token: superToken, body: { name: 'básico', ...basic } });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({
      error: 'ERR_PLAN_ALREADY_EXISTS',
      message:
        'Não foi possível realizar a operação. Verifique se já existe uma plano com o mesmo nome ou se os campos foram preenchidos corretamente.',
    });
  });

  it('is super only', async () => {
    expect((await api(server, 'POST', '/plans', { token: a.admin.token, body: { name: 'X', ...basic } })).status).toBe(403);
  });
});

describe('reading plans', () => {
  it('GET /plans/listPublic needs no token and answers only public plans', async () => {
    await api(server, 'POST', '/plans', { token: superToken, body: { name: 'Secreto', ...basic, isPublic: false } });
    const listed = await api(server, 'GET', '/plans/listPublic');
    expect(listed.status).toBe(200);
    const names = listed.body.map((plan: { name: string }) => plan.name);
    expect(names).toContain('Básico');
    expect(names).not.toContain('Secreto');
    expect(listed.body.every((plan: { isPublic: boolean }) => plan.isPublic)).toBe(true);
  });

  it('GET /plans/list: public plans plus the company plan for a user, everything for the super user', async () => {
    const forUser = await api(server, 'GET', '/plans/list', { token: a.users[0]!.token });
    expect(forUser.status).toBe(200);
    const ids = forUser.body.map((plan: { id: number }) => plan.id);
    expect(ids).toContain(a.planId);
    expect(forUser.body.map((plan: { name: string }) => plan.name)).not.toContain('Secreto');
    const forSuper = await api(server, 'GET', '/plans/list', { token: superToken });
    expect(forSuper.body.map((plan: { name: string }) => plan.name)).toContain('Secreto');
    expect((await api(server, 'GET', '/plans/list')).status).toBe(401);
  });

  it('GET /plans/all and GET /plans/:id are super only', async () => {
    const all = await api(server, 'GET', '/plans/all', { token: superToken });
    expect(all.status).toBe(200);
    expect(all.body.length).toBeGreaterThanOrEqual(3);
    expect((await api(server, 'GET', '/plans/all', { token: a.admin.token })).status).toBe(403);
    const one = await api(server, 'GET', `/plans/${a.planId}`, { token: superToken });
    expect(one.body).toMatchObject({ id: a.planId, users: 10 });
    expect((await api(server, 'GET', `/plans/${a.planId}`, { token: a.admin.token })).status).toBe(403);
    const missing = await api(server, 'GET', '/plans/999999', { token: superToken });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('ERR_NO_PLAN_FOUND');
  });

  it('GET /plans pages by 20 with hasMore and searches by name', async () => {
    await knex()('plans').insert(
      Array.from({ length: 21 }, (_, index) => ({
        name: `Paged plan ${String(index).padStart(2, '0')}`,
        users: 1,
        connections: 1,
        queues: 1,
      })),
    );
    const first = await api(server, 'GET', '/plans?searchParam=paged&pageNumber=1', { token: superToken });
    expect(first.body).toMatchObject({ count: 21, hasMore: true });
    expect(first.body.plans).toHaveLength(20);
    const second = await api(server, 'GET', '/plans?searchParam=PAGED&pageNumber=2', { token: superToken });
    expect(second.body).toMatchObject({ count: 21, hasMore: false });
    expect(second.body.plans.map((plan: { name: string }) => plan.name)).toEqual(['Paged plan 20']);
    expect((await api(server, 'GET', '/plans', { token: a.admin.token })).status).toBe(403);
  });
});

describe('PUT /plans/:id', () => {
  it('updates the given fields only and validates them', async () => {
    const created = await api(server, 'POST', '/plans', { token: superToken, body: { name: 'Editável', ...basic } });
    const updated = await api(server, 'PUT', `/plans/${created.body.id}`, {
      token: superToken,
      body: { users: 7, useIntegrations: false, recurrence: 'anual' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      name: 'Editável',
      users: 7,
      connections: 2,
      useIntegrations: false,
      useIntegration: false,
      recurrence: 'ANUAL',
    });
    const invalid = await api(server, 'PUT', `/plans/${created.body.id}`, { token: superToken, body: { name: '', queues: 0 } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.fields).toEqual({ name: 'Nome é obrigatório', queues: 'Filas deve ser no mínimo 1' });
    const taken = await api(server, 'PUT', `/plans/${created.body.id}`, { token: superToken, body: { name: 'Básico' } });
    expect(taken.status).toBe(409);
    expect((await api(server, 'PUT', '/plans/999999', { token: superToken, body: { users: 2 } })).status).toBe(404);
    expect((await api(server, 'PUT', `/plans/${created.body.id}`, { token: a.admin.token, body: { users: 2 } })).status).toBe(403);
  });
});

describe('DELETE /plans/:id', () => {
  it('deletes an unused plan, refuses a plan in use with 409 ERR_PLAN_IN_USE', async () => {
    const created = await api(server, 'POST', '/plans', { token: superToken, body: { name: 'Descartável', ...basic } });
    expect((await api(server, 'DELETE', `/plans/${created.body.id}`, { token: a.admin.token })).status).toBe(403);
    const deleted = await api(server, 'DELETE', `/plans/${created.body.id}`, { token: superToken });
    expect(deleted.status).toBe(200);
    expect((await api(server, 'DELETE', `/plans/${created.body.id}`, { token: superToken })).status).toBe(404);
    const inUse = await api(server, 'DELETE', `/plans/${a.planId}`, { token: superToken });
    expect(inUse.status).toBe(409);
    expect(inUse.body.error).toBe('ERR_PLAN_IN_USE');
    expect(await knex()('plans').where('id', a.planId).first()).toBeTruthy();
  });
});
