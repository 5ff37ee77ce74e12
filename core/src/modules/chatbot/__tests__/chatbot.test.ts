import { spyOnRealtime } from '../../../testing/realtime-spy.js';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Knex } from 'knex';
import { api, startTestServer, type CompanyFixture, type TestServer } from '../../../testing/test-server.js';
import { insertQueue, insertTarget } from '../../queues/__tests__/queues.access.js';
import { insertTicket } from '../../../testing/fixtures.js';
import { ChatbotService } from '../chatbot.service.js';
import { insertChatbot } from './chatbot.access.js';

let server: TestServer;
const db = (): Knex => server.ports.database.knex;

// Starting a server migrates a fresh database, which takes long on a busy machine.
beforeAll(async () => {
  server = await startTestServer();
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe('chatbot API', () => {
  let company: CompanyFixture;
  let other: CompanyFixture;

  beforeAll(async () => {
    company = await server.createCompany({ users: [{ profile: 'user' }] });
    other = await server.createCompany();
  });

  it('builds a menu option by option and answers it nested, announcing the queue', async () => {
    const token = company.admin.token;
    const queueId = await insertQueue(db(), company.companyId, { name: 'Menu' });
    const emit = spyOnRealtime(server.ports.realtime);
    try {
      const top = await api(server, 'POST', '/chatbot', { token, body: { queueId, name: 'Financeiro', greetingMessage: 'Escolha:' } });
      expect(top.status).toBe(201);
      expect(top.body).toMatchObject({ queueId, chatbotId: null, name: 'Financeiro', queueType: 'text', closeTicket: false, options: [] });
      expect(emit).toHaveBeenCalledWith(`company:${company.companyId}`, 'queue', {
        action: 'update',
        queue: expect.objectContaining({ id: queueId, chatbots: [expect.objectContaining({ id: top.body.id })] }),
      });

      const nested = await api(server, 'POST', '/chatbot', {
        token,
        body: {
          chatbotId: top.body.id,
          name: 'Segunda via',
          queueType: 'file',
          optFileId: await insertTarget(db(), 'files', company.companyId),
        },
      });
      expect(nested.status).toBe(201);
      expect(nested.body).toMatchObject({ queueId: null, chatbotId: top.body.id, queueType: 'file' });
      const deeper = await api(server, 'POST', '/chatbot', {
        token,
        body: {
          chatbotId: nested.body.id,
          name: 'Atendente',
          queueType: 'attendent',
          optUserId: company.users[0]!.id,
          optQueueId: queueId,
        },
      });
      expect(deeper.body).toMatchObject({ optUserId: company.users[0]!.id, optQueueId: queueId });

      const shown = await api(server, 'GET', `/chatbot/${top.body.id}`, { token });
      expect(shown.body.options.map((option: { id: number }) => option.id)).toEqual([nested.body.id]);
      expect(shown.body.options[0].options.map((option: { id: number }) => option.id)).toEqual([deeper.body.id]);
      const queue = await api(server, 'GET', `/queue/${queueId}`, { token });
      expect(queue.body.chatbots[0].options[0].options[0]).toMatchObject({ id: deeper.body.id, name: 'Atendente' });

      // The routing step reads the same tree.
      const tree = await server.container.get(ChatbotService).tree({ companyId: company.companyId, queueId });
      expect(JSON.parse(JSON.stringify(tree))).toEqual(queue.body.chatbots);
      expect(await server.container.get(ChatbotService).tree({ companyId: other.companyId, queueId })).toEqual([]);
    } finally {
      emit.mockRestore();
    }
  });

  it('edits an option: its fields, its type and targets, and what is under it', async () => {
    const token = company.admin.token;
    const queueId = await insertQueue(db(), company.companyId);
    const target = await insertQueue(db(), company.companyId);
    const created = await api(server, 'POST', '/chatbot', {
      token,
      body: { queueId, name: 'Transferir', queueType: 'queue', optQueueId: target, options: [{ name: 'Primeira' }, { name: 'Segunda' }] },
    });
    expect(created.body.options.map((option: { name: string }) => option.name)).toEqual(['Primeira', 'Segunda']);
    const [first, second] = created.body.options;

    const renamed = await api(server, 'PUT', `/chatbot/${created.body.id}`, { token, body: { name: 'Transferência', closeTicket: true } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Transferência', closeTicket: true, queueType: 'queue', optQueueId: target, queueId });
    expect(renamed.body.options).toHaveLength(2);

    // Becoming a text option drops the queue target; `options` replaces the nested ones, keeping those sent by id.
    const retyped = await api(server, 'PUT', `/chatbot/${created.body.id}`, {
      token,
      body: { queueType: 'text', options: [{ id: second.id, name: 'Segunda editada' }, { name: 'Terceira' }] },
    });
    expect(retyped.body).toMatchObject({ queueType: 'text', optQueueId: null, queueId });
    expect(retyped.body.options).toEqual([
      expect.objectContaining({ id: second.id, name: 'Segunda editada' }),
      expect.objectContaining({ name: 'Terceira', chatbotId: created.body.id }),
    ]);
    expect(await db()('chatbots').where('id', first.id)).toHaveLength(0);

    const toQueue = await api(server, 'PUT', `/chatbot/${created.body.id}`, { token, body: { queueType: 'queue' } });
    expect(toQueue.status).toBe(400);
    expect(toQueue.body.fields).toEqual({ optQueueId: 'Required' });
  });

  it('validates names, parents and targets', async () => {
    const token = company.admin.token;
    const queueId = await insertQueue(db(), company.companyId);
    const post = (body: Record<string, unknown>) => api(server, 'POST', '/chatbot', { token, body });

    expect((await post({ queueId })).body.fields).toEqual({ name: 'Required' });
    expect((await post({ queueId, name: 'abc' })).body.fields).toEqual({ name: 'too short' });
    expect((await post({ name: 'Sem lugar' })).body.fields).toEqual({ queueId: 'Informe a fila ou a opção pai' });
    expect((await post({ name: 'Dois lugares', queueId, chatbotId: await insertChatbot(db(), company.companyId) })).status).toBe(400);
    expect((await post({ queueId, name: 'Tipo', queueType: 'robot' })).body.fields).toEqual({ queueType: expect.any(String) });

    const theirUser = other.admin.id;
    const missing = await post({ queueId, name: 'Faltando', queueType: 'integration' });
    expect(missing.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { optIntegrationId: 'Required' } });
    const foreign = await post({
      queueId,
      name: 'Alheios',
      queueType: 'attendent',
      optUserId: theirUser,
      options: [{ name: 'Arquivo', queueType: 'file', optFileId: await insertTarget(db(), 'files', other.companyId) }],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.fields).toEqual({ optUserId: 'Usuário inválido', 'options[0].optFileId': 'Arquivo inválido' });
    expect(await db()('chatbots').where('queue_id', queueId)).toHaveLength(0);

    const option = await insertChatbot(db(), company.companyId, { queue_id: queueId });
    expect((await api(server, 'PUT', `/chatbot/${option}`, { token, body: { name: '' } })).body.fields).toEqual({ name: 'Required' });
  });

  it('deletes an option with what is under it; tickets on them lose only their menu position', async () => {
    const token = company.admin.token;
    const queueId = await insertQueue(db(), company.companyId);
    const parent = await insertChatbot(db(), company.companyId, { queue_id: queueId });
    const child = await insertChatbot(db(), company.companyId, { chatbot_id: parent });
    const sibling = await insertChatbot(db(), company.companyId, { queue_id: queueId });
    const ticket = (await insertTicket(db(), company.companyId)).ticketId;
    await db()('tickets').where('id', ticket).update({ chatbot_id: child, queue_id: queueId });

    const emit = spyOnRealtime(server.ports.realtime);
    try {
      const removed = await api(server, 'DELETE', `/chatbot/${parent}`, { token });
      expect(removed.status).toBe(200);
      expect(removed.body).toEqual({ message: expect.any(String) });
      expect(emit).toHaveBeenCalledWith(`company:${company.companyId}`, 'queue', {
        action: 'update',
        queue: expect.objectContaining({ id: queueId, chatbots: [expect.objectContaining({ id: sibling })] }),
      });
    } finally {
      emit.mockRestore();
    }
    expect(await db()('chatbots').whereIn('id', [parent, child])).toHaveLength(0);
    expect(await db()('tickets').where('id', ticket).first('chatbot_id', 'queue_id')).toEqual({ chatbot_id: null, queue_id: queueId });
    expect((await api(server, 'GET', `/chatbot/${child}`, { token })).body.error).toBe('ERR_NO_CHATBOT_FOUND');
  });

  it("answers 404 for another company's option or queue, and 403 to agents", async () => {
    const token = company.admin.token;
    const theirQueue = await insertQueue(db(), other.companyId);
    const theirOption = await insertChatbot(db(), other.companyId, { queue_id: theirQueue, name: 'Deles' });
    const calls: [string, string, unknown, string][] = [
      ['GET', `/chatbot/${theirOption}`, undefined, 'ERR_NO_CHATBOT_FOUND'],
      ['PUT', `/chatbot/${theirOption}`, { name: 'Tomada' }, 'ERR_NO_CHATBOT_FOUND'],
      ['DELETE', `/chatbot/${theirOption}`, undefined, 'ERR_NO_CHATBOT_FOUND'],
      ['POST', '/chatbot', { queueId: theirQueue, name: 'Intrusa' }, 'ERR_NO_QUEUE_FOUND'],
      ['POST', '/chatbot', { chatbotId: theirOption, name: 'Intrusa' }, 'ERR_NO_CHATBOT_FOUND'],
    ];
    for (const [method, route, body, error] of calls) {
      const answer = await api(server, method, route, { token, body });
      expect({ method, route, status: answer.status, error: answer.body.error }).toEqual({ method, route, status: 404, error });
    }
    expect(await db()('chatbots').where('company_id', other.companyId)).toEqual([
      expect.objectContaining({ id: theirOption, name: 'Deles' }),
    ]);

    const mine = await insertChatbot(db(), company.companyId);
    const agent = company.users[0]!.token;
    expect((await api(server, 'GET', `/chatbot/${mine}`, { token: agent })).status).toBe(403);
    expect((await api(server, 'PUT', `/chatbot/${mine}`, { token: agent, body: { name: 'Agente' } })).status).toBe(403);
  });
});
