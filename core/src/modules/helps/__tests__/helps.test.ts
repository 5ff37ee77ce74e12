import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { api, startTestServer, TEST_ADMIN, type CompanyFixture, type TestServer } from '../../../testing/test-server.js';

let server: TestServer;
let superToken: string;
let a: CompanyFixture;

beforeAll(async () => {
  server = await startTestServer();
  superToken = await server.login(TEST_ADMIN.email, TEST_ADMIN.password);
  a = await server.createCompany({ users: [{ profile: 'user' }] });
});

afterAll(async () => {
  await server?.stop();
});

const knex = () => server.ports.database.knex;

describe('helps', () => {
  let helpId: number;

  it('the super user creates a help entry, owned by company 1', async () => {
    const created = await api(server, 'POST', '/helps', {
      token: superToken,
      body: { title: 'Como conectar', video: 'dQw4w9WgXcQ', description: 'Passo a passo' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: 'Como conectar', video: 'dQw4w9WgXcQ', description: 'Passo a passo', companyId: 1 });
    helpId = created.body.id;
  });

  it('validates the title', async () => {
    const missing = await api(server, 'POST', '/helps', { token: superToken, body: { video: 'x' } });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      error: 'ERR_VALIDATION',
      message: 'Título é obrigatório',
      fields: { title: 'Título é obrigatório' },
    });
    const emptied = await api(server, 'PUT', `/helps/${helpId}`, { token: superToken, body: { title: '  ' } });
    expect(emptied.status).toBe(400);
  });

  it('writes are super only (403 for an admin)', async () => {
    expect((await api(server, 'POST', '/helps', { token: a.admin.token, body: { title: 'X' } })).status).toBe(403);
    expect((await api(server, 'PUT', `/helps/${helpId}`, { token: a.admin.token, body: { title: 'X' } })).status).toBe(403);
    expect((await api(server, 'DELETE', `/helps/${helpId}`, { token: a.admin.token })).status).toBe(403);
  });

  it('every signed-in user reads them; no token is 401', async () => {
    const one = await api(server, 'GET', `/helps/${helpId}`, { token: a.users[0]!.token });
    expect(one.body).toMatchObject({ id: helpId, title: 'Como conectar', video: 'dQw4w9WgXcQ', description: 'Passo a passo' });
    const list = await api(server, 'GET', '/helps/list', { token: a.users[0]!.token });
    expect(list.body.map((help: { id: number }) => help.id)).toContain(helpId);
    expect((await api(server, 'GET', '/helps/list')).status).toBe(401);
  });

  it('only company 1 rows are help entries: a row of another company is not found', async () => {
    const [stray] = await knex()('helps').insert({ company_id: a.companyId, title: 'Stray' }).returning('id');
    expect((await api(server, 'GET', `/helps/${stray.id}`, { token: a.admin.token })).status).toBe(404);
    expect((await api(server, 'GET', '/helps/list', { token: a.admin.token })).body.map((h: { title: string }) => h.title)).not.toContain(
      'Stray',
    );
  });

  it('GET /helps pages by 20 with hasMore and searches', async () => {
    await knex()('helps').insert(
      Array.from({ length: 21 }, (_, index) => ({ company_id: 1, title: `Vídeo ${String(index).padStart(2, '0')}`, video: `v${index}` })),
    );
    const first = await api(server, 'GET', '/helps?searchParam=v%C3%ADdeo&pageNumber=1', { token: a.users[0]!.token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ count: 21, hasMore: true });
    expect(first.body.helps).toHaveLength(20);
    expect(first.body.helps[0]).toMatchObject({ title: 'Vídeo 00', video: 'v0' });
    const second = await api(server, 'GET', '/helps?searchParam=vídeo&pageNumber=2', { token: a.users[0]!.token });
    expect(second.body).toMatchObject({ hasMore: false });
    expect(second.body.helps).toHaveLength(1);
  });

  it('updates and deletes', async () => {
    const updated = await api(server, 'PUT', `/helps/${helpId}`, { token: superToken, body: { description: 'Novo texto' } });
    expect(updated.body).toMatchObject({ title: 'Como conectar', description: 'Novo texto' });
    expect((await api(server, 'DELETE', `/helps/${helpId}`, { token: superToken })).status).toBe(200);
    const gone = await api(server, 'GET', `/helps/${helpId}`, { token: superToken });
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe('ERR_NO_HELP_FOUND');
    expect((await api(server, 'DELETE', `/helps/${helpId}`, { token: superToken })).status).toBe(404);
    expect((await api(server, 'PUT', `/helps/${helpId}`, { token: superToken, body: { title: 'Y' } })).status).toBe(404);
  });
});
