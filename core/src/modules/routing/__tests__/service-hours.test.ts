import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { api } from '../../../testing/test-server.js';
import { addQueue, addQueueUser, clearQueues, holdTicket, sentTo } from './menu-fixtures.js';
import { startRoutingScenario, type RoutingScenario } from './routing-scenario.js';

let scenario: RoutingScenario;

const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
/** Every day 08:00-12:00 and 13:00-18:00. */
const officeHours = JSON.stringify(
  days.map((weekdayEn) => ({
    weekday: weekdayEn,
    weekdayEn,
    startTimeA: '08:00',
    endTimeA: '12:00',
    startTimeB: '13:00',
    endTimeB: '18:00',
  })),
);
/** Every day 00:00-23:59 (open at any time the tests use). */
const allDay = JSON.stringify(
  days.map((weekdayEn) => ({ weekday: weekdayEn, weekdayEn, startTimeA: '00:00', endTimeA: '23:59', startTimeB: '', endTimeB: '' })),
);
// Monday 23 November 2026 in São Paulo (UTC-3): 10:00 is within office hours, 20:00 is not.
const morning = new Date('2026-11-23T13:00:00Z');
const evening = new Date('2026-11-23T23:00:00Z');

beforeAll(async () => {
  scenario = await startRoutingScenario({ company: { users: [{ profile: 'user', start_work: '08:00', end_work: '18:00' }] } });
}, 120_000);

afterAll(async () => {
  await scenario?.stop();
});

beforeEach(async () => {
  await clearQueues(scenario);
  await scenario.companySettings({
    schedule_type: 'disabled',
    user_random: 'disabled',
    send_message_out_expedient_ticket_open: 'disabled',
  });
  await scenario.connectionColumns({
    greeting_message: 'Olá! Escolha um setor:',
    out_of_hours_message: 'Estamos fora do horário de atendimento.',
    schedules: allDay,
  });
  await scenario.server.ports.database.knex('companies').where('id', scenario.company.companyId).update({ schedules: allDay });
  await scenario.changed();
  await addQueue(scenario, 'Vendas', { order_queue: 1, greeting_message: 'Bem-vindo a Vendas' });
  await addQueue(scenario, 'Suporte', { order_queue: 2, schedules: officeHours, out_of_hours_message: 'O suporte atende das 8h às 18h.' });
});

async function companyHours(schedules: string): Promise<void> {
  await scenario.server.ports.database.knex('companies').where('id', scenario.company.companyId).update({ schedules });
  await scenario.changed();
}

describe('service hours', () => {
  it("'company': out of the company's hours the contact gets the out-of-hours message and no menu", async () => {
    await scenario.companySettings({ schedule_type: 'company' });
    await companyHours(officeHours);
    scenario.clock.set(evening);
    const visitor = await scenario.visitor();
    await visitor.say('oi');
    await visitor.waitForReply('fora do horário');
    const ticket = await visitor.ticket();
    expect(await sentTo(scenario, ticket.id)).toEqual(['Estamos fora do horário de atendimento.']);
    expect(ticket.is_out_of_hour).toBe(true);

    scenario.clock.set(morning);
    await visitor.say('oi de novo');
    await visitor.waitForReply('Escolha um setor');
    expect((await visitor.ticket()).is_out_of_hour).toBe(false);
  });

  it("'connection': the connection's hours decide, not the company's", async () => {
    await scenario.companySettings({ schedule_type: 'connection' });
    await scenario.connectionColumns({ schedules: officeHours });
    scenario.clock.set(evening);
    const visitor = await scenario.visitor();
    await visitor.say('oi');
    await visitor.waitForReply('fora do horário');
    expect(await sentTo(scenario, (await visitor.ticket()).id)).toHaveLength(1);
  });

  it("'disabled': no hours are checked", async () => {
    await companyHours(officeHours);
    await scenario.connectionColumns({ schedules: officeHours });
    scenario.clock.set(evening);
    const visitor = await scenario.visitor();
    await visitor.say('oi');
    await visitor.waitForReply('Escolha um setor');
    expect((await visitor.ticket()).is_out_of_hour).toBe(false);
  });

  it("'queue': the menu is offered, and a queue out of its hours answers with the queue's message", async () => {
    await scenario.companySettings({ schedule_type: 'queue' });
    scenario.clock.set(evening);
    const visitor = await scenario.visitor();
    await visitor.say('oi');
    await visitor.waitForReply('Escolha um setor');
    await visitor.say('2');
    await visitor.waitForReply('O suporte atende das 8h às 18h.');
    const ticket = await visitor.ticket();
    expect(ticket.is_out_of_hour).toBe(true);
    await visitor.say('alguém aí?');
    expect((await sentTo(scenario, ticket.id)).filter((body) => body === 'O suporte atende das 8h às 18h.')).toHaveLength(2);

    const other = await scenario.visitor();
    await other.say('oi');
    await other.say('1');
    await other.waitForReply('Bem-vindo a Vendas');
  });

  it('an open ticket gets the message only with sendMessageOutExpedientTicketOpen', async () => {
    await scenario.companySettings({ schedule_type: 'company' });
    scenario.clock.set(morning);
    const visitor = await scenario.visitor();
    await visitor.say('oi');
    const ticket = await visitor.ticket();
    await holdTicket(scenario, ticket.id, scenario.company.admin.id);
    await companyHours(officeHours);
    scenario.clock.set(evening);
    await visitor.say('ainda aí?');
    expect(await sentTo(scenario, ticket.id)).not.toContain('Estamos fora do horário de atendimento.');

    await scenario.companySettings({ send_message_out_expedient_ticket_open: 'enabled' });
    await visitor.say('ainda aí?');
    await visitor.waitForReply('fora do horário');
    expect(await sentTo(scenario, ticket.id)).toContain('Estamos fora do horário de atendimento.');
  });
});

describe("users' working hours", () => {
  it('a user outside startWork..endWork cannot accept (403 ERR_OUT_OF_HOURS); inside, and admins, can', async () => {
    await clearQueues(scenario);
    const only = await addQueue(scenario, 'Plantão');
    const agent = scenario.company.users[0]!;
    await addQueueUser(scenario, agent.id, only, false);
    const accept = async (token: string, ticketId: number, userId: number) =>
      api(scenario.server, 'PUT', `/tickets/${ticketId}`, { token, body: { status: 'open', userId } });

    const visitor = await scenario.visitor();
    await visitor.say('oi');
    const ticket = await visitor.ticket();
    expect(ticket).toMatchObject({ queue_id: only, status: 'pending' });

    scenario.clock.set(evening);
    const refused = await accept(agent.token, ticket.id, agent.id);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('ERR_OUT_OF_HOURS');
    expect((await visitor.ticket()).status).toBe('pending');

    scenario.clock.set(morning);
    expect((await accept(agent.token, ticket.id, agent.id)).status).toBe(200);

    const second = await scenario.visitor();
    await second.say('oi');
    scenario.clock.set(evening);
    const admin = scenario.company.admin;
    expect((await accept(admin.token, (await second.ticket()).id, admin.id)).status).toBe(200);
  });
});
