import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { LiveSessions } from '../../../platform/channels/live-sessions.js';
import { eventually } from '../../../testing/eventually.js';
import { api, refreshCookie, startTestServer, TEST_ADMIN, type TestServer } from '../../../testing/test-server.js';

const PASSWORD = 'Passw0rd-test';
let server: TestServer;
let superToken: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer();
  superToken = await server.login(TEST_ADMIN.email, TEST_ADMIN.password);
});

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server?.stop();
});

/** Signs in through the API: the access token and the refresh cookie. */
async function signIn(email: string, headers: Record<string, string> = {}): Promise<{ token: string; cookie: string }> {
  const login = await api(server, 'POST', '/auth/login', { body: { email, password: PASSWORD }, headers });
  expect(login.status).toBe(200);
  return { token: login.body.token, cookie: refreshCookie(login.headers)! };
}

function refresh(cookie: string) {
  return api(server, 'POST', '/auth/refresh_token', { headers: { cookie } });
}

/** The error a socket handshake ends with, or 'connected'. */
function handshake(options: { auth?: Record<string, unknown>; query?: Record<string, string> }): Promise<string> {
  const socket = connectSocket(server.url, { ...options, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  return new Promise((resolve) => {
    socket.on('connect', () => resolve('connected'));
    socket.on('connect_error', (error) => resolve(error.message));
  });
}

describe('login rate limits', () => {
  it('counts one e-mail in any case and spacing as one account: the eleventh failure is 429, even with the password', async () => {
    const company = await server.createCompany();
    const email = company.admin.email;
    const variants = [email.toUpperCase(), ` ${email}`, `${email}  `, email.replace(/^u/, 'U'), ` ${email.toUpperCase()} `];
    const headers = { 'x-forwarded-for': '198.51.100.10' };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const body = { email: variants[attempt % variants.length], password: 'wrong-pass' };
      statuses.push((await api(server, 'POST', '/auth/login', { body, headers })).status);
    }
    expect(statuses).toEqual(Array(10).fill(401));
    const blocked = await api(server, 'POST', '/auth/login', { body: { email: ` ${email.toUpperCase()}`, password: PASSWORD }, headers });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ error: 'ERR_TOO_MANY_REQUESTS', message: 'Too many attempts, try again later' });
  });

  it('limits one client address trying many e-mails (the address read through the trusted proxy)', async () => {
    const headers = { 'x-forwarded-for': '198.51.100.20' };
    for (let attempt = 0; attempt < 30; attempt += 1) {
      const body = { email: `nobody-${attempt}@example.test`, password: 'wrong-pass' };
      expect((await api(server, 'POST', '/auth/login', { body, headers })).status).toBe(401);
    }
    const limited = await api(server, 'POST', '/auth/login', { body: { email: 'another@example.test', password: 'x-wrong' }, headers });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe('ERR_TOO_MANY_REQUESTS');
    // Another client behind the same proxy has its own count.
    const other = await api(server, 'POST', '/auth/login', {
      body: { email: 'another@example.test', password: 'x-wrong' },
      headers: { 'x-forwarded-for': '198.51.100.21' },
    });
    expect(other.status).toBe(401);
  });

  it('with TRUST_PROXY=false a forged X-Forwarded-For does not give fresh counts', async () => {
    const direct = await startTestServer({ env: { TRUST_PROXY: 'false' } });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 31; attempt += 1) {
        const response = await api(direct, 'POST', '/auth/login', {
          body: { email: `forged-${attempt}@example.test`, password: 'wrong-pass' },
          headers: { 'x-forwarded-for': `203.0.113.${attempt + 1}` },
        });
        statuses.push(response.status);
      }
      expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
      expect(statuses[30]).toBe(429);
    } finally {
      await direct.stop();
    }
  });
});

