import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { MediaStorage } from '../../../platform/media/media-storage.js';
import { addOption, addQueue, clearQueues, logTypes, sentTo } from './menu-fixtures.js';
import { startRoutingScenario, type RoutingScenario } from './routing-scenario.js';

let scenario: RoutingScenario;
let sales: number;
let support: number;

beforeAll(async () => {
  scenario = await startRoutingScenario({ company: { users: [{ profile: 'user', name: 'Bruna Atendente' }] } });
}, 120_000);

afterAll(async () => {
  await scenario?.stop();
});

beforeEach(async () => {
  await clearQueues(scenario);
  await scenario.companySettings({ user_random: 'disabled', send_greeting_message_one_queues: 'enabled' });
  await scenario.connectionColumns({ greeting_message: 'Olá! Escolha um setor:', max_use_bot_queues: 3 });
  sales = await addQueue(scenario, 'Vendas', { order_queue: 1, greeting_message: 'Bem-vindo a Vendas' });
  support = await addQueue(scenario, 'Suporte', { order_queue: 2, greeting_message: 'Bem-vindo ao Suporte' });
});

/** A visitor who has chosen "Vendas" and was shown its options. */
async function inSales(): Promise<Awaited<ReturnType<RoutingScenario['visitor']>>> {
  const visitor = await scenario.visitor();
  await visitor.say('oi');
  await visitor.say('1');
  return visitor;
}

