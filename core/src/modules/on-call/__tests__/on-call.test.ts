import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ContainerModule } from '@switchboard/sdk';
import type { Knex } from 'knex';
import { Clock } from '../../../platform/clock.js';
import { eventually } from '../../../testing/eventually.js';
import { api, startTestServer, type CompanyFixture, type TestServer } from '../../../testing/test-server.js';
import { CampaignWebhook, contactWrites, createApiConnection } from '../../campaigns/__tests__/campaign-harness.js';
import { OnCallNotifier } from '../index.js';

/** A clock the scenario moves by hand. */
class MovableClock implements Clock {
  constructor(private current: Date) {}
  now(): Date {
    return new Date(this.current);
  }
  set(at: Date): void {
    this.current = at;
  }
}

const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/** A week with `shifts` by weekday and the other days empty. */
function week(shifts: Record<string, [string, string]>) {
  return weekdays.map((weekdayEn) => ({ weekdayEn, startTime: shifts[weekdayEn]?.[0] ?? '', endTime: shifts[weekdayEn]?.[1] ?? '' }));
}

// 2030-01-07 is a Monday; São Paulo is UTC-3.
const monday = (time: string) => new Date(`2030-01-07T${time}:00-03:00`);
const clock = new MovableClock(monday('07:00'));

/** How many tickets of the company wait. */
async function pending(knex: Knex, companyId: number): Promise<number> {
  const [{ n }] = await knex('tickets').where({ company_id: companyId, status: 'pending' }).count({ n: '*' });
  return Number(n);
}

let server: TestServer;
let company: CompanyFixture;
let other: CompanyFixture;

