import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { api } from '../../../testing/test-server.js';
import { ConversationTimers } from '../conversation-timers.js';
import { addQueue, addQueueUser, clearQueues, logTypes, sentTo } from './menu-fixtures.js';
import { startRoutingScenario, type RoutingScenario } from './routing-scenario.js';

let scenario: RoutingScenario;
let sales: number;
let support: number;
const MINUTE = 60_000;

beforeAll(async () => {
  scenario = await startRoutingScenario({
    company: {
      users: [
        { profile: 'user', name: 'Ana Agente', farewell_message: 'A Ana agradece o contato!' },
        { profile: 'user', name: 'Beto Agente' },
      ],
    },
  });
}, 120_000);

afterAll(async () => {
  await scenario?.stop();
});

beforeEach(async () => {
  await clearQueues(scenario);
  await scenario.companySettings({ user_random: 'disabled', send_queue_position: 'disabled', send_greeting_message_one_queues: 'enabled' });
  await scenario.connectionColumns({ greeting_message: 'Olá! Escolha um setor:', time_send_queue: 0, send_id_queue: null });
  await scenario.server.ports.database
    .knex('users')
    .where('company_id', scenario.company.companyId)
    .update({ start_work: '00:00', end_work: '23:59' });
  sales = await addQueue(scenario, 'Vendas', { order_queue: 1 });
  support = await addQueue(scenario, 'Suporte', { order_queue: 2, ativar_roteador: true, tempo_roteador: 2 });
});

const ana = () => scenario.company.users[0]!;
const beto = () => scenario.company.users[1]!;
const pendingKinds = async (ticketId: number) =>
  (await scenario.server.container.get(ConversationTimers).pending(scenario.company.companyId, ticketId)).map((timer) => timer.kind);

describe('userRandom', () => {
  it('gives a ticket entering a queue to an online user of the queue', async () => {
    await scenario.companySettings({ user_random: 'enabled' });
    await addQueueUser(scenario, ana().id, sales, true);
    const visitor = await scenario.visitor();
    await visitor.say('oi');
    await visitor.say('1');
    const ticket = await visitor.ticket();
    expect(ticket).toMatchObject({ status: 'open', user_id: ana().id, queue_id: sales });
    expect(await logTypes(scenario, ticket.id)).toContain('open');
  });

  it('passes over offline users and users outside their working hours', async () => {
    await scenario.companySettings({ user_random: 'enabled' });
    await addQueueUser(scenario, ana().id, sales, false);
    await addQueueUser(scenario, beto().id, sales, true);
    const knex = scenario.server.ports.database.knex;
    await knex('users').where('id', beto().id).update({ start_work: '08:00', end_work: '18:00' });
    scenario.clock.set(new Date('2026-11-23T23:00:00Z')); // 20:00 in São Paulo
    const visitor = await scenario.visitor();
    await visitor.say('oi');
    await visitor.say('1');
    expect(await visitor.ticket()).toMatchObject({ status: 'pending', user_id: null, queue_id: sales });

    scenario.clock.set(new Date('2026-11-23T13:00:00Z')); // 10:00
    await visitor.say('alguém?');
    expect(await visitor.ticket()).toMatchObject({ status: 'open', user_id: beto().id });
  });
});

describe('queue rotation', () => {
  it('waits tempoRoteador minutes, tries again while nobody is online, then gives tickets out in turn', async () => {
    await addQueueUser(scenario, ana().id, support, false);
    await addQueueUser(scenario, beto().id, support, false);
    const first = await scenario.visitor();
    await first.say('oi');
    await first.say('2');
    const ticket = await first.ticket();
    expect(await pendingKinds(ticket.id)).toContain('rotation');

    scenario.clock.advance(2 * MINUTE + 1000);
    await scenario.sweep();
    expect(await first.ticket()).toMatchObject({ status: 'pending', user_id: null });
    expect(await pendingKinds(ticket.id)).toContain('rotation');

    await scenario.server.ports.database.knex('users').whereIn('id', [ana().id, beto().id]).update({ online: true });
    const second = await scenario.visitor();
    await second.say('oi');
    await second.say('2');
    scenario.clock.advance(1 * MINUTE);
    await scenario.sweep();
    expect((await second.ticket()).user_id).toBeNull();
    scenario.clock.advance(1 * MINUTE + 1000);
    await scenario.sweep();
    const owners = [(await first.ticket()).user_id, (await second.ticket()).user_id];
    expect(owners.sort()).toEqual([ana().id, beto().id].sort());
    expect((await first.ticket()).status).toBe('open');
    expect(await pendingKinds(ticket.id)).not.toContain('rotation');
  });

  it("an agent's accept cancels the timer; a transfer back to the queue arms it again; closing drops it", async () => {
    const visitor = await scenario.visitor();
    await visitor.say('oi');
    await visitor.say('2');
    const ticket = await visitor.ticket();
    const admin = scenario.company.admin;
    const put = (body: Record<string, unknown>) => api(scenario.server, 'PUT', `/tickets/${ticket.id}`, { token: admin.token, body });
    expect((await put({ status: 'open', userId: admin.id })).status).toBe(200);
    // The accept's greeting (our message) arms the default auto-close, not the rotation.
    expect(await pendingKinds(ticket.id)).toEqual(['expireTicket']);
    expect((await put({ status: 'pending', userId: null, queueId: support })).status).toBe(200);
    expect((await pendingKinds(ticket.id)).sort()).toEqual(['expireTicket', 'rotation']);
    expect((await put({ status: 'closed' })).status).toBe(200);
    expect(await pendingKinds(ticket.id)).toEqual([]);
  });
});