describe('suspended and expired companies', () => {
  it('a suspended company cannot sign in, and its tokens stop at once: API, refresh and socket', async () => {
    const company = await server.createCompany({ users: [{ profile: 'user' }] });
    const session = await signIn(company.admin.email);
    const agent = company.users[0]!;
    expect(await handshake({ auth: { token: agent.token } })).toBe('connected');

    const suspended = await api(server, 'PUT', `/companies/${company.companyId}`, { token: superToken, body: { status: false } });
    expect(suspended.status).toBe(200);

    const login = await api(server, 'POST', '/auth/login', { body: { email: company.admin.email, password: PASSWORD } });
    expect(login.status).toBe(401);
    expect(login.body).toEqual({ error: 'ERR_COMPANY_INACTIVE', message: 'Empresa inativa. Entre em contato com o suporte.' });
    // A wrong password still answers as any wrong password: the suspension is told only to the account's owner.
    const wrong = await api(server, 'POST', '/auth/login', { body: { email: company.admin.email, password: 'not-it-1' } });
    expect(wrong.body.error).toBe('ERR_INVALID_CREDENTIALS');

    for (const route of ['/auth/me', '/tickets', '/users/list']) {
      const answer = await api(server, 'GET', route, { token: session.token });
      expect([route, answer.status, answer.body.error]).toEqual([route, 401, 'ERR_COMPANY_INACTIVE']);
    }
    expect((await api(server, 'GET', '/tickets', { token: agent.token })).status).toBe(401);
    const refreshed = await refresh(session.cookie);
    expect(refreshed.status).toBe(401);
    expect(refreshed.body.error).toBe('ERR_COMPANY_INACTIVE');
    expect(await handshake({ auth: { token: agent.token } })).toBe('ERR_COMPANY_INACTIVE');

    // Reactivated: the same session works again.
    await api(server, 'PUT', `/companies/${company.companyId}`, { token: superToken, body: { status: true } });
    expect((await api(server, 'GET', '/tickets', { token: agent.token })).status).toBe(200);
  });

  it('sockets open when a company is suspended or set past its due date are closed at once', async () => {
    for (const change of [{ status: false }, { dueDate: new Date(Date.now() - 60_000).toISOString() }]) {
      const company = await server.createCompany({ users: [{ profile: 'user' }] });
      expect(await handshake({ auth: { token: company.users[0]!.token } })).toBe('connected');
      const socket = sockets.at(-1)!;
      const closed = new Promise<string>((resolve) => socket.on('disconnect', (reason) => resolve(reason)));
      const answer = await api(server, 'PUT', `/companies/${company.companyId}`, { token: superToken, body: change });
      expect(answer.status).toBe(200);
      expect(await closed).toBe('io server disconnect');
    }
  });

  it('an expired company reaches only the expiry page (its session, refresh, logout); every other route is 403', async () => {
    const company = await server.createCompany({ dueDate: new Date(Date.now() - 86_400_000), users: [{ profile: 'user' }] });
    const session = await signIn(company.admin.email);
    expect(session.token).toEqual(expect.any(String));

    const me = await api(server, 'GET', '/auth/me', { token: session.token });
    expect(me.status).toBe(200);
    expect(me.body.expired).toBe(true);
    for (const [method, route] of [
      ['GET', '/tickets'],
      ['GET', '/users'],
      ['GET', '/contacts'],
      ['POST', '/contacts'],
      ['GET', `/users/${company.users[0]!.id}`],
    ] as const) {
      const answer = await api(server, method, route, { token: session.token, body: method === 'POST' ? { name: 'x' } : undefined });
      expect([route, answer.status, answer.body.error]).toEqual([route, 403, 'ERR_SUBSCRIPTION_EXPIRED']);
      expect(answer.body.message).toMatch(/^Sua assinatura venceu em \d{2}\/\d{2}\/\d{4}\. Entre em contato com o suporte\.$/);
    }
    expect(await handshake({ auth: { token: company.users[0]!.token } })).toBe('ERR_SUBSCRIPTION_EXPIRED');
    const refreshed = await refresh(session.cookie);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.user.expired).toBe(true);

    // Renewed: the next request gets through.
    await api(server, 'PUT', `/companies/${company.companyId}`, {
      token: superToken,
      body: { dueDate: new Date(Date.now() + 30 * 86_400_000).toISOString() },
    });
    expect((await api(server, 'GET', '/tickets', { token: refreshed.body.token })).status).toBe(200);
  });

  it('company 1 never expires, whatever its stored due date', async () => {
    const knex = server.ports.database.knex;
    const { due_date: due } = await knex('companies').where('id', 1).first('due_date');
    await knex('companies')
      .where('id', 1)
      .update({ due_date: new Date(Date.now() - 86_400_000) });
    try {
      expect((await api(server, 'GET', '/users', { token: superToken })).status).toBe(200);
    } finally {
      await knex('companies').where('id', 1).update({ due_date: due });
    }
  });
});

describe('refresh token rotation', () => {
  it('a refresh token used twice ends its session: the replay, the newer token and its access token all answer 401', async () => {
    const company = await server.createCompany();
    const first = await signIn(company.admin.email);
    const rotated = await refresh(first.cookie);
    expect(rotated.status).toBe(200);
    const second = refreshCookie(rotated.headers)!;
    expect(second).not.toBe(first.cookie);

    const replay = await refresh(first.cookie);
    expect(replay.status).toBe(401);
    expect(replay.body.error).toBe('ERR_SESSION_EXPIRED');
    expect((await refresh(second)).status).toBe(401);
    expect((await api(server, 'GET', '/auth/me', { token: rotated.body.token })).status).toBe(401);
    expect((await api(server, 'GET', '/auth/me', { token: first.token })).status).toBe(401);
  });

  it('of two refreshes with one token at the same moment, at most one succeeds and the session then ends', async () => {
    const company = await server.createCompany();
    const { cookie } = await signIn(company.admin.email);
    const answers = await Promise.all([refresh(cookie), refresh(cookie), refresh(cookie)]);
    const won = answers.filter((answer) => answer.status === 200);
    expect(won.length).toBeLessThanOrEqual(1);
    expect(answers.filter((answer) => answer.status === 401).length).toBeGreaterThanOrEqual(2);
    for (const answer of won) expect((await refresh(refreshCookie(answer.headers)!)).status).toBe(401);
  });

  it('logout with only the refresh cookie ends that session', async () => {
    const company = await server.createCompany();
    const session = await signIn(company.admin.email);
    expect((await api(server, 'DELETE', '/auth/logout', { headers: { cookie: session.cookie } })).status).toBe(200);
    expect((await refresh(session.cookie)).status).toBe(401);
    expect((await api(server, 'GET', '/auth/me', { token: session.token })).status).toBe(401);
  });
});

