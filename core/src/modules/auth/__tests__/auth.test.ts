import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { LiveSessions } from '../../../platform/channels/live-sessions.js';
import { eventually } from '../../../testing/eventually.js';
import { api, refreshCookie, startTestServer, TEST_ADMIN, type TestServer } from '../../../testing/test-server.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

describe('sign-in and session', () => {
  it('signs the super admin in with a token, the user, company 1 never expiring and its settings', async () => {
    const { status, body, headers } = await api(server, 'POST', '/auth/login', { body: TEST_ADMIN });
    expect(status).toBe(200);
    expect(typeof body.token).toBe('string');
    expect(body.user).toMatchObject({ email: TEST_ADMIN.email, profile: 'admin', super: true, companyId: 1, expired: false });
    expect(new Date(body.user.company.dueDate).getUTCFullYear()).toBe(2999);
    expect(body.user.settings).toHaveProperty('scheduleType');
    expect(body.user).not.toHaveProperty('passwordHash');
    expect(refreshCookie(headers)).toBeDefined();
    expect(headers.getSetCookie().join(';')).toMatch(/HttpOnly/i);
  });

  it('answers 401 ERR_INVALID_CREDENTIALS for a wrong password and an unknown e-mail', async () => {
    const wrong = await api(server, 'POST', '/auth/login', { body: { email: TEST_ADMIN.email, password: 'not-the-password' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('ERR_INVALID_CREDENTIALS');
    const unknown = await api(server, 'POST', '/auth/login', { body: { email: 'nobody@example.test', password: 'whatever1' } });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error).toBe('ERR_INVALID_CREDENTIALS');
  });

  it('validates the login body with the spec texts', async () => {
    const { status, body } = await api(server, 'POST', '/auth/login', { body: { email: 'not-an-email' } });
    expect(status).toBe(400);
    expect(body.fields).toEqual({ email: 'Email inválido', password: 'Senha é obrigatória' });
  });

  it('refuses the eleventh fast wrong login with 429', async () => {
    const email = 'flood@example.test';
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      statuses.push((await api(server, 'POST', '/auth/login', { body: { email, password: 'wrong-pass' } })).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
  });

  it('marks an expired company as authenticated but expired', async () => {
    const company = await server.createCompany({ dueDate: new Date(Date.now() - 86_400_000) });
    const me = await api(server, 'GET', '/auth/me', { token: company.admin.token });
    expect(me.status).toBe(200);
    expect(me.body.expired).toBe(true);
    // The web reads schedules the user picks as wall time in this zone.
    expect(me.body.company.timezone).toBe('America/Sao_Paulo');
  });

  it('rotates the refresh cookie, and logout ends every session', async () => {
    const company = await server.createCompany();
    const login = await api(server, 'POST', '/auth/login', { body: { email: company.admin.email, password: 'Passw0rd-test' } });
    const first = refreshCookie(login.headers)!;
    const refreshed = await api(server, 'POST', '/auth/refresh_token', { headers: { cookie: first } });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.user.id).toBe(company.admin.id);
    const second = refreshCookie(refreshed.headers)!;
    expect(second).not.toBe(first);
    expect((await api(server, 'GET', '/auth/me', { token: refreshed.body.token })).status).toBe(200);

    expect((await api(server, 'DELETE', '/auth/logout', { token: refreshed.body.token })).status).toBe(200);
    const after = await api(server, 'GET', '/auth/me', { token: refreshed.body.token });
    expect(after.status).toBe(401);
    expect(after.body.error).toBe('ERR_SESSION_EXPIRED');
    expect((await api(server, 'POST', '/auth/refresh_token', { headers: { cookie: second } })).status).toBe(401);
  });

  it('a second sign-in of the same user ends the first session; a bad token asks for a refresh (403)', async () => {
    const company = await server.createCompany();
    const firstToken = company.admin.token;
    await server.login(company.admin.email, 'Passw0rd-test');
    expect((await api(server, 'GET', '/auth/me', { token: firstToken })).status).toBe(401);
    expect((await api(server, 'GET', '/auth/me', { token: 'garbage' })).status).toBe(403);
    expect((await api(server, 'GET', '/auth/me')).status).toBe(401);
  });
});

describe('sign-up', () => {
  const valid = {
    name: 'Maria Souza',
    companyName: 'Loja da Maria',
    email: 'maria@loja.test',
    password: 'Segura123',
    phone: '5511987654321',
    termo: true,
  };

  it('answers every invalid field with the spec message', async () => {
    const { status, body } = await api(server, 'POST', '/auth/signup', {
      body: { name: 'M', companyName: '', email: 'x', password: 'short', phone: '123', termo: false },
    });
    expect(status).toBe(400);
    expect(body.error).toBe('ERR_VALIDATION');
    expect(body.fields).toEqual({
      name: 'Muito curto!',
      companyName: 'Nome da empresa é obrigatória',
      email: 'E-mail inválido',
      password: 'A senha deve ter no mínimo 8 caracteres',
      phone: 'Digite o número completo com 11 dígitos (apenas números).',
      planId: 'Plano é obrigatório',
      termo: 'Você deve aceitar os termos para continuar',
    });
    const weak = await api(server, 'POST', '/auth/signup', { body: { ...valid, password: 'alllowercase1', planId: 1 } });
    expect(weak.body.fields).toEqual({ password: 'A senha deve conter uma letra maiúscula' });
  });

  it('creates the company on a public plan with a trial due date and its admin, who can sign in', async () => {
    const plan = await server.ports.database.knex('plans').where('is_public', true).first('id');
    const { status, body } = await api(server, 'POST', '/auth/signup', { body: { ...valid, planId: plan.id } });
    expect(status).toBe(201);
    const due = new Date(body.dueDate).getTime();
    expect(due).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    const token = await server.login(valid.email, valid.password);
    const me = await api(server, 'GET', '/auth/me', { token });
    expect(me.body).toMatchObject({ profile: 'admin', super: false, companyId: body.companyId, expired: false });
    expect(me.body.company.phone).toBe('5511987654321');

    const again = await api(server, 'POST', '/auth/signup', { body: { ...valid, companyName: 'Outra Loja', planId: plan.id } });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('ERR_EMAIL_ALREADY_EXISTS');
  });

  it('refuses a plan that is not public, and sign-up when user creation is disabled', async () => {
    const [hidden] = await server.ports.database
      .knex('plans')
      .insert({ name: 'Hidden', users: 1, connections: 1, queues: 1, is_public: false })
      .returning('id');
    const refused = await api(server, 'POST', '/auth/signup', {
      body: { ...valid, email: 'h@x.test', companyName: 'Hidden Co', planId: hidden.id },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ planId: 'Plano inválido' });

    await server.ports.database.knex('settings').where({ company_id: 1, key: 'userCreation' }).update({ value: 'disabled' });
    try {
      const plan = await server.ports.database.knex('plans').where('is_public', true).first('id');
      const disabled = await api(server, 'POST', '/auth/signup', {
        body: { ...valid, email: 'd@x.test', companyName: 'D Co', planId: plan.id },
      });
      expect(disabled.status).toBe(403);
      expect(disabled.body.error).toBe('ERR_USER_CREATION_DISABLED');
    } finally {
      await server.ports.database.knex('settings').where({ company_id: 1, key: 'userCreation' }).update({ value: 'enabled' });
    }
  });
});

describe('password recovery', () => {
  const number = '5511912345678';

  it('fails clearly while the super company has no connected default connection', async () => {
    const { status, body } = await api(server, 'POST', '/api/enviar-email', { body: { wpp: number } });
    expect(status).toBe(503);
    expect(body.error).toBe('ERR_NO_DEF_WAPP_FOUND');
  });

  it('sends the code through the default connection, never returns it, verifies it and changes the password', async () => {
    const knex = server.ports.database.knex;
    // A channel no plugin serves: the session sweep would otherwise start a real session in place of this one.
    const [connection] = await knex('connections')
      .insert({ company_id: 1, name: 'Suporte', channel: 'test-channel', is_default: true, status: 'CONNECTED' })
      .returning('id');
    const sent: { to: string; body: string }[] = [];
    const registration = server.container.get(LiveSessions).register({
      connection: { id: connection.id, companyId: 1, name: 'Suporte', channel: 'test-channel', settings: {} },
      session: {
        start: async () => {},
        stop: async () => {},
        send: async (message) => {
          sent.push({ to: message.to.address, body: message.body ?? '' });
          return { externalId: `out-${sent.length}` };
        },
      },
    });
    try {
      const company = await server.createCompany({ users: [{ profile: 'user', wpp: number }] });
      const user = company.users[0]!;

      const unknown = await api(server, 'POST', '/api/enviar-email', { body: { wpp: '5511900000000' } });
      const known = await api(server, 'POST', '/api/enviar-email', { body: { wpp: number } });
      expect(known.status).toBe(200);
      expect(unknown).toMatchObject({ status: 200, body: known.body });
      // The message leaves after the answer (its delay would tell a registered number apart).
      const message = await eventually(async () => sent[0], 'the recovery message');
      expect(sent).toHaveLength(1);
      const code = /(\d{6})/.exec(message.body)![1]!;
      expect(JSON.stringify(known.body)).not.toContain(code);
      const stored = await knex('password_recovery_codes').where('user_id', user.id).first();
      expect(stored.code_hash).not.toContain(code);

      const wrongCode = code === '000000' ? '111111' : '000000';
      const wrong = await api(server, 'GET', `/api/verificar-code/${number}?code=${wrongCode}`);
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe('Código de verificação inválido');

      const verified = await api(server, 'GET', `/api/verificar-code/${number}?code=${code}`);
      expect(verified.status).toBe(200);
      expect(verified.body.userId).toBe(user.id);
      const used = await api(server, 'GET', `/api/verificar-code/${number}?code=${code}`);
      expect(used.status).toBe(400);

      const weak = await api(server, 'PUT', '/api/atualizar-senha', {
        body: { userId: user.id, token: verified.body.token, newPassword: '123' },
      });
      expect(weak.body.fields).toEqual({ newPassword: 'A senha deve ter pelo menos 6 caracteres' });
      const changed = await api(server, 'PUT', '/api/atualizar-senha', {
        body: { userId: user.id, token: verified.body.token, newPassword: 'Nova-senha-1' },
      });
      expect(changed.status).toBe(200);
      expect(changed.body.message).toBe('Senha atualizada com sucesso!');
      await server.login(user.email, 'Nova-senha-1');
      const reused = await api(server, 'PUT', '/api/atualizar-senha', {
        body: { userId: user.id, token: verified.body.token, newPassword: 'Other-pass-2' },
      });
      expect(reused.status).toBe(400);

      // Three wrong attempts end the code.
      sent.length = 0;
      await api(server, 'POST', '/api/enviar-email', { body: { wpp: number } });
      const fresh = /(\d{6})/.exec((await eventually(async () => sent[0], 'the second recovery message')).body)![1]!;
      const bad = fresh === '000000' ? '111111' : '000000';
      expect((await api(server, 'GET', `/api/verificar-code/${number}?code=${bad}`)).status).toBe(400);
      expect((await api(server, 'GET', `/api/verificar-code/${number}?code=${bad}`)).status).toBe(400);
      const third = await api(server, 'GET', `/api/verificar-code/${number}?code=${bad}`);
      expect(third.status).toBe(429);
      expect(third.body.error).toBe('ERR_TOO_MANY_ATTEMPTS');
      expect((await api(server, 'GET', `/api/verificar-code/${number}?code=${fresh}`)).status).toBe(429);
    } finally {
      registration.dispose();
    }
  });
});