beforeAll(async () => {
  server = await startTestServer({
    backgroundWorkers: false,
    extraModules: [new ContainerModule((_bind, _unbind, _isBound, rebind) => void rebind(Clock).toConstantValue(clock))],
  });
  company = await server.createCompany({ users: [{ profile: 'user' }, { profile: 'user' }] });
  other = await server.createCompany();
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

describe('on-call entries API', () => {
  it('creates, lists, shows, updates and deletes an entry with its person', async () => {
    const token = company.admin.token;
    const person = company.users[0]!;
    const created = await api(server, 'POST', '/plantao', {
      token,
      body: { userId: person.id, phone: '+55 (11) 98888-7777', interval: 10, days: week({ monday: ['08:00', '12:00'] }) },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ userId: person.id, user: { id: person.id }, phone: '5511988887777', interval: 10 });
    expect(created.body.user.name).toMatch(/^User 1/);
    expect(created.body.days).toHaveLength(7);
    expect(created.body.days[0]).toEqual({ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '12:00' });
    expect(created.body.days[6]).toEqual({ weekday: 'Domingo', weekdayEn: 'sunday', startTime: '', endTime: '' });

    const list = await api(server, 'GET', '/plantao', { token });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ count: 1, hasMore: false });
    expect(list.body.records[0]).toMatchObject({ id: created.body.id, user: { id: person.id } });

    const shown = await api(server, 'GET', `/plantao/${created.body.id}`, { token });
    expect(shown.body).toMatchObject({ id: created.body.id, phone: '5511988887777' });

    const second = company.users[1]!;
    const updated = await api(server, 'PUT', `/plantao/${created.body.id}`, {
      token,
      body: { userId: second.id, phone: '5511977776666', interval: 15, days: week({ friday: ['22:00', '06:00'] }) },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ userId: second.id, user: { id: second.id }, phone: '5511977776666', interval: 15 });
    expect(updated.body.days[4]).toMatchObject({ weekdayEn: 'friday', startTime: '22:00', endTime: '06:00' });

    const deleted = await api(server, 'DELETE', `/plantao/${created.body.id}`, { token });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Plantão removido com sucesso' });
    expect((await api(server, 'GET', `/plantao/${created.body.id}`, { token })).status).toBe(404);
  });

  it("answers the spec's validation texts", async () => {
    const token = company.admin.token;
    const empty = await api(server, 'POST', '/plantao', { token, body: { days: week({}) } });
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toMatchObject({
      userId: 'Informe o usuário',
      phone: 'Informe o telefone',
      interval: 'Informe o intervalo entre notificações',
      days: 'Pelo menos um dia da semana deve ter o horário de início e fim preenchido',
    });
    const base = { userId: company.users[0]!.id, phone: '5511988887777', interval: 5 };
    const halfDays = await api(server, 'POST', '/plantao', {
      token,
      body: { ...base, days: week({ monday: ['08:00', ''], tuesday: ['', '12:00'], wednesday: ['08:00', '12:00'] }) },
    });
    expect(halfDays.status).toBe(400);
    expect(halfDays.body.fields).toEqual({
      'days[0].endTime': 'Informe o fim do plantão',
      'days[1].startTime': 'Informe o início do plantão',
    });
    const badTime = await api(server, 'POST', '/plantao', { token, body: { ...base, days: week({ monday: ['8h', '12:00'] }) } });
    expect(badTime.body.fields).toMatchObject({ 'days[0].startTime': 'Use o formato HH:MM' });
    const sixDays = await api(server, 'POST', '/plantao', {
      token,
      body: { ...base, days: week({ monday: ['08:00', '12:00'] }).slice(1) },
    });
    expect(sixDays.status).toBe(400);
    const zeroInterval = await api(server, 'POST', '/plantao', {
      token,
      body: { ...base, interval: 0, days: week({ monday: ['08:00', '12:00'] }) },
    });
    expect(zeroInterval.body.fields).toEqual({ interval: 'Informe o intervalo entre notificações' });
    const foreignUser = await api(server, 'POST', '/plantao', {
      token,
      body: { ...base, userId: other.admin.id, days: week({ monday: ['08:00', '12:00'] }) },
    });
    expect(foreignUser.status).toBe(400);
    expect(foreignUser.body.fields).toEqual({ userId: 'Informe o usuário' });
  });

  it("is for admins only, and another company's entry is not found", async () => {
    const body = { userId: company.users[0]!.id, phone: '5511988887777', interval: 5, days: week({ monday: ['08:00', '12:00'] }) };
    const created = await api(server, 'POST', '/plantao', { token: company.admin.token, body });
    expect(created.status).toBe(201);
    const user = company.users[0]!.token;
    expect((await api(server, 'GET', '/plantao', { token: user })).status).toBe(403);
    expect((await api(server, 'POST', '/plantao', { token: user, body })).status).toBe(403);
    expect((await api(server, 'DELETE', `/plantao/${created.body.id}`, { token: user })).status).toBe(403);

    const stranger = other.admin.token;
    expect((await api(server, 'GET', `/plantao/${created.body.id}`, { token: stranger })).status).toBe(404);
    const strangerBody = { ...body, userId: other.admin.id };
    expect((await api(server, 'PUT', `/plantao/${created.body.id}`, { token: stranger, body: strangerBody })).status).toBe(404);
    expect((await api(server, 'DELETE', `/plantao/${created.body.id}`, { token: stranger })).status).toBe(404);
    expect((await api(server, 'GET', '/plantao', { token: stranger })).body.count).toBe(0);
    await api(server, 'DELETE', `/plantao/${created.body.id}`, { token: company.admin.token });
  });
});

