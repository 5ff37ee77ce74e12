import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { api } from '../../../testing/test-server.js';
import { addOption, addQueue, clearQueues } from '../../routing/__tests__/menu-fixtures.js';
import { acceptTicket, ourMessages, startRoutingScenario, type RoutingScenario } from '../../routing/__tests__/routing-scenario.js';
import { BotConversations } from '../bot-conversations.js';
import { COUNTING_BOT, CountingBot, countingBotModule, recordedLog } from './counting-bot.js';

const bot = new CountingBot();
const log = recordedLog();
let scenario: RoutingScenario;
let botQueue: number;
let humans: number;
let integrationId: number;

beforeAll(async () => {
  scenario = await startRoutingScenario({ extraModules: [countingBotModule(bot), log.module] });
}, 120_000);

afterAll(async () => {
  await scenario?.stop();
});

beforeEach(async () => {
  await clearQueues(scenario);
  await scenario.companySettings({ user_random: 'disabled', send_greeting_message_one_queues: 'enabled' });
  await scenario.connectionColumns({ greeting_message: 'Olá! Escolha um setor:', integration_id: null, prompt_id: null });
  humans = await addQueue(scenario, 'Atendimento', { order_queue: 2, greeting_message: 'Bem-vindo ao atendimento' });
  const created = await api(scenario.server, 'POST', '/queueIntegration', {
    token: scenario.company.admin.token,
    body: {
      type: COUNTING_BOT,
      name: 'Robô',
      urlN8N: 'https://bot.example.test',
      settings: { token: 'bot-secret-token', transferQueueId: humans },
    },
  });
  expect(created.status).toBe(201);
  integrationId = created.body.id as number;
  botQueue = await addQueue(scenario, 'Robô', { order_queue: 1, greeting_message: 'Bem-vindo ao robô', integration_id: integrationId });
});

/** Waits until the bots have answered everything they were given (their turns run apart from the inbound chain). */
function botsIdle(): Promise<void> {
  return scenario.server.container.get(BotConversations).idle();
}

/** A visitor who chose the queue whose integration answers. */
async function withTheBot() {
  const visitor = await scenario.visitor();
  await visitor.say('oi');
  await visitor.say('1');
  expect(await visitor.waitForReply('bot#1')).toBe('bot#1: 1 (history 2, pt-BR)');
  return visitor;
}

