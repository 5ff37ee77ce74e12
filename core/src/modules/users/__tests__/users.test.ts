import { access } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { api, startTestServer, TEST_ADMIN, type CompanyFixture, type TestServer } from '../../../testing/test-server.js';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

let server: TestServer;
let sequence = 0;

function email(prefix = 'user'): string {
  sequence += 1;
  return `${prefix}-${Date.now().toString(36)}-${sequence}@example.test`;
}

async function insertQueue(companyId: number, name: string): Promise<number> {
  const [row] = await server.ports.database
    .knex('queues')
    .insert({ company_id: companyId, name, color: `#${(sequence += 1).toString(16).padStart(6, '0')}` })
    .returning('id');
  return row.id as number;
}

function imageForm(options: { data?: Buffer; type?: string; fileName?: string; userId?: number } = {}): FormData {
  const form = new FormData();
  if (options.userId) form.append('userId', String(options.userId));
  form.append('typeArch', 'user');
  form.append('profileImage', new Blob([options.data ?? PNG], { type: options.type ?? 'image/png' }), options.fileName ?? 'avatar.png');
  return form;
}

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

describe('users API', () => {
  let company: CompanyFixture;
  let other: CompanyFixture;

  beforeAll(async () => {
    company = await server.createCompany({ users: [{ profile: 'user' }, { profile: 'user' }] });
    other = await server.createCompany({ users: [{ profile: 'user' }] });
  });

  it('creates a user with queues, never answers secrets, and the new user can log in', async () => {
    const queueA = await insertQueue(company.companyId, 'Vendas');
    const queueB = await insertQueue(company.companyId, 'Suporte');
    const address = email('agent');
    const created = await api(server, 'POST', '/users', {
      token: company.admin.token,
      body: {
        name: 'Agente Um',
        email: address.toUpperCase(),
        password: 'secret1',
        profile: 'user',
        queueIds: [queueA, queueB, queueA],
        startWork: '08:00',
        endWork: '18:00',
        allTicket: 'enable',
        allowGroup: true,
        defaultTheme: 'dark',
        defaultMenu: 'open',
        showDashboard: 'enabled',
        wpp: '5511999990000',
        farewellMessage: 'Tchau',
        companyId: other.companyId, // ignored: not a super user
        super: false,
      },
    });
    expect(created.status).toBe(201);
    const user = created.body;
    expect(user).toMatchObject({
      name: 'Agente Um',
      email: address,
      profile: 'user',
      companyId: company.companyId,
      startWork: '08:00',
      endWork: '18:00',
      allTicket: 'enable',
      allowGroup: true,
      defaultTheme: 'dark',
      defaultMenu: 'open',
      showDashboard: 'enabled',
      allowRealTime: 'disabled',
      super: false,
      wpp: '5511999990000',
    });
    expect(user.queues.map((q: { name: string }) => q.name).sort()).toEqual(['Suporte', 'Vendas']);
    expect(user.queueIds.sort()).toEqual([queueA, queueB].sort());
    expect(user.company).toMatchObject({ id: company.companyId });
    expect(user).not.toHaveProperty('passwordHash');
    expect(user).not.toHaveProperty('tokenVersion');
    expect(user).not.toHaveProperty('password');

    const token = await server.login(address, 'secret1');
    const me = await api(server, 'GET', `/users/${user.id}`, { token });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(user.id);
    const rows = await server.ports.database.knex('user_queues').where('user_id', user.id);
    expect(rows.every((row) => row.company_id === company.companyId)).toBe(true);
  });

  it("answers the spec's validation messages", async () => {
    const empty = await api(server, 'POST', '/users', { token: company.admin.token, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { name: 'Required', email: 'Required', password: 'Required' } });

    const short = await api(server, 'POST', '/users', {
      token: company.admin.token,
      body: { name: 'A', email: 'not-an-email', password: '1234' },
    });
    expect(short.status).toBe(400);
    expect(short.body.fields).toEqual({ name: 'Too Short!', email: 'Invalid email', password: 'Too Short!' });

    const long = await api(server, 'POST', '/users', {
      token: company.admin.token,
      body: { name: 'x'.repeat(51), email: email(), password: 'y'.repeat(51) },
    });
    expect(long.status).toBe(400);
    expect(long.body.fields).toEqual({ name: 'Too Long!', password: 'Too Long!' });

    const enums = await api(server, 'POST', '/users', {
      token: company.admin.token,
      body: { name: 'Valid', email: email(), password: 'secret1', profile: 'root', startWork: '25:00', defaultTheme: 'blue' },
    });
    expect(enums.status).toBe(400);
    expect(Object.keys(enums.body.fields).sort()).toEqual(['defaultTheme', 'profile', 'startWork']);
  });

  it('refuses a duplicate e-mail with 409, on create and on update', async () => {
    const address = email('dup');
    const first = await api(server, 'POST', '/users', {
      token: company.admin.token,
      body: { name: 'First', email: address, password: 'secret1' },
    });
    expect(first.status).toBe(201);
    // Unique across companies, case-insensitive.
    const again = await api(server, 'POST', '/users', {
      token: other.admin.token,
      body: { name: 'Second', email: address.toUpperCase(), password: 'secret1' },
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('ERR_EMAIL_ALREADY_EXISTS');
    // Two creations with one e-mail at once: exactly one wins, the other is a conflict, never a 500.
    const racing = email('race');
    const raced = await Promise.all(
      [company, other].map((fixture) =>
        api(server, 'POST', '/users', { token: fixture.admin.token, body: { name: 'Racer', email: racing, password: 'secret1' } }),
      ),
    );
    expect(raced.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const update = await api(server, 'PUT', `/users/${company.users[0]!.id}`, { token: company.admin.token, body: { email: address } });
    expect(update.status).toBe(409);
    expect(update.body.error).toBe('ERR_EMAIL_ALREADY_EXISTS');
  });

  it('lists, searches and pages users with their queues', async () => {
    const listed = await server.createCompany();
    const knex = server.ports.database.knex;
    const queue = await insertQueue(listed.companyId, 'Fila');
    const rows = Array.from({ length: 24 }, (_, index) => ({
      company_id: listed.companyId,
      name: `Pessoa ${String(index).padStart(2, '0')}`,
      email: email(`people${index}`),
      password_hash: 'x',
    }));
    const inserted = await knex('users').insert(rows).returning('id');
    await knex('user_queues').insert({ user_id: inserted[0].id, queue_id: queue, company_id: listed.companyId });

    const page1 = await api(server, 'GET', '/users', { token: listed.admin.token });
    expect(page1.status).toBe(200);
    expect(page1.body.users).toHaveLength(20);
    expect(page1.body.count).toBe(25);
    expect(page1.body.hasMore).toBe(true);
    expect(page1.body.users.every((u: { companyId: number }) => u.companyId === listed.companyId)).toBe(true);
    expect(page1.body.users.every((u: Record<string, unknown>) => !('passwordHash' in u) && Array.isArray(u.queues))).toBe(true);
    expect(page1.body.users.find((u: { id: number }) => u.id === inserted[0].id).queues).toEqual([
      expect.objectContaining({ id: queue, name: 'Fila' }),
    ]);

    const page2 = await api(server, 'GET', '/users?pageNumber=2', { token: listed.admin.token });
    expect(page2.body.users).toHaveLength(5);
    expect(page2.body.hasMore).toBe(false);
    const ids = new Set([...page1.body.users, ...page2.body.users].map((u: { id: number }) => u.id));
    expect(ids.size).toBe(25);

    const byName = await api(server, 'GET', '/users?searchParam=pessoa%2007', { token: listed.admin.token });
    expect(byName.body.users.map((u: { name: string }) => u.name)).toEqual(['Pessoa 07']);
    const byEmail = await api(server, 'GET', `/users?searchParam=${encodeURIComponent(rows[3]!.email)}`, { token: listed.admin.token });
    expect(byEmail.body.users.map((u: { name: string }) => u.name)).toEqual(['Pessoa 03']);
    const wildcard = await api(server, 'GET', '/users?searchParam=%25', { token: listed.admin.token });
    expect(wildcard.body.count).toBe(0);

    const badPage = await api(server, 'GET', '/users?pageNumber=0', { token: listed.admin.token });
    expect(badPage.status).toBe(400);

    // Another company's id in companyId is ignored for a non-super admin...
    const ignored = await api(server, 'GET', `/users?companyId=${company.companyId}`, { token: listed.admin.token });
    expect(ignored.body.count).toBe(25);
    // ...and honoured for the super admin.
    const superToken = await server.login(TEST_ADMIN.email, TEST_ADMIN.password);
    const bySuper = await api(server, 'GET', `/users?companyId=${listed.companyId}`, { token: superToken });
    expect(bySuper.body.count).toBe(25);
    const summaryBySuper = await api(server, 'GET', `/users/list?companyId=${listed.companyId}`, { token: superToken });
    expect(summaryBySuper.body).toHaveLength(25);

    const summary = await api(server, 'GET', '/users/list', { token: listed.admin.token });
    expect(summary.status).toBe(200);
    expect(summary.body).toHaveLength(25);
    expect(summary.body[0]).toEqual(
      expect.objectContaining({ id: expect.any(Number), name: expect.any(String), profile: expect.any(String), queues: expect.any(Array) }),
    );
    expect(summary.body[0]).not.toHaveProperty('passwordHash');
  });

  it('enforces the plan limit on users', async () => {
    const small = await server.createCompany({ plan: { users: 2 } });
    const second = await api(server, 'POST', '/users', {
      token: small.admin.token,
      body: { name: 'Second', email: email(), password: 'secret1' },
    });
    expect(second.status).toBe(201);
    const third = await api(server, 'POST', '/users', {
      token: small.admin.token,
      body: { name: 'Third', email: email(), password: 'secret1' },
    });
    expect(third.status).toBe(403);
    expect(third.body.error).toBe('ERR_PLAN_LIMIT_REACHED');
  });

  it('holds the plan limit under parallel creations: 14 at once on a 10-user plan make exactly 10 users', async () => {
    const planned = await server.createCompany({ plan: { users: 10 } });
    const answers = await Promise.all(
      Array.from({ length: 14 }, (_, index) =>
        api(server, 'POST', '/users', {
          token: planned.admin.token,
          body: { name: `Parallel ${index}`, email: email(), password: 'secret1' },
        }),
      ),
    );
    // The admin is the first of the ten.
    const outcomes = answers.map((answer) => (answer.status === 201 ? 'created' : `${answer.status} ${answer.body.error}`)).sort();
    expect(outcomes).toEqual([...Array(5).fill('403 ERR_PLAN_LIMIT_REACHED'), ...Array(9).fill('created')]);
    const [{ count }] = await server.ports.database.knex('users').where('company_id', planned.companyId).count({ count: '*' });
    expect(Number(count)).toBe(10);
  });

  it('lets a profile user edit only their own allowed fields', async () => {
    const agent = company.users[0]!;
    const colleague = company.users[1]!;
    expect((await api(server, 'GET', '/users', { token: agent.token })).status).toBe(403);
    expect(
      (await api(server, 'POST', '/users', { token: agent.token, body: { name: 'X', email: email(), password: 'secret1' } })).status,
    ).toBe(403);
    expect((await api(server, 'DELETE', `/users/${colleague.id}`, { token: agent.token })).status).toBe(403);
    expect((await api(server, 'GET', '/users/list', { token: agent.token })).status).toBe(200);
    expect((await api(server, 'GET', `/users/${agent.id}`, { token: agent.token })).status).toBe(200);
    expect((await api(server, 'GET', `/users/${colleague.id}`, { token: agent.token })).status).toBe(403);

    const renamed = await api(server, 'PUT', `/users/${agent.id}`, {
      token: agent.token,
      body: { name: 'Novo Nome', defaultTheme: 'dark', defaultMenu: 'open', wpp: '5511988887777', language: 'en' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      name: 'Novo Nome',
      defaultTheme: 'dark',
      defaultMenu: 'open',
      wpp: '5511988887777',
      language: 'en',
    });

    // The profile modal sends the whole form back: unchanged admin-only fields are accepted.
    const wholeForm = await api(server, 'PUT', `/users/${agent.id}`, {
      token: agent.token,
      body: { ...renamed.body, name: 'Nome Final', password: '' },
    });
    expect(wholeForm.status).toBe(200);
    expect(wholeForm.body.name).toBe('Nome Final');

    const promote = await api(server, 'PUT', `/users/${agent.id}`, { token: agent.token, body: { profile: 'admin' } });
    expect(promote.status).toBe(403);
    expect(promote.body.error).toBe('ERR_NO_PERMISSION');
    for (const body of [
      { allTicket: 'enable' },
      { showDashboard: 'enabled' },
      { queueIds: [await insertQueue(company.companyId, 'Outra')] },
      { super: true },
    ]) {
      expect((await api(server, 'PUT', `/users/${agent.id}`, { token: agent.token, body })).status).toBe(403);
    }
    const otherUser = await api(server, 'PUT', `/users/${colleague.id}`, { token: agent.token, body: { name: 'Hacked' } });
    expect(otherUser.status).toBe(403);

    const language = await api(server, 'PUT', `/users/${agent.id}`, { token: agent.token, body: { language: 'fr' } });
    expect(language.status).toBe(400);
    expect(language.body.fields).toHaveProperty('language');

    // A new password is hashed; the current session stays valid.
    const password = await api(server, 'PUT', `/users/${agent.id}`, { token: agent.token, body: { password: 'new-secret' } });
    expect(password.status).toBe(200);
    expect((await api(server, 'GET', `/users/${agent.id}`, { token: agent.token })).status).toBe(200);
    const stored = await server.ports.database.knex('users').where('id', agent.id).first('password_hash');
    expect(stored.password_hash).toMatch(/^\$2[aby]\$/);
    // Signing in ends the other sessions (token version): keep the fresh token for the next tests.
    agent.token = await server.login(agent.email, 'new-secret');
  });

  it("answers 404 for another company's user on every user route", async () => {
    const stranger = other.users[0]!.id;
    const token = company.admin.token;
    const calls: [string, string, unknown?][] = [
      ['GET', `/users/${stranger}`],
      ['PUT', `/users/${stranger}`, { name: 'Renamed' }],
      ['DELETE', `/users/${stranger}`],
      ['POST', `/users/${stranger}/media-upload`, imageForm({ userId: stranger })],
      ['DELETE', `/users/${stranger}/media`],
      ['GET', '/users/999999999'],
      ['GET', '/users/abc'],
    ];
    for (const [method, route, body] of calls) {
      const answer = await api(server, method, route, { token, body });
      expect({ route, method, status: answer.status, error: answer.body?.error }).toEqual({
        route,
        method,
        status: 404,
        error: 'ERR_NO_USER_FOUND',
      });
    }
    const row = await server.ports.database.knex('users').where('id', stranger).first('name', 'profile_image');
    expect(row.name).not.toBe('Renamed');
    expect(row.profile_image).toBeNull();
  });

  it('refuses queues and connections of another company and replaces queue links on update', async () => {
    const mine = await insertQueue(company.companyId, 'Minha');
    const theirs = await insertQueue(other.companyId, 'Deles');
    const refused = await api(server, 'POST', '/users', {
      token: company.admin.token,
      body: { name: 'Queued', email: email(), password: 'secret1', queueIds: [mine, theirs] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toHaveProperty('queueIds');

    const [connection] = await server.ports.database
      .knex('connections')
      .insert({ company_id: other.companyId, name: 'Deles' })
      .returning('id');
    const badConnection = await api(server, 'POST', '/users', {
      token: company.admin.token,
      body: { name: 'Queued', email: email(), password: 'secret1', whatsappId: connection.id },
    });
    expect(badConnection.status).toBe(400);
    expect(badConnection.body.fields).toHaveProperty('whatsappId');

    const target = company.users[1]!.id;
    const put = await api(server, 'PUT', `/users/${target}`, { token: company.admin.token, body: { queueIds: [mine] } });
    expect(put.status).toBe(200);
    expect(put.body.queues.map((q: { id: number }) => q.id)).toEqual([mine]);
    const putOther = await api(server, 'PUT', `/users/${target}`, { token: company.admin.token, body: { queueIds: [theirs] } });
    expect(putOther.status).toBe(400);
    const cleared = await api(server, 'PUT', `/users/${target}`, { token: company.admin.token, body: { queueIds: [] } });
    expect(cleared.body.queues).toEqual([]);
    expect(await server.ports.database.knex('user_queues').where('user_id', target)).toHaveLength(0);
  });

  it('stores, answers and removes a profile picture', async () => {
    const agent = company.users[1]!;
    const uploaded = await api(server, 'POST', `/users/${agent.id}/media-upload`, {
      token: agent.token,
      body: imageForm({ userId: agent.id }),
    });
    expect(uploaded.status).toBe(200);
    const profileImage: string = uploaded.body.user.profileImage;
    expect(profileImage).toMatch(new RegExp(`^company${company.companyId}/users/${agent.id}/[^/]+\\.png$`));
    const file = path.join(server.dataDir, 'media', profileImage);
    await expect(access(file)).resolves.toBeUndefined();

    // An admin replaces it; the old file goes.
    const replaced = await api(server, 'POST', `/users/${agent.id}/media-upload`, {
      token: company.admin.token,
      body: imageForm({ data: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), type: 'image/jpeg', fileName: 'me.JPEG' }),
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.user.profileImage).toMatch(/\.jpg$/);
    await expect(access(file)).rejects.toThrow();
    const replacedFile = path.join(server.dataDir, 'media', replaced.body.user.profileImage);

    // Another user of the same company may not touch it.
    const colleague = company.users[0]!;
    expect((await api(server, 'POST', `/users/${agent.id}/media-upload`, { token: colleague.token, body: imageForm() })).status).toBe(403);
    expect((await api(server, 'DELETE', `/users/${agent.id}/media`, { token: colleague.token })).status).toBe(403);

    const removed = await api(server, 'DELETE', `/users/${agent.id}/media`, { token: agent.token });
    expect(removed.status).toBe(200);
    expect(removed.body.user.profileImage).toBeNull();
    await expect(access(replacedFile)).rejects.toThrow();
  });

  it('refuses files that are not images, or too large', async () => {
    const agent = company.users[1]!;
    const cases = [
      imageForm({ data: Buffer.from('hello'), type: 'text/plain', fileName: 'notes.txt' }),
      imageForm({ type: 'image/png', fileName: 'avatar.exe' }),
      imageForm({ data: Buffer.from('<svg/>'), type: 'image/svg+xml', fileName: 'avatar.svg' }),
      imageForm({ data: Buffer.from('not really a png'), type: 'image/png', fileName: 'avatar.png' }),
    ];
    for (const body of cases) {
      const answer = await api(server, 'POST', `/users/${agent.id}/media-upload`, { token: agent.token, body });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe('ERR_INVALID_IMAGE');
    }
    const big = await api(server, 'POST', `/users/${agent.id}/media-upload`, {
      token: agent.token,
      body: imageForm({ data: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]) }),
    });
    expect(big.status).toBe(413);
    const missing = await api(server, 'POST', `/users/${agent.id}/media-upload`, { token: agent.token, body: new FormData() });
    expect(missing.status).toBe(400);
    const row = await server.ports.database.knex('users').where('id', agent.id).first('profile_image');
    expect(row.profile_image).toBeNull();
  });

  it('deletes users but never oneself, the last admin, or a super user by a non-super', async () => {
    const target = await server.createCompany({ users: [{ profile: 'user' }] });
    const self = await api(server, 'DELETE', `/users/${target.admin.id}`, { token: target.admin.token });
    expect(self.status).toBe(400);
    expect(self.body.error).toBe('ERR_CANNOT_DELETE_SELF');

    const superToken = await server.login(TEST_ADMIN.email, TEST_ADMIN.password);
    const lastAdmin = await api(server, 'DELETE', `/users/${target.admin.id}`, { token: superToken });
    expect(lastAdmin.status).toBe(400);
    expect(lastAdmin.body.error).toBe('ERR_LAST_ADMIN');
    const demote = await api(server, 'PUT', `/users/${target.admin.id}`, { token: target.admin.token, body: { profile: 'user' } });
    expect(demote.status).toBe(400);
    expect(demote.body.error).toBe('ERR_LAST_ADMIN');

    const removed = await api(server, 'DELETE', `/users/${target.users[0]!.id}`, { token: target.admin.token });
    expect(removed.status).toBe(200);
    expect((await api(server, 'GET', `/users/${target.users[0]!.id}`, { token: target.admin.token })).status).toBe(404);

    // A second admin makes the first deletable.
    const second = await api(server, 'POST', '/users', {
      token: target.admin.token,
      body: { name: 'Admin Dois', email: email(), password: 'secret1', profile: 'admin' },
    });
    expect(second.status).toBe(201);
    expect((await api(server, 'DELETE', `/users/${second.body.id}`, { token: target.admin.token })).status).toBe(200);

    // Super users: only a super user sets the flag or deletes one.
    const superUser = await server.ports.database.knex('users').where({ super: true }).first('id');
    const companyOneAdmin = await api(server, 'POST', '/users', {
      token: superToken,
      body: { name: 'Admin Um', email: email(), password: 'secret1', profile: 'admin' },
    });
    expect(companyOneAdmin.status).toBe(201);
    const plainAdminToken = await server.login(companyOneAdmin.body.email, 'secret1');
    expect((await api(server, 'DELETE', `/users/${superUser.id}`, { token: plainAdminToken })).status).toBe(403);
    expect((await api(server, 'PUT', `/users/${superUser.id}`, { token: plainAdminToken, body: { name: 'Not super' } })).status).toBe(403);
    const grant = await api(server, 'POST', '/users', {
      token: target.admin.token,
      body: { name: 'Wannabe', email: email(), password: 'secret1', super: true },
    });
    expect(grant.status).toBe(403);

    // The super admin creates a user in another company.
    const elsewhere = await api(server, 'POST', '/users', {
      token: superToken,
      body: { name: 'Criado pelo super', email: email(), password: 'secret1', companyId: target.companyId },
    });
    expect(elsewhere.status).toBe(201);
    expect(elsewhere.body.companyId).toBe(target.companyId);
  });
});