describe('chatbot options of a queue', () => {
  it('lists the options under the queue greeting with a back line; # returns to the queue menu', async () => {
    await addOption(scenario, { queueId: sales }, 'Orçamento');
    await addOption(scenario, { queueId: sales }, 'Pedidos');
    const visitor = await inSales();
    expect(await visitor.waitForReply('Bem-vindo a Vendas')).toBe(
      'Bem-vindo a Vendas\n\n*[ 1 ]* - Orçamento\n*[ 2 ]* - Pedidos\n*[ # ]* - Voltar Menu Inicial',
    );
    expect(await visitor.ticket()).toMatchObject({ queue_id: sales, chatbot_id: null, is_bot: true });

    await visitor.say('#');
    const ticket = await visitor.ticket();
    expect(ticket).toMatchObject({ queue_id: null, chatbot_id: null });
    const sent = await sentTo(scenario, ticket.id);
    expect(sent.at(-1)).toBe('Olá! Escolha um setor:\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte');
    await visitor.say('2');
    expect((await visitor.ticket()).queue_id).toBe(support);
  });

  it("a 'text' option sends its message and lists its sub-options; an invalid choice repeats the level", async () => {
    const budget = await addOption(scenario, { queueId: sales }, 'Orçamento', { greeting_message: 'Qual produto?' });
    await addOption(scenario, { chatbotId: budget }, 'Cadeiras');
    await addOption(scenario, { chatbotId: budget }, 'Mesas');
    const visitor = await inSales();
    await visitor.say('1');
    expect(await visitor.waitForReply('Qual produto?')).toBe(
      'Qual produto?\n\n*[ 1 ]* - Cadeiras\n*[ 2 ]* - Mesas\n*[ # ]* - Voltar Menu Inicial',
    );
    expect((await visitor.ticket()).chatbot_id).toBe(budget);

    await visitor.say('7');
    const sent = await sentTo(scenario, (await visitor.ticket()).id);
    expect(sent.at(-1)).toBe(
      'Opção inválida, por favor escolha uma opção válida.\n\n*[ 1 ]* - Cadeiras\n*[ 2 ]* - Mesas\n*[ # ]* - Voltar Menu Inicial',
    );
    expect((await visitor.ticket()).chatbot_id).toBe(budget);
  });

  it("a 'queue' option moves the ticket to its queue and the bot ends", async () => {
    await addOption(scenario, { queueId: sales }, 'Falar com suporte', {
      queue_type: 'queue',
      opt_queue_id: support,
      greeting_message: 'Transferindo para o suporte',
    });
    const visitor = await inSales();
    await visitor.say('1');
    await visitor.waitForReply('Transferindo para o suporte');
    const ticket = await visitor.ticket();
    expect(ticket).toMatchObject({ queue_id: support, status: 'pending', user_id: null, is_bot: false });
    expect((await logTypes(scenario, ticket.id)).filter((type) => type === 'queue')).toHaveLength(2);
    const before = (await sentTo(scenario, ticket.id)).length;
    await visitor.say('1');
    expect(await sentTo(scenario, ticket.id)).toHaveLength(before);
  });

  it("an 'attendent' option gives the ticket to its user", async () => {
    const agent = scenario.company.users[0]!.id;
    await addOption(scenario, { queueId: sales }, 'Falar com a Bruna', { queue_type: 'attendent', opt_user_id: agent });
    const visitor = await inSales();
    await visitor.say('1');
    const ticket = await visitor.ticket();
    expect(ticket).toMatchObject({ status: 'open', user_id: agent, is_bot: false });
    expect(await logTypes(scenario, ticket.id)).toContain('open');
  });

  it("an 'integration' option hands the ticket to the integration: no more menus", async () => {
    const knex = scenario.server.ports.database.knex;
    const [integration] = await knex('queue_integrations')
      .insert({ company_id: scenario.company.companyId, type: 'webhook', name: 'Robô' })
      .returning('id');
    await addOption(scenario, { queueId: sales }, 'Assistente virtual', { queue_type: 'integration', opt_integration_id: integration.id });
    const visitor = await inSales();
    await visitor.say('1');
    const ticket = await visitor.ticket();
    expect(ticket).toMatchObject({ use_integration: true, integration_id: integration.id, status: 'pending' });
    const before = (await sentTo(scenario, ticket.id)).length;
    await visitor.say('9');
    expect(await sentTo(scenario, ticket.id)).toHaveLength(before);
  });

  it("a 'file' option sends the list's files as media, and a missing file as its name", async () => {
    const knex = scenario.server.ports.database.knex;
    const media = scenario.server.container.get<MediaStorage>(MediaStorage);
    const stored = await media.save({
      companyId: scenario.company.companyId,
      folder: 'files',
      fileName: 'tabela.pdf',
      data: Buffer.from('%PDF-1.4 preços'),
    });
    const [list] = await knex('files').insert({ company_id: scenario.company.companyId, name: 'Catálogo' }).returning('id');
    await knex('file_options').insert([
      { company_id: scenario.company.companyId, file_id: list.id, name: 'tabela.pdf', path: stored.path, media_type: 'application/pdf' },
      {
        company_id: scenario.company.companyId,
        file_id: list.id,
        name: 'sumiu.pdf',
        path: 'company0/none.pdf',
        media_type: 'application/pdf',
      },
    ]);
    await addOption(scenario, { queueId: sales }, 'Catálogo', {
      queue_type: 'file',
      opt_file_id: list.id,
      greeting_message: 'Segue o catálogo',
    });
    const visitor = await inSales();
    await visitor.say('1');
    await visitor.waitForReply('sumiu.pdf');
    const ticket = await visitor.ticket();
    const messages = await knex('messages')
      .where({ ticket_id: ticket.id, from_me: true })
      .orderBy('id')
      .select('body', 'media_type', 'media_url');
    expect(messages.slice(-3)).toEqual([
      { body: 'Segue o catálogo', media_type: 'chat', media_url: null },
      { body: '', media_type: 'application', media_url: stored.path },
      { body: 'sumiu.pdf', media_type: 'chat', media_url: null },
    ]);
  });

  it('closeTicket closes the ticket after the option message', async () => {
    await addOption(scenario, { queueId: sales }, 'Encerrar', { greeting_message: 'Até a próxima!', close_ticket: true });
    const visitor = await inSales();
    await visitor.say('1');
    await visitor.waitForReply('Até a próxima!');
    const ticket = await visitor.ticket();
    expect(ticket.status).toBe('closed');
    expect((await logTypes(scenario, ticket.id)).at(-1)).toBe('closed');
  });
});