describe('password changes end the other sessions', () => {
  it('an admin setting a user password ends that user’s session at once: access token, refresh and socket', async () => {
    const company = await server.createCompany({ users: [{ profile: 'user' }] });
    const agent = company.users[0]!;
    const session = await signIn(agent.email);
    const socket = connectSocket(server.url, { auth: { token: session.token }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => socket.on('connect', () => resolve()).on('connect_error', reject));
    const closed = new Promise<void>((resolve) => socket.on('disconnect', () => resolve()));

    const changed = await api(server, 'PUT', `/users/${agent.id}`, { token: company.admin.token, body: { password: 'Changed-1' } });
    expect(changed.status).toBe(200);
    const me = await api(server, 'GET', '/auth/me', { token: session.token });
    expect(me.status).toBe(401);
    expect(me.body.error).toBe('ERR_SESSION_EXPIRED');
    expect((await refresh(session.cookie)).status).toBe(401);
    await closed;
    // The admin's own session is untouched, and the new password signs in.
    expect((await api(server, 'GET', '/auth/me', { token: company.admin.token })).status).toBe(200);
    expect(await server.login(agent.email, 'Changed-1')).toEqual(expect.any(String));
  });

  it('changing one’s own password keeps the session it was changed from', async () => {
    const company = await server.createCompany({ users: [{ profile: 'user' }] });
    const agent = company.users[0]!;
    const session = await signIn(agent.email);
    const changed = await api(server, 'PUT', `/users/${agent.id}`, { token: session.token, body: { password: 'Mine-new-1' } });
    expect(changed.status).toBe(200);
    expect((await api(server, 'GET', '/auth/me', { token: session.token })).status).toBe(200);
    expect((await refresh(session.cookie)).status).toBe(200);
  });
});

describe('password recovery', () => {
  const number = '5511977776666';
  const unknownNumber = '5511900001111';
  let sent: { to: string; body: string }[];
  let agentId: number;

  beforeAll(async () => {
    const knex = server.ports.database.knex;
    // A channel no plugin serves: the session sweep would otherwise start a real session in place of this one.
    const [connection] = await knex('connections')
      .insert({ company_id: 1, name: 'Suporte', channel: 'test-channel', is_default: true, status: 'CONNECTED' })
      .returning('id');
    sent = [];
    server.container.get(LiveSessions).register({
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
    const company = await server.createCompany({ users: [{ profile: 'user', wpp: number }] });
    agentId = company.users[0]!.id;
  });

  async function sendCode(wpp: string): Promise<{ status: number; body: unknown; code?: string }> {
    const before = sent.length;
    const answer = await api(server, 'POST', '/api/enviar-email', { body: { wpp } });
    if (wpp !== number) return answer;
    const message = await eventually(async () => sent[before], 'the recovery message');
    return { ...answer, code: /(\d{6})/.exec(message.body)![1]! };
  }

  function verify(wpp: string, code: string) {
    return api(server, 'GET', `/api/verificar-code/${wpp}?code=${code}`);
  }

  it('answers a registered and an unknown number alike, also through wrong codes and the attempt limit', async () => {
    const unknown = await sendCode(unknownNumber);
    const known = await sendCode(number);
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: known.status, body: known.body });
    const wrong = known.code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const fromKnown = await verify(number, wrong);
      const fromUnknown = await verify(unknownNumber, wrong);
      expect({ status: fromUnknown.status, body: fromUnknown.body }).toEqual({ status: fromKnown.status, body: fromKnown.body });
      expect(fromKnown.status).toBe(attempt < 2 ? 400 : 429);
    }
  });

  it('holds the 3 attempts under parallel guesses: of 10 at once, 2 are told "invalid", and the right code after them is refused', async () => {
    const { code } = await sendCode(number);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(Array.from({ length: 10 }, () => verify(number, wrong)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([400, 400, 429, 429, 429, 429, 429, 429, 429, 429]);
    const right = await verify(number, code!);
    expect(right.status).toBe(429);
    expect(right.body.error).toBe('ERR_TOO_MANY_ATTEMPTS');
    expect(
      await server.ports.database.knex('password_recovery_codes').where('user_id', agentId).whereNull('consumed_at').first(),
    ).toBeUndefined();
  });

  it('a new code starts the attempts over and works', async () => {
    const { code } = await sendCode(number);
    const verified = await verify(number, code!);
    expect(verified.status).toBe(200);
    expect(verified.body.userId).toBe(agentId);
  });
});

describe('socket handshake', () => {
  it('takes the token from the handshake auth only, never from the query string', async () => {
    const company = await server.createCompany();
    expect(await handshake({ query: { token: company.admin.token } })).toBe('ERR_SESSION_EXPIRED');
    expect(await handshake({ auth: { token: company.admin.token } })).toBe('connected');
  });
});