describe('timeSendQueue', () => {
  it('moves a ticket still without queue to sendIdQueue after the minutes set', async () => {
    await scenario.connectionColumns({ time_send_queue: 5, send_id_queue: sales });
    const visitor = await scenario.visitor();
    await visitor.say('oi');
    const ticket = await visitor.ticket();
    scenario.clock.advance(4 * MINUTE);
    await scenario.sweep();
    expect((await visitor.ticket()).queue_id).toBeNull();
    scenario.clock.advance(MINUTE + 1000);
    await scenario.sweep();
    expect((await visitor.ticket()).queue_id).toBe(sales);
    expect(await logTypes(scenario, ticket.id)).toContain('queue');
  });

  it('is cancelled when the contact chooses a queue', async () => {
    await scenario.connectionColumns({ time_send_queue: 5, send_id_queue: sales });
    const visitor = await scenario.visitor();
    await visitor.say('oi');
    await visitor.say('2');
    expect(await pendingKinds((await visitor.ticket()).id)).not.toContain('sendQueue');
    scenario.clock.advance(6 * MINUTE);
    await scenario.sweep();
    expect((await visitor.ticket()).queue_id).toBe(support);
  });
});

describe('sendQueuePosition', () => {
  it('tells each waiting contact its position in the queue', async () => {
    await scenario.companySettings({ send_queue_position: 'enabled' });
    const first = await scenario.visitor();
    await first.say('oi');
    await first.say('1');
    await first.waitForReply('posição *1*');
    const second = await scenario.visitor();
    await second.say('oi');
    await second.say('1');
    expect(await second.waitForReply('Você está na posição')).toBe(
      '*Mensagem Automática*:\nVocê está na posição *2* da fila de atendimento. Aguarde, já vamos te atender!',
    );
  });

  it('says nothing when disabled', async () => {
    const visitor = await scenario.visitor();
    await visitor.say('oi');
    await visitor.say('1');
    expect((await sentTo(scenario, (await visitor.ticket()).id)).some((body) => body.includes('posição'))).toBe(false);
  });
});

describe("agents' automatic messages reach the contact", () => {
  let visitors = 0;
  async function waitingTicket() {
    visitors += 1;
    const visitor = await scenario.visitor(visitors === 1 ? 'Carla' : `Cliente ${visitors}`);
    await visitor.say('oi');
    await visitor.say('1');
    return { visitor, ticket: await visitor.ticket() };
  }
  const put = (token: string, ticketId: number, body: Record<string, unknown>) =>
    api(scenario.server, 'PUT', `/tickets/${ticketId}`, { token, body });

  it('sendGreetingAccepted: the greeting names the agent who accepted', async () => {
    await scenario.companySettings({ send_greeting_accepted: 'enabled' });
    await addQueueUser(scenario, ana().id, sales, false);
    const { visitor, ticket } = await waitingTicket();
    expect((await put(ana().token, ticket.id, { status: 'open', userId: ana().id })).status).toBe(200);
    expect(await visitor.waitForReply('meu nome é')).toBe(
      'Olá *Carla*, meu nome é *Ana Agente* e agora vou prosseguir com seu atendimento!',
    );
  });

  it('sendMsgTransfTicket: a transfer is announced to the contact', async () => {
    await scenario.companySettings({ send_msg_transf_ticket: 'enabled' });
    const { visitor, ticket } = await waitingTicket();
    expect((await put(scenario.company.admin.token, ticket.id, { status: 'pending', userId: null, queueId: support })).status).toBe(200);
    expect(await visitor.waitForReply('Você foi transferido')).toContain('o departamento *Suporte*');
  });

  it('sendFarewellWaitingTicket: closing a pending ticket sends the farewell only when enabled', async () => {
    await scenario.connectionColumns({ complation_message: 'Obrigado por falar conosco.' });
    await scenario.companySettings({ send_farewell_waiting_ticket: 'disabled' });
    const quiet = await waitingTicket();
    expect((await put(scenario.company.admin.token, quiet.ticket.id, { status: 'closed' })).status).toBe(200);
    expect(await sentTo(scenario, quiet.ticket.id)).not.toContain('Obrigado por falar conosco.');

    await scenario.companySettings({ send_farewell_waiting_ticket: 'enabled' });
    const told = await waitingTicket();
    expect((await put(scenario.company.admin.token, told.ticket.id, { status: 'closed' })).status).toBe(200);
    await told.visitor.waitForReply('Obrigado por falar conosco.');
  });

  it("sendSignMessage and the agent's farewellMessage: signed messages, then the agent's own farewell on resolve", async () => {
    await scenario.companySettings({ send_sign_message: 'enabled', send_greeting_accepted: 'disabled' });
    await addQueueUser(scenario, ana().id, sales, false);
    const { visitor, ticket } = await waitingTicket();
    expect((await put(ana().token, ticket.id, { status: 'open', userId: ana().id })).status).toBe(200);
    const sent = await api(scenario.server, 'POST', `/messages/${ticket.id}`, { token: ana().token, body: { body: 'Posso ajudar?' } });
    expect(sent.status).toBeLessThan(300);
    expect(await visitor.waitForReply('Posso ajudar?')).toBe('*Ana Agente:*\nPosso ajudar?');
    expect((await put(ana().token, ticket.id, { status: 'closed' })).status).toBe(200);
    await visitor.waitForReply('A Ana agradece o contato!');
  });
});
