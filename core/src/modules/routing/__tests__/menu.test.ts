import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { addOption, addQueue, clearQueues, holdTicket, logTypes, sentTo } from './menu-fixtures.js';
import { startRoutingScenario, type RoutingScenario } from './routing-scenario.js';

let scenario: RoutingScenario;

beforeAll(async () => {
  scenario = await startRoutingScenario();
}, 120_000);

afterAll(async () => {
  await scenario?.stop();
});

beforeEach(async () => {
  await clearQueues(scenario);
  await scenario.companySettings({ send_greeting_message_one_queues: 'enabled', user_random: 'disabled' });
  await scenario.connectionColumns({ greeting_message: 'Olá! Escolha um setor:', max_use_bot_queues: 3, time_use_bot_queues: 0 });
});

describe('greeting and queue menu', () => {
  it('greets with the numbered queues and puts the ticket in the queue the contact chooses', async () => {
    await addQueue(scenario, 'Vendas', { order_queue: 1, greeting_message: 'Bem-vindo a Vendas' });
    const support = await addQueue(scenario, 'Suporte', { order_queue: 2, greeting_message: 'Bem-vindo ao Suporte' });
    const visitor = await scenario.visitor();

    await visitor.say('oi');
    expect(await visitor.waitForReply('Escolha um setor')).toBe('Olá! Escolha um setor:\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte');
    expect((await visitor.ticket()).queue_id).toBeNull();

    await visitor.say('2');
    await visitor.waitForReply('Bem-vindo ao Suporte');
    const ticket = await visitor.ticket();
    expect(ticket).toMatchObject({ queue_id: support, status: 'pending', user_id: null });
    expect(await logTypes(scenario, ticket.id)).toContain('queue');
    expect(await sentTo(scenario, ticket.id)).not.toContain('Bem-vindo a Vendas');
  });

  it('repeats the menu under the invalid-option line for any other answer', async () => {
    await addQueue(scenario, 'Vendas', { order_queue: 1 });
    await addQueue(scenario, 'Suporte', { order_queue: 2 });
    const visitor = await scenario.visitor();
    await visitor.say('oi');
    await visitor.say('9');
    expect(await visitor.waitForReply('Opção inválida')).toBe(
      'Opção inválida, por favor escolha uma opção válida.\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte',
    );
    await visitor.say('quero falar com alguém');
    expect((await sentTo(scenario, (await visitor.ticket()).id)).filter((body) => body.startsWith('Opção inválida'))).toHaveLength(2);
    expect((await visitor.ticket()).queue_id).toBeNull();
  });

  it('with one queue and sendGreetingMessageOneQueues, enters it at once with its greeting and chatbot menu', async () => {
    const only = await addQueue(scenario, 'Atendimento', { greeting_message: 'Você está no Atendimento' });
    await addOption(scenario, { queueId: only }, 'Segunda via');
    const visitor = await scenario.visitor();
    await visitor.say('oi');
    expect(await visitor.waitForReply('Você está no Atendimento')).toBe('Você está no Atendimento\n\n*[ 1 ]* - Segunda via');
    const ticket = await visitor.ticket();
    expect(ticket.queue_id).toBe(only);
    expect(await logTypes(scenario, ticket.id)).toContain('queue');
    expect(await sentTo(scenario, ticket.id)).not.toContainEqual(expect.stringContaining('Escolha um setor'));
  });

  it("uses the connection's greeting for the single queue when the queue has none", async () => {
    const only = await addQueue(scenario, 'Atendimento');
    const visitor = await scenario.visitor();
    await visitor.say('oi');
    expect(await visitor.waitForReply('Escolha um setor')).toBe('Olá! Escolha um setor:');
    expect((await visitor.ticket()).queue_id).toBe(only);
  });

  it('shows the one-line menu when sendGreetingMessageOneQueues is disabled', async () => {
    await scenario.companySettings({ send_greeting_message_one_queues: 'disabled' });
    const only = await addQueue(scenario, 'Atendimento', { greeting_message: 'Você está no Atendimento' });
    const visitor = await scenario.visitor();
    await visitor.say('oi');
    expect(await visitor.waitForReply('Escolha um setor')).toBe('Olá! Escolha um setor:\n\n*[ 1 ]* - Atendimento');
    expect((await visitor.ticket()).queue_id).toBeNull();
    await visitor.say('1');
    await visitor.waitForReply('Você está no Atendimento');
    expect((await visitor.ticket()).queue_id).toBe(only);
  });

  it('stops answering after maxUseBotQueues menus; the ticket stays pending for an agent', async () => {
    await scenario.connectionColumns({ max_use_bot_queues: 2 });
    await addQueue(scenario, 'Vendas', { order_queue: 1 });
    await addQueue(scenario, 'Suporte', { order_queue: 2 });
    const visitor = await scenario.visitor();
    await visitor.say('oi');
    await visitor.say('x');
    await visitor.waitForReply('Opção inválida');
    await visitor.say('y');
    await visitor.say('2');
    const ticket = await visitor.ticket();
    expect(await sentTo(scenario, ticket.id)).toHaveLength(2);
    expect(ticket).toMatchObject({ status: 'pending', queue_id: null, amount_used_bot_queues: 2 });
  });

  it('starts the count over after timeUseBotQueues minutes', async () => {
    await scenario.connectionColumns({ max_use_bot_queues: 1, time_use_bot_queues: 10 });
    await addQueue(scenario, 'Vendas', { order_queue: 1 });
    const support = await addQueue(scenario, 'Suporte', { order_queue: 2 });
    const visitor = await scenario.visitor();
    await visitor.say('oi');
    await visitor.say('x');
    const ticketId = (await visitor.ticket()).id as number;
    expect(await sentTo(scenario, ticketId)).toHaveLength(1);

    scenario.clock.advance(9 * 60_000);
    await scenario.sweep();
    await visitor.say('x');
    expect(await sentTo(scenario, ticketId)).toHaveLength(1);

    scenario.clock.advance(2 * 60_000);
    await scenario.sweep();
    await visitor.say('x');
    await visitor.waitForReply('Opção inválida');
    await scenario.connectionColumns({ max_use_bot_queues: 3 });
    await visitor.say('2');
    expect((await visitor.ticket()).queue_id).toBe(support);
  });

  it('leaves contacts with the bot disabled and tickets an agent holds alone', async () => {
    await addQueue(scenario, 'Vendas', { order_queue: 1 });
    await addQueue(scenario, 'Suporte', { order_queue: 2 });
    const quiet = await scenario.visitor();
    await quiet.say('oi');
    const quietTicket = await quiet.ticket();
    await scenario.server.ports.database.knex('contacts').where('id', quietTicket.contact_id).update({ disable_bot: true });
    await scenario.server.ports.database.knex('tickets').where('id', quietTicket.id).update({ is_bot: false, amount_used_bot_queues: 0 });
    await quiet.say('olá de novo');
    expect(await sentTo(scenario, quietTicket.id)).toHaveLength(1);

    const held = await scenario.visitor();
    await held.say('oi');
    const heldTicket = await held.ticket();
    await holdTicket(scenario, heldTicket.id, scenario.company.admin.id);
    await held.say('1');
    expect(await sentTo(scenario, heldTicket.id)).toHaveLength(1);
    expect((await held.ticket()).queue_id).toBeNull();
  });
});