describe('on-call notices on a controllable clock', () => {
  const webhook = new CampaignWebhook();

  beforeAll(async () => {
    await webhook.start();
  });

  afterAll(async () => {
    await webhook.close();
  });

  it('tells the person on call how many tickets wait, at the start and every interval, only in their hours', async () => {
    const scenario = await server.createCompany({ users: [{ profile: 'user' }] });
    const token = scenario.admin.token;
    const knex = server.ports.database.knex;
    const notifier = server.container.get<OnCallNotifier>(OnCallNotifier);
    const first = await createApiConnection(server, token, webhook, 'Outra');
    const standard = await createApiConnection(server, token, webhook, 'Padrão');
    await knex('connections').where('company_id', scenario.companyId).update({ is_default: false });
    await knex('connections').where('id', standard.id).update({ is_default: true });
    const phone = '5511988880000';
    const created = await api(server, 'POST', '/plantao', {
      token,
      body: { userId: scenario.users[0]!.id, phone, interval: 10, days: week({ monday: ['08:00', '12:00'] }) },
    });
    expect(created.status).toBe(201);

    const notices = async () => {
      const [{ n }] = await knex('messages')
        .where('company_id', scenario.companyId)
        .whereRaw(`data->'origin'->>'onCall' = ?`, [String(created.body.id)])
        .count({ n: '*' });
      return Number(n);
    };
    const sweepAt = async (time: string) => {
      clock.set(monday(time));
      await notifier.sweep();
      return notices();
    };

    // On call, but nothing waits.
    expect(await sweepAt('08:00')).toBe(0);

    // A customer writes: one ticket waits.
    await contactWrites(server, first.token, { number: '5511900001111', body: 'Olá, preciso de ajuda' });
    await eventually(async () => (await pending(knex, scenario.companyId)) === 1, 'the waiting ticket');
    expect(await sweepAt('07:59')).toBe(0);
    expect(await sweepAt('08:00')).toBe(1);
    expect(await sweepAt('08:05')).toBe(1);
    expect(await sweepAt('08:09')).toBe(1);
    expect(await sweepAt('08:10')).toBe(2);
    // The notice's own ticket is the person's, open: it does not wait.
    expect(await pending(knex, scenario.companyId)).toBe(1);
    // Outside their hours.
    expect(await sweepAt('12:30')).toBe(2);
    clock.set(new Date(monday('08:00').getTime() + 86_400_000 + 10 * 60_000));
    await notifier.sweep();
    expect(await notices()).toBe(2);

    await eventually(() => webhook.messagesByNumber().get(phone)?.size === 2, 'two notices at the webhook');
    const received = webhook.delivered.filter((delivery) => delivery.to === phone);
    expect(received.every((delivery) => delivery.body === 'Há 1 atendimento aguardando.')).toBe(true);
    expect(received.every((delivery) => delivery.connectionId === standard.id)).toBe(true);

    // Nothing waits any more: no notice, even in their hours and out of the interval.
    await knex('tickets').where({ company_id: scenario.companyId, status: 'pending' }).update({ status: 'closed' });
    expect(await sweepAt('08:30')).toBe(2);
    // Two waiting: the count is in the notice.
    await knex('tickets').where({ company_id: scenario.companyId, status: 'closed' }).update({ status: 'pending' });
    await contactWrites(server, first.token, { number: '5511900002222', body: 'Oi' });
    await eventually(async () => (await pending(knex, scenario.companyId)) === 2, 'two waiting tickets');
    expect(await sweepAt('08:40')).toBe(3);
    await eventually(
      () => webhook.delivered.some((delivery) => delivery.to === phone && delivery.body === 'Há 2 atendimentos aguardando.'),
      'the notice of two waiting tickets',
    );
  }, 60_000);

  it('two sweeps of one slot send one notice', async () => {
    const scenario = await server.createCompany({ users: [{ profile: 'user' }] });
    const token = scenario.admin.token;
    const knex = server.ports.database.knex;
    const notifier = server.container.get<OnCallNotifier>(OnCallNotifier);
    const connection = await createApiConnection(server, token, webhook, 'Única');
    const created = await api(server, 'POST', '/plantao', {
      token,
      body: { userId: scenario.users[0]!.id, phone: '5511977770000', interval: 5, days: week({ sunday: ['22:00', '09:00'] }) },
    });
    await contactWrites(server, connection.token, { number: '5511900003333', body: 'Oi' });
    await eventually(async () => (await pending(knex, scenario.companyId)) === 1, 'the waiting ticket');
    // Monday 08:30 is inside Sunday's shift that crosses midnight.
    clock.set(monday('08:30'));
    await Promise.all([notifier.sweep(), notifier.sweep()]);
    const [{ n }] = await knex('messages')
      .where('company_id', scenario.companyId)
      .whereRaw(`data->'origin'->>'onCall' = ?`, [String(created.body.id)])
      .count({ n: '*' });
    expect(Number(n)).toBe(1);
    clock.set(monday('09:00'));
    await notifier.sweep();
    const [{ n: after }] = await knex('messages')
      .where('company_id', scenario.companyId)
      .whereRaw(`data->'origin'->>'onCall' = ?`, [String(created.body.id)])
      .count({ n: '*' });
    expect(Number(after)).toBe(1);
  }, 60_000);
});