describe('the integration step', () => {
  it('a visitor reaching a queue with an integration gets its answers, which count the conversation (its state)', async () => {
    const visitor = await withTheBot();
    expect(await visitor.ticket()).toMatchObject({
      queue_id: botQueue,
      use_integration: true,
      integration_id: integrationId,
      user_id: null,
    });
    await visitor.say('quero uma pizza');
    expect(await visitor.waitForReply('bot#2')).toBe('bot#2: quero uma pizza (history 3, pt-BR)');
    const asked = bot.seen.at(-1)!;
    expect(asked.conversation).toMatchObject({
      ticket: { queueId: botQueue, status: 'pending' },
      contact: { channel: 'webchat' },
      connection: { id: scenario.connection.id, channel: 'webchat' },
      company: { id: scenario.company.companyId },
      message: { body: 'quero uma pizza', fromMe: false },
    });
    // The last 3 messages before it (the plugin's historyLimit), oldest first.
    expect(asked.conversation.history.map((message) => [message.fromMe, message.body])).toEqual([
      [true, 'Olá! Escolha um setor:\n\n*[ 1 ]* - Robô\n*[ 2 ]* - Atendimento'],
      [false, '1'],
      [true, 'bot#1: 1 (history 2, pt-BR)'],
    ]);
    expect(asked.config).toMatchObject({ urlN8N: 'https://bot.example.test', token: 'bot-secret-token' });
    // The queue's own greeting and menus stay silent: the bot has the conversation.
    expect(await ourMessages(scenario, (await visitor.ticket()).id)).not.toContain('Bem-vindo ao robô');
  });

  it('"human" hands the ticket to the queue\'s people: pending in its queue, the bot silent from then on', async () => {
    const visitor = await withTheBot();
    await visitor.say('human');
    await visitor.waitForReply('Um atendente vai falar com você');
    // The hand-off is applied once the bot's last words are sent: its turn ends after the reply arrives.
    await botsIdle();
    const ticket = await visitor.ticket();
    expect(ticket).toMatchObject({ status: 'pending', queue_id: botQueue, use_integration: false, user_id: null });
    expect(await scenario.server.ports.database.knex('integration_sessions').where('ticket_id', ticket.id).first()).toBeUndefined();
    const asked = bot.seen.length;
    await visitor.say('alguém aí?');
    await botsIdle();
    expect(bot.seen).toHaveLength(asked);
    expect((await visitor.ticket()).use_integration).toBe(false);
  });

  it('an agent accepting the ticket stops the bot', async () => {
    const visitor = await withTheBot();
    const ticket = await visitor.ticket();
    await acceptTicket(scenario, ticket.id);
    expect((await visitor.ticket()).use_integration).toBe(false);
    const asked = bot.seen.length;
    await visitor.say('ainda é o robô?');
    await botsIdle();
    expect(bot.seen).toHaveLength(asked);
  });

  it('"transfer" moves the ticket to the queue the bot names, for its people', async () => {
    const visitor = await withTheBot();
    await visitor.say('transfer');
    await botsIdle();
    expect(await visitor.ticket()).toMatchObject({ queue_id: humans, use_integration: false, status: 'pending' });
  });

  it("an agent's transfer of a waiting ticket to the bot's queue hands it to the bot, which answers the contact", async () => {
    const visitor = await scenario.visitor();
    await visitor.say('preciso de ajuda');
    const ticket = await visitor.ticket();
    const moved = await api(scenario.server, 'PUT', `/tickets/${ticket.id}`, {
      token: scenario.company.admin.token,
      body: { queueId: botQueue },
    });
    expect(moved.status).toBe(200);
    expect(await visitor.waitForReply('bot#1')).toBe('bot#1: preciso de ajuda (history 0, pt-BR)');
    expect(await visitor.ticket()).toMatchObject({ queue_id: botQueue, use_integration: true, integration_id: integrationId });
  });

  it('"bye" closes the ticket after the bot\'s last words', async () => {
    const visitor = await withTheBot();
    await visitor.say('bye');
    await visitor.waitForReply('Até logo');
    await botsIdle();
    expect(await visitor.ticket()).toMatchObject({ status: 'closed', use_integration: false });
  });

  it('a voice note the bot answers with is stored as one, for the channel to deliver as a recorded note', async () => {
    const visitor = await withTheBot();
    await visitor.say('voice');
    await botsIdle();
    const ticketId = (await visitor.ticket()).id;
    const stored = await scenario.server.ports.database
      .knex('messages')
      .where({ ticket_id: ticketId, from_me: true, media_type: 'audio' })
      .first('data');
    expect(stored?.data).toMatchObject({ fileName: 'resposta.ogg', mimeType: 'audio/ogg', voiceNote: true });
  });

  it('a chatbot option of type integration hands the ticket to it, which answers at once', async () => {
    const menu = await addQueue(scenario, 'Menu', { order_queue: 0, greeting_message: 'Escolha:' });
    await scenario.server.ports.database.knex('connection_queues').whereNot('queue_id', menu).delete();
    await scenario.changed();
    await addOption(scenario, { queueId: menu }, 'Falar com o robô', {
      queue_type: 'integration',
      opt_integration_id: integrationId,
      greeting_message: 'Chamando o robô',
    });
    const visitor = await scenario.visitor();
    await visitor.say('oi');
    await visitor.waitForReply('Escolha:');
    await visitor.say('1');
    expect(await visitor.waitForReply('bot#1')).toBe('bot#1: 1 (history 2, pt-BR)');
    expect(await visitor.waitForReply('Chamando o robô')).toBe('Chamando o robô');
    expect(await visitor.ticket()).toMatchObject({ use_integration: true, integration_id: integrationId, queue_id: menu });
  });

  it('a connection with an integration hands its new tickets to it', async () => {
    await scenario.connectionColumns({ integration_id: integrationId });
    const visitor = await scenario.visitor();
    await visitor.say('bom dia');
    expect(await visitor.waitForReply('bot#1')).toBe('bot#1: bom dia (history 0, pt-BR)');
    expect(await visitor.ticket()).toMatchObject({ queue_id: null, use_integration: true, integration_id: integrationId });
  });

  it("the ticket header's toggle hands a waiting ticket to an integration", async () => {
    const visitor = await scenario.visitor();
    await visitor.say('oi');
    const ticket = await visitor.ticket();
    const toggled = await api(scenario.server, 'PUT', `/tickets/${ticket.id}`, {
      token: scenario.company.admin.token,
      body: { useIntegration: true, integrationId },
    });
    expect(toggled.status).toBe(200);
    await visitor.say('e agora?');
    expect(await visitor.waitForReply('bot#1')).toBe('bot#1: e agora? (history 2, pt-BR)');
  });

  it("hands the bot a contact's file as bytes and as a signed link its upstream can fetch, for that file only", async () => {
    const visitor = await withTheBot();
    const voice = Buffer.from('OggS fake voice note');
    await visitor.sendFile({ fileName: 'nota.ogg', mimeType: 'audio/ogg', data: voice });
    await botsIdle();
    const message = bot.seen.at(-1)!.conversation.message;
    expect(message.mediaType).toBe('audio');
    expect(await message.readMedia!()).toEqual(voice);
    const link = new URL(message.mediaUrl!);
    const fetched = await fetch(`${scenario.server.url}${link.pathname}${link.search}`);
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer())).toEqual(voice);
    const tampered = new URL(link.href);
    tampered.searchParams.set('signature', 'x'.repeat(43));
    expect((await fetch(`${scenario.server.url}${tampered.pathname}${tampered.search}`)).status).toBe(401);
    const elsewhere = link.pathname.replace(/[^/]+$/, 'other.ogg');
    expect((await fetch(`${scenario.server.url}${elsewhere}${link.search}`)).status).toBe(401);
  });

  it("the header's toggle alone gives a ticket to its queue's bot; a deleted integration gives it back to routing", async () => {
    const visitor = await withTheBot();
    const ticket = await visitor.ticket();
    const token = scenario.company.admin.token;
    await api(scenario.server, 'PUT', `/tickets/${ticket.id}`, { token, body: { useIntegration: false } });
    await api(scenario.server, 'PUT', `/tickets/${ticket.id}`, { token, body: { useIntegration: true } });
    await scenario.server.ports.database.knex('tickets').where('id', ticket.id).update({ integration_id: null });
    await visitor.say('de volta');
    expect(await visitor.waitForReply('bot#1: de volta')).toMatch(/^bot#1/);

    expect((await api(scenario.server, 'DELETE', `/queueIntegration/${integrationId}`, { token })).status).toBe(200);
    await visitor.say('e agora?');
    await botsIdle();
    expect(await visitor.ticket()).toMatchObject({ use_integration: false, integration_id: null });
  });

  it('an upstream failure leaves the message unanswered and logs no secret; the next message is answered', async () => {
    const visitor = await withTheBot();
    const before = (await visitor.replies()).length;
    await visitor.say('fail');
    await botsIdle();
    expect(await visitor.replies()).toHaveLength(before);
    expect(log.text()).toContain('integration failed');
    expect(log.text()).not.toContain('bot-secret-token');
    await visitor.say('de novo');
    expect(await visitor.waitForReply('bot#2')).toBe('bot#2: de novo (history 3, pt-BR)');
  });
});
