import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MediaStorage } from '../../../platform/media/media-storage.js';
import { api, startTestServer, TEST_ADMIN, type CompanyFixture, type TestServer } from '../../../testing/test-server.js';
import { addMonths, renewedDueDate } from '../company.service.js';

let server: TestServer;
let superToken: string;
let a: CompanyFixture;
let b: CompanyFixture;
let planId: number;

beforeAll(async () => {
  server = await startTestServer();
  superToken = await server.login(TEST_ADMIN.email, TEST_ADMIN.password);
  a = await server.createCompany({ users: [{ profile: 'user' }] });
  b = await server.createCompany();
  const [plan] = await server.ports.database
    .knex('plans')
    .insert({ name: 'Companies test plan', users: 5, connections: 5, queues: 5, amount: 49.9 })
    .returning('id');
  planId = plan.id;
});

afterAll(async () => {
  await server?.stop();
});

const knex = () => server.ports.database.knex;

describe('POST /companies', () => {
  it('creates the company with its settings rows and its first admin', async () => {
    const created = await api(server, 'POST', '/companies', {
      token: superToken,
      body: {
        name: 'Acme Ltda',
        email: 'Owner@Acme.test',
        planId,
        password: 'secret1',
        recurrence: 'TRIMESTRAL',
        dueDate: '2031-05-10',
        phone: '5511999990000',
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Acme Ltda', email: 'owner@acme.test', planId, status: true, recurrence: 'TRIMESTRAL' });
    expect(created.body.plan).toMatchObject({ id: planId, amount: 49.9 });
    expect(new Date(created.body.dueDate).toISOString()).toBe('2031-05-10T00:00:00.000Z');
    expect(created.body).not.toHaveProperty('password');
    const id = created.body.id;
    expect(await knex()('company_settings').where('company_id', id).first()).toBeTruthy();
    expect(await knex()('settings').where({ company_id: id, key: 'userCreation' }).first()).toMatchObject({ value: 'enabled' });
    const admin = await knex()('users').where({ company_id: id }).first();
    expect(admin).toMatchObject({ email: 'owner@acme.test', profile: 'admin', super: false });
    expect(await server.login('owner@acme.test', 'secret1')).toEqual(expect.any(String));
  });

  it('creates no user without a password, and an empty or invalid dueDate becomes null', async () => {
    for (const [name, dueDate] of [
      ['No Date One', ''],
      ['No Date Two', 'not-a-date'],
    ] as const) {
      const created = await api(server, 'POST', '/companies', {
        token: superToken,
        body: { name, email: `${name.replace(/ /g, '')}@x.test`, planId, dueDate },
      });
      expect(created.status).toBe(201);
      expect(created.body.dueDate).toBeNull();
      expect(await knex()('users').where('company_id', created.body.id).count({ count: '*' }).first()).toMatchObject({
        count: expect.anything(),
      });
      const [{ count }] = await knex()('users').where('company_id', created.body.id).count({ count: '*' });
      expect(Number(count)).toBe(0);
    }
  });

  it('requires email and plan (spec 2 §5) with field messages', async () => {
    const missing = await api(server, 'POST', '/companies', { token: superToken, body: { name: 'Missing Fields' } });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      error: 'ERR_VALIDATION',
      fields: { email: 'E-mail é obrigatório', planId: 'Plano é obrigatório' },
    });
    const invalid = await api(server, 'POST', '/companies', {
      token: superToken,
      body: { name: 'Bad Email', email: 'nope', planId, recurrence: 'WEEKLY', password: '123' },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.fields).toMatchObject({ email: 'E-mail inválido', password: 'Too Short!' });
    expect(invalid.body.fields.recurrence).toMatch(/Recorrência inválida/);
    const unknownPlan = await api(server, 'POST', '/companies', {
      token: superToken,
      body: { name: 'Unknown Plan', email: 'u@x.test', planId: 999999 },
    });
    expect(unknownPlan.status).toBe(400);
    expect(unknownPlan.body.fields).toEqual({ planId: 'Plano inválido' });
  });

  it('answers 409 ERR_COMPANY_ALREADY_EXISTS with the spec text for a taken name (any case)', async () => {
    const duplicate = await api(server, 'POST', '/companies', {
      token: superToken,
      body: { name: 'ACME LTDA', email: 'other@acme.test', planId },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({
      error: 'ERR_COMPANY_ALREADY_EXISTS',
      message:
        'Não foi possível realizar a operação. Verifique se já existe uma empresa com o mesmo nome ou se os campos foram preenchidos corretamente.',
    });
  });

  it('is super only', async () => {
    const refused = await api(server, 'POST', '/companies', { token: a.admin.token, body: { name: 'Sneaky', email: 's@x.test', planId } });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('ERR_NO_PERMISSION');
    expect((await api(server, 'POST', '/companies', { body: { name: 'Anon' } })).status).toBe(401);
  });
});

describe('listing companies', () => {
  it('pages GET /companies by 20 with count and hasMore, and searches by name', async () => {
    const rows = Array.from({ length: 22 }, (_, index) => ({
      name: `Paged Co ${String(index).padStart(2, '0')}`,
      plan_id: planId,
      email: `paged${index}@x.test`,
    }));
    await knex()('companies').insert(rows);
    const first = await api(server, 'GET', '/companies?searchParam=paged%20co&pageNumber=1', { token: superToken });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ count: 22, hasMore: true });
    expect(first.body.companies).toHaveLength(20);
    expect(first.body.companies[0]).toMatchObject({ name: 'Paged Co 00', plan: { id: planId } });
    const second = await api(server, 'GET', '/companies?searchParam=Paged&pageNumber=2', { token: superToken });
    expect(second.body).toMatchObject({ count: 22, hasMore: false });
    expect(second.body.companies.map((c: { name: string }) => c.name)).toEqual(['Paged Co 20', 'Paged Co 21']);
    const bad = await api(server, 'GET', '/companies?pageNumber=0', { token: superToken });
    expect(bad.status).toBe(400);
    const plans = await api(server, 'GET', '/companiesPlan/?searchParam=paged&pageNumber=2', { token: superToken });
    expect(plans.status).toBe(200);
    expect(plans.body).toMatchObject({ hasMore: false });
    expect(plans.body.companies[0].plan).toMatchObject({ id: planId, useWhatsapp: true });
    expect((await api(server, 'GET', '/companies', { token: a.admin.token })).status).toBe(403);
    expect((await api(server, 'GET', '/companiesPlan', { token: a.admin.token })).status).toBe(403);
  });

  it('lists every company with its plan on GET /companies/list; company 1 shows 2999-12-31', async () => {
    const list = await api(server, 'GET', '/companies/list', { token: superToken });
    expect(list.status).toBe(200);
    const root = list.body.find((c: { id: number }) => c.id === 1);
    expect(root.dueDate).toBe('2999-12-31T23:59:59.000Z');
    expect(list.body.find((c: { id: number }) => c.id === a.companyId).plan).toMatchObject({ id: a.planId });
    expect((await api(server, 'GET', '/companies/list', { token: a.admin.token })).status).toBe(403);
  });
});

describe('GET /companies/:id', () => {
  it('answers the super user and the admin of that company, 404 to another company, 403 to a plain user', async () => {
    expect((await api(server, 'GET', `/companies/${a.companyId}`, { token: superToken })).body).toMatchObject({ id: a.companyId });
    expect((await api(server, 'GET', `/companies/${a.companyId}`, { token: a.admin.token })).body).toMatchObject({ id: a.companyId });
    const other = await api(server, 'GET', `/companies/${a.companyId}`, { token: b.admin.token });
    expect(other.status).toBe(404);
    expect(other.body.error).toBe('ERR_NO_COMPANY_FOUND');
    expect((await api(server, 'GET', `/companies/${a.companyId}`, { token: a.users[0]!.token })).status).toBe(403);
    expect((await api(server, 'GET', '/companies/999999', { token: superToken })).status).toBe(404);
    expect((await api(server, 'GET', '/companies/abc', { token: superToken })).status).toBe(404);
  });
});

describe('GET /companies/listPlan/:companyId', () => {
  it('gives any user of the company its plan flags and limits; another company is 404', async () => {
    const mine = await api(server, 'GET', `/companies/listPlan/${a.companyId}`, { token: a.users[0]!.token });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({
      id: a.companyId,
      plan: { id: a.planId, users: 10, connections: 10, queues: 10, useCampaigns: true, useIntegration: true },
    });
    expect((await api(server, 'GET', `/companies/listPlan/${a.companyId}`, { token: b.admin.token })).status).toBe(404);
    expect((await api(server, 'GET', `/companies/listPlan/${a.companyId}`, { token: superToken })).status).toBe(200);
  });
});

describe('PUT /companies/:id', () => {
  it('updates fields, keeps absent ones, and refuses a name taken by another company', async () => {
    const updated = await api(server, 'PUT', `/companies/${b.companyId}`, {
      token: superToken,
      body: { phone: '551100000000', recurrence: 'anual', planId },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ phone: '551100000000', recurrence: 'ANUAL', planId, plan: { id: planId } });
    const taken = await api(server, 'PUT', `/companies/${b.companyId}`, { token: superToken, body: { name: 'acme ltda' } });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe('ERR_COMPANY_ALREADY_EXISTS');
    const emptied = await api(server, 'PUT', `/companies/${b.companyId}`, { token: superToken, body: { email: '' } });
    expect(emptied.status).toBe(400);
    expect(emptied.body.fields).toEqual({ email: 'E-mail é obrigatório' });
    const cleared = await api(server, 'PUT', `/companies/${b.companyId}`, { token: superToken, body: { dueDate: '' } });
    expect(cleared.body.dueDate).toBeNull();
    // Without a due date the company is expired (its users reach only the expiry page): give it one again.
    await api(server, 'PUT', `/companies/${b.companyId}`, { token: superToken, body: { dueDate: '2031-05-10' } });
    expect((await api(server, 'PUT', `/companies/${b.companyId}`, { token: b.admin.token, body: { phone: '1' } })).status).toBe(403);
    expect((await api(server, 'PUT', '/companies/999999', { token: superToken, body: { phone: '1' } })).status).toBe(404);
  });

  it('sets the company admin password when one is given', async () => {
    const created = await api(server, 'POST', '/companies', {
      token: superToken,
      body: { name: 'Password Co', email: 'pw@co.test', planId, password: 'first1' },
    });
    const updated = await api(server, 'PUT', `/companies/${created.body.id}`, { token: superToken, body: { password: 'second2' } });
    expect(updated.status).toBe(200);
    expect(await server.login('pw@co.test', 'second2')).toEqual(expect.any(String));
  });

  it('protects company 1: never deactivated, due date stays 2999-12-31', async () => {
    const deactivate = await api(server, 'PUT', '/companies/1', { token: superToken, body: { status: false } });
    expect(deactivate.status).toBe(400);
    expect(deactivate.body.error).toBe('ERR_SUPER_COMPANY_PROTECTED');
    const expire = await api(server, 'PUT', '/companies/1', { token: superToken, body: { dueDate: '2000-01-01', phone: '5511' } });
    expect(expire.status).toBe(200);
    expect(expire.body).toMatchObject({ phone: '5511', status: true, dueDate: '2999-12-31T23:59:59.000Z' });
    const row = await knex()('companies').where('id', 1).first();
    expect(new Date(row.due_date).getUTCFullYear()).toBe(2999);
  });
});

describe('DELETE /companies/:id', () => {
  it('deletes a company with its users, settings and media; company 1 cannot be deleted', async () => {
    const doomed = await server.createCompany({ users: [{ profile: 'user' }] });
    const media = server.container.get<MediaStorage>(MediaStorage);
    const photo = await media.save({ companyId: doomed.companyId, folder: 'users/1', fileName: 'photo.png', data: Buffer.from('png') });
    const note = await media.save({ companyId: doomed.companyId, folder: 'messages/9', fileName: 'note.ogg', data: Buffer.from('ogg') });
    const kept = await media.save({ companyId: a.companyId, folder: 'users/1', fileName: 'photo.png', data: Buffer.from('png') });
    expect((await api(server, 'DELETE', `/companies/${doomed.companyId}`, { token: a.admin.token })).status).toBe(403);
    expect(await media.exists(photo.path)).toBe(true);
    const deleted = await api(server, 'DELETE', `/companies/${doomed.companyId}`, { token: superToken });
    expect(deleted.status).toBe(200);
    expect(await knex()('companies').where('id', doomed.companyId).first()).toBeUndefined();
    expect(await knex()('users').where('company_id', doomed.companyId).first()).toBeUndefined();
    expect(await media.exists(photo.path)).toBe(false);
    expect(await media.exists(note.path)).toBe(false);
    expect(await media.exists(kept.path)).toBe(true);
    expect((await api(server, 'DELETE', `/companies/${doomed.companyId}`, { token: superToken })).status).toBe(404);
    const root = await api(server, 'DELETE', '/companies/1', { token: superToken });
    expect(root.status).toBe(400);
    expect(root.body.error).toBe('ERR_SUPER_COMPANY_PROTECTED');
  });
});

describe('PUT /companies/:id/schedules', () => {
  const week = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((weekdayEn) => ({
    weekday: weekdayEn,
    weekdayEn,
    startTimeA: '08:00',
    endTimeA: '12:00',
    startTimeB: '13:00',
    endTimeB: '18:00',
  }));

  it('lets the company admin save the service hours', async () => {
    const saved = await api(server, 'PUT', `/companies/${a.companyId}/schedules`, {
      token: a.admin.token,
      body: {
        id: a.companyId,
        schedules: [
          ...week.slice(0, 6),
          { weekday: 'Domingo', weekdayEn: 'sunday', startTimeA: '', endTimeA: '', startTimeB: '', endTimeB: '' },
        ],
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.schedules).toHaveLength(7);
    expect(saved.body.schedules[6]).toEqual({
      weekday: 'Domingo',
      weekdayEn: 'sunday',
      startTimeA: '',
      endTimeA: '',
      startTimeB: '',
      endTimeB: '',
    });
  });

  it('validates weekdays and HH:MM times', async () => {
    const bad = await api(server, 'PUT', `/companies/${a.companyId}/schedules`, {
      token: a.admin.token,
      body: {
        schedules: [
          { ...week[0], weekdayEn: 'funday' },
          { ...week[1], startTimeA: '8h', endTimeB: '25:00' },
          { ...week[2], startTimeA: '12:00', endTimeA: '09:00' },
        ],
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toMatchObject({
      'schedules[0].weekdayEn': 'Dia da semana inválido (monday a sunday)',
      'schedules[1].startTimeA': 'Horário inválido, use HH:MM',
      'schedules[1].endTimeB': 'Horário inválido, use HH:MM',
      'schedules[2].endTimeA': 'O horário final deve ser depois do inicial',
    });
    const twice = await api(server, 'PUT', `/companies/${a.companyId}/schedules`, {
      token: a.admin.token,
      body: { schedules: [week[0], week[0]] },
    });
    expect(twice.status).toBe(400);
    const missing = await api(server, 'PUT', `/companies/${a.companyId}/schedules`, { token: a.admin.token, body: {} });
    expect(missing.body.fields).toEqual({ schedules: 'Horários são obrigatórios' });
  });

  it('is 404 for another company and 403 for a plain user', async () => {
    expect(
      (await api(server, 'PUT', `/companies/${a.companyId}/schedules`, { token: b.admin.token, body: { schedules: week } })).status,
    ).toBe(404);
    expect(
      (await api(server, 'PUT', `/companies/${a.companyId}/schedules`, { token: a.users[0]!.token, body: { schedules: week } })).status,
    ).toBe(403);
  });
});

describe('due-date renewal', () => {
  it('adds the recurrence in calendar months, clamped to the end of the month', () => {
    const now = new Date('2030-01-01T00:00:00.000Z');
    const due = new Date('2030-01-31T15:00:00.000Z');
    const expected = {
      MENSAL: '2030-02-28',
      BIMESTRAL: '2030-03-31',
      TRIMESTRAL: '2030-04-30',
      SEMESTRAL: '2030-07-31',
      ANUAL: '2031-01-31',
    };
    for (const [recurrence, day] of Object.entries(expected)) {
      expect(renewedDueDate({ dueDate: due, recurrence, now }).toISOString()).toBe(`${day}T15:00:00.000Z`);
    }
    expect(addMonths(new Date('2031-12-15T00:00:00.000Z'), 2).toISOString()).toBe('2032-02-15T00:00:00.000Z');
    expect(addMonths(new Date('2032-01-31T00:00:00.000Z'), 1).toISOString()).toBe('2032-02-29T00:00:00.000Z');
    // Overdue or missing: a full period from now.
    expect(renewedDueDate({ dueDate: '2020-05-01T00:00:00.000Z', recurrence: 'MENSAL', now }).toISOString()).toBe(
      '2030-02-01T00:00:00.000Z',
    );
    expect(renewedDueDate({ dueDate: null, recurrence: 'SEMESTRAL', now }).toISOString()).toBe('2030-07-01T00:00:00.000Z');
  });

  it('POST /companies/:id/renew advances each recurrence from the current due date', async () => {
    const due = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 0, 31, 12));
    const months = { MENSAL: 1, BIMESTRAL: 2, TRIMESTRAL: 3, SEMESTRAL: 6, ANUAL: 12 };
    for (const [recurrence, count] of Object.entries(months)) {
      await knex()('companies').where('id', b.companyId).update({ recurrence, due_date: due });
      const renewed = await api(server, 'POST', `/companies/${b.companyId}/renew`, { token: superToken });
      expect(renewed.status).toBe(200);
      expect(renewed.body.dueDate).toBe(addMonths(due, count).toISOString());
    }
  });

  it('renews an overdue company from today; refuses company 1 and non-super callers', async () => {
    await knex()('companies')
      .where('id', b.companyId)
      .update({ recurrence: 'MENSAL', due_date: new Date('2020-01-01T00:00:00Z') });
    const before = Date.now();
    const renewed = await api(server, 'POST', `/companies/${b.companyId}/renew`, { token: superToken });
    const dueDate = new Date(renewed.body.dueDate).getTime();
    expect(dueDate).toBeGreaterThanOrEqual(addMonths(new Date(before), 1).getTime());
    expect(dueDate).toBeLessThanOrEqual(addMonths(new Date(), 1).getTime());
    const root = await api(server, 'POST', '/companies/1/renew', { token: superToken });
    expect(root.status).toBe(400);
    expect(root.body.error).toBe('ERR_SUPER_COMPANY_PROTECTED');
    expect((await api(server, 'POST', `/companies/${b.companyId}/renew`, { token: b.admin.token })).status).toBe(403);
  });
});
