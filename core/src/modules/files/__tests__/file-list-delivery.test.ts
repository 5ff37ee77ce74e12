import { beforeEach, describe, expect, it } from '@jest/globals';
import { api } from '../../../testing/test-server.js';
import { addOption, addQueue, clearQueues } from '../../routing/__tests__/menu-fixtures.js';
import { scenarioOfThisFile, type RoutingScenario } from '../../routing/__tests__/routing-scenario.js';

const scenario = scenarioOfThisFile();

beforeEach(async () => {
  await clearQueues(scenario());
  await scenario().companySettings({ user_random: 'disabled', send_greeting_message_one_queues: 'enabled' });
  await scenario().connectionColumns({ greeting_message: 'Olá! Escolha um setor:', max_use_bot_queues: 3 });
});

/** A list made through the API: a message, a stored PDF and an option whose file never came (sent as its name). */
async function catalogue(current: RoutingScenario): Promise<{ id: number; pdfPath: string }> {
  const token = current.company.admin.token;
  const created = await api(current.server, 'POST', '/files', {
    token,
    body: { name: 'Catálogo', message: 'Olá {{firstName}}, segue o catálogo', options: [{ name: 'tabela.pdf' }, { name: 'sumiu.pdf' }] },
  });
  expect(created.status).toBe(201);
  const form = new FormData();
  form.append('typeArch', 'fileList');
  form.append('files', new Blob(['%PDF-1.4 preços'], { type: 'application/pdf' }), 'tabela.pdf');
  form.append('id', String(created.body.options[0].id));
  const uploaded = await api(current.server, 'POST', `/files/uploadList/${created.body.id}`, { token, body: form });
  expect(uploaded.status).toBe(200);
  return { id: created.body.id, pdfPath: uploaded.body.options[0].path };
}

async function sentRows(current: RoutingScenario, ticketId: number) {
  return current.server.ports.database
    .knex('messages')
    .where({ ticket_id: ticketId, from_me: true })
    .orderBy('id')
    .select('body', 'media_type', 'media_url');
}

describe('sending a file list to a webchat visitor', () => {
  it("the chatbot's 'file' option sends its message, then the list's message and files", async () => {
    const list = await catalogue(scenario());
    const sales = await addQueue(scenario(), 'Vendas', { order_queue: 1, greeting_message: 'Bem-vindo a Vendas' });
    await addQueue(scenario(), 'Suporte', { order_queue: 2 });
    await addOption(scenario(), { queueId: sales }, 'Catálogo', {
      queue_type: 'file',
      opt_file_id: list.id,
      greeting_message: 'Um momento',
    });
    const visitor = await scenario().visitor('Joana Prado');
    await visitor.say('oi');
    await visitor.say('1');
    await visitor.say('1');
    await visitor.waitForReply('sumiu.pdf');
    const ticket = await visitor.ticket();
    expect((await sentRows(scenario(), ticket.id)).slice(-4)).toEqual([
      { body: 'Um momento', media_type: 'chat', media_url: null },
      { body: 'Olá Joana, segue o catálogo', media_type: 'chat', media_url: null },
      { body: '', media_type: 'application', media_url: list.pdfPath },
      { body: 'sumiu.pdf', media_type: 'chat', media_url: null },
    ]);
  });

  it("a queue's file list follows its greeting when a ticket enters it", async () => {
    const list = await catalogue(scenario());
    const only = await addQueue(scenario(), 'Atendimento', { greeting_message: 'Bem-vindo, {{name}}!' });
    const saved = await api(scenario().server, 'PUT', `/queue/${only}`, {
      token: scenario().company.admin.token,
      body: { fileListId: list.id },
    });
    expect(saved.status).toBe(200);
    await scenario().changed();
    const visitor = await scenario().visitor('Caio Lima');
    await visitor.say('bom dia');
    await visitor.waitForReply('sumiu.pdf');
    const ticket = await visitor.ticket();
    expect(ticket.queue_id).toBe(only);
    expect(await sentRows(scenario(), ticket.id)).toEqual([
      { body: 'Bem-vindo, Caio Lima!', media_type: 'chat', media_url: null },
      { body: 'Olá Caio, segue o catálogo', media_type: 'chat', media_url: null },
      { body: '', media_type: 'application', media_url: list.pdfPath },
      { body: 'sumiu.pdf', media_type: 'chat', media_url: null },
    ]);
    // The visitor's widget shows the file too.
    expect((await visitor.transcript()).filter((message) => message.fromMe)).toHaveLength(4);
  });
});
