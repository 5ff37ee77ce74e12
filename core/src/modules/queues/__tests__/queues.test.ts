import { spyOnRealtime } from '../../../testing/realtime-spy.js';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Knex } from 'knex';
import { api, startTestServer, type CompanyFixture, type TestServer } from '../../../testing/test-server.js';
import { insertTicket } from '../../../testing/fixtures.js';
import { defaultServiceHours } from '../service-hours.js';
import { insertQueue, insertTarget } from './queues.access.js';

let server: TestServer;
let knex: Knex;

// Starting a server migrates a fresh database, which takes long on a busy machine.
beforeAll(async () => {
  server = await startTestServer();
  knex = server.ports.database.knex;
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const names = (body: { name: string }[]) => body.map((queue) => queue.name);

describe('queues API', () => {
  let company: CompanyFixture;
  let other: CompanyFixture;

  beforeAll(async () => {
    company = await server.createCompany({ users: [{ profile: 'user' }] });
    other = await server.createCompany();
  });

  it('creates, shows, updates and deletes a queue, announcing each change', async () => {
    const token = company.admin.token;
    const emit = spyOnRealtime(server.ports.realtime);
    try {
      const created = await api(server, 'POST', '/queue', {
        token,
        body: { name: ' Suporte ', color: '#00FF00', greetingMessage: 'Bem-vindo ao suporte', orderQueue: '', tempoRoteador: 5 },
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        name: 'Suporte',
        color: '#00FF00',
        greetingMessage: 'Bem-vindo ao suporte',
        outOfHoursMessage: null,
        orderQueue: null,
        ativarRoteador: false,
        tempoRoteador: 5,
        integrationId: null,
        fileListId: null,
        promptId: null,
        closeTicket: false,
        chatbots: [],
      });
      // No schedules sent: the default week.
      expect(created.body.schedules).toEqual(defaultServiceHours());
      const id = created.body.id as number;
      expect(emit).toHaveBeenCalledWith(`company:${company.companyId}`, 'queue', {
        action: 'create',
        queue: expect.objectContaining({ id, name: 'Suporte' }),
      });

      expect((await api(server, 'GET', `/queue/${id}`, { token })).body).toMatchObject({ id, name: 'Suporte', chatbots: [] });

      const sunday = { weekday: 'Domingo', weekdayEn: 'sunday', startTimeA: '', endTimeA: '', startTimeB: '', endTimeB: '' };
      const updated = await api(server, 'PUT', `/queue/${id}`, {
        token,
        body: { outOfHoursMessage: 'Fora do horário', ativarRoteador: true, closeTicket: true, schedules: [sunday] },
      });
      expect(updated.status).toBe(200);
      // Partial: what was not sent stays.
      expect(updated.body).toMatchObject({
        name: 'Suporte',
        greetingMessage: 'Bem-vindo ao suporte',
        outOfHoursMessage: 'Fora do horário',
        ativarRoteador: true,
        closeTicket: true,
        schedules: [sunday],
      });
      expect(emit).toHaveBeenCalledWith(`company:${company.companyId}`, 'queue', {
        action: 'update',
        queue: expect.objectContaining({ id, outOfHoursMessage: 'Fora do horário' }),
      });
      // Saving its own name and colour again is no conflict.
      expect((await api(server, 'PUT', `/queue/${id}`, { token, body: { name: 'Suporte', color: '#00ff00' } })).status).toBe(200);

      const removed = await api(server, 'DELETE', `/queue/${id}`, { token });
      expect(removed.status).toBe(200);
      expect(removed.body).toEqual({ message: expect.any(String) });
      expect(emit).toHaveBeenCalledWith(`company:${company.companyId}`, 'queue', { action: 'delete', queueId: id });
      expect((await api(server, 'GET', `/queue/${id}`, { token })).status).toBe(404);
      expect((await api(server, 'DELETE', `/queue/${id}`, { token })).body.error).toBe('ERR_NO_QUEUE_FOUND');
      expect((await api(server, 'GET', '/queue/abc', { token })).status).toBe(404);
      // Beyond PostgreSQL's integer range: no such queue, not a database error.
      expect((await api(server, 'GET', '/queue/99999999999', { token })).status).toBe(404);
    } finally {
      emit.mockRestore();
    }
  });

  it('lists the caller company queues by order (unset last), then name, whatever companyId is asked', async () => {
    const listed = await server.createCompany({ users: [{ profile: 'user' }] });
    await insertQueue(knex, listed.companyId, { name: 'Vendas' });
    await insertQueue(knex, listed.companyId, { name: 'Atendimento' });
    await insertQueue(knex, listed.companyId, { name: 'Financeiro', order_queue: 2 });
    await insertQueue(knex, listed.companyId, { name: 'Suporte', order_queue: 1 });
    await insertQueue(knex, other.companyId, { name: 'De outra empresa' });

    // Agents read the queues too (transfer, filters).
    const asAgent = await api(server, 'GET', `/queue?companyId=${other.companyId}`, { token: listed.users[0]!.token });
    expect(asAgent.status).toBe(200);
    expect(names(asAgent.body)).toEqual(['Suporte', 'Financeiro', 'Atendimento', 'Vendas']);
    expect(asAgent.body[0]).toMatchObject({ schedules: [], chatbots: [] });
    const one = await api(server, 'GET', `/queue/${asAgent.body[0].id}`, { token: listed.users[0]!.token });
    expect(one.body.name).toBe('Suporte');
  });

  it('validates the fields with the spec texts', async () => {
    const token = company.admin.token;
    const empty = await api(server, 'POST', '/queue', { token, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { name: 'Required', color: 'Required' } });

    const short = await api(server, 'POST', '/queue', { token, body: { name: 'a', color: '#f' } });
    expect(short.body.fields).toEqual({ name: 'Too Short!', color: 'Too Short!' });
    const long = await api(server, 'POST', '/queue', { token, body: { name: 'x'.repeat(51), color: '#0123456789' } });
    expect(long.body.fields).toEqual({ name: 'Too Long!', color: 'Too Long!' });

    const wrong = await api(server, 'POST', '/queue', {
      token,
      body: {
        name: 'Campos',
        color: '#abcdef',
        tempoRoteador: 7,
        orderQueue: 'primeira',
        integrationId: 'x',
        promptId: 99_999_999_999,
        schedules: [
          { weekday: 'Segunda-feira', weekdayEn: 'funday', startTimeA: '08:00', endTimeA: '12:00', startTimeB: '', endTimeB: '' },
          { weekday: 'Terça-feira', weekdayEn: 'tuesday', startTimeA: '8h', endTimeA: '12:00', startTimeB: '', endTimeB: '' },
        ],
      },
    });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body.fields).sort()).toEqual(
      ['integrationId', 'orderQueue', 'promptId', 'schedules[0].weekdayEn', 'schedules[1].startTimeA', 'tempoRoteador'].sort(),
    );

    // PUT is partial, but a name or colour sent empty is still required.
    const queue = await insertQueue(knex, company.companyId);
    const blank = await api(server, 'PUT', `/queue/${queue}`, { token, body: { name: '', color: '' } });
    expect(blank.body.fields).toEqual({ name: 'Required', color: 'Required' });
    for (const tempoRoteador of [0, 2, 5, 10, 15, 30, 45, 60]) {
      expect((await api(server, 'PUT', `/queue/${queue}`, { token, body: { tempoRoteador } })).body.tempoRoteador).toBe(tempoRoteador);
    }
    expect(await knex('queues').where('id', queue).first('name')).toEqual({ name: expect.stringMatching(/^Fila /) });
  });

  it('keeps names and colours unique in the company, ignoring case', async () => {
    const token = company.admin.token;
    expect((await api(server, 'POST', '/queue', { token, body: { name: 'Comercial', color: '#123ABC' } })).status).toBe(201);

    const sameColor = await api(server, 'POST', '/queue', { token, body: { name: 'Outra', color: '#123abc' } });
    expect(sameColor.status).toBe(400);
    expect(sameColor.body).toMatchObject({ error: 'ERR_QUEUE_COLOR_ALREADY_EXISTS', fields: { color: expect.any(String) } });
    const sameName = await api(server, 'POST', '/queue', { token, body: { name: 'COMERCIAL', color: '#999999' } });
    expect(sameName.status).toBe(400);
    expect(sameName.body.error).toBe('ERR_QUEUE_NAME_ALREADY_EXISTS');

    const second = await api(server, 'POST', '/queue', { token, body: { name: 'Pós-venda', color: '#999999' } });
    expect((await api(server, 'PUT', `/queue/${second.body.id}`, { token, body: { color: '#123ABC' } })).body.error).toBe(
      'ERR_QUEUE_COLOR_ALREADY_EXISTS',
    );
    expect((await api(server, 'PUT', `/queue/${second.body.id}`, { token, body: { name: 'comercial' } })).body.error).toBe(
      'ERR_QUEUE_NAME_ALREADY_EXISTS',
    );

    // Concurrent creations of one name: exactly one wins.
    const raced = await Promise.all(
      ['#a00001', '#a00002', '#a00003'].map((color) => api(server, 'POST', '/queue', { token, body: { name: 'Corrida', color } })),
    );
    expect(raced.map((answer) => answer.status).sort()).toEqual([201, 400, 400]);

    // Another company may use the same name and colour.
    expect((await api(server, 'POST', '/queue', { token: other.admin.token, body: { name: 'Comercial', color: '#123ABC' } })).status).toBe(
      201,
    );
  });

  it('links an integration, a file list and a prompt only of the company', async () => {
    const token = company.admin.token;
    const integrationId = await insertTarget(knex, 'queue_integrations', company.companyId);
    const fileListId = await insertTarget(knex, 'files', company.companyId);
    const promptId = await insertTarget(knex, 'prompts', company.companyId);
    const linked = await api(server, 'POST', '/queue', {
      token,
      body: { name: 'Automática', color: '#0a0b0c', integrationId, fileListId, promptId },
    });
    expect(linked.status).toBe(201);
    expect(linked.body).toMatchObject({ integrationId, fileListId, promptId });
    const cleared = await api(server, 'PUT', `/queue/${linked.body.id}`, { token, body: { integrationId: '', promptId: null } });
    expect(cleared.body).toMatchObject({ integrationId: null, fileListId, promptId: null });

    const foreign = {
      integrationId: ['ERR_NO_INTEGRATION_FOUND', await insertTarget(knex, 'queue_integrations', other.companyId)],
      fileListId: ['ERR_NO_FILE_FOUND', await insertTarget(knex, 'files', other.companyId)],
      promptId: ['ERR_NO_PROMPT_FOUND', await insertTarget(knex, 'prompts', other.companyId)],
    } as const;
    for (const [field, [error, id]] of Object.entries(foreign)) {
      const created = await api(server, 'POST', '/queue', { token, body: { name: `Com ${field}`, color: '#0d0e0f', [field]: id } });
      expect({ field, status: created.status, error: created.body.error }).toEqual({ field, status: 404, error });
      const updated = await api(server, 'PUT', `/queue/${linked.body.id}`, { token, body: { [field]: id } });
      expect({ field, status: updated.status, error: updated.body.error }).toEqual({ field, status: 404, error });
    }
    expect(await knex('queues').where({ company_id: company.companyId, name: 'Com promptId' })).toHaveLength(0);
  });

  it("answers 404 for another company's queue and 403 to agents on changes", async () => {
    const theirs = await insertQueue(knex, other.companyId, { name: 'Alheia' });
    const token = company.admin.token;
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { name: 'Tomada' }],
      ['DELETE', undefined],
    ] as const) {
      const answer = await api(server, method, `/queue/${theirs}`, { token, body });
      expect({ method, status: answer.status, error: answer.body.error }).toEqual({ method, status: 404, error: 'ERR_NO_QUEUE_FOUND' });
    }
    expect(await knex('queues').where('id', theirs).first('name')).toEqual({ name: 'Alheia' });

    const mine = await insertQueue(knex, company.companyId);
    const agent = company.users[0]!.token;
    expect((await api(server, 'POST', '/queue', { token: agent, body: { name: 'Agente', color: '#1a1a1a' } })).status).toBe(403);
    expect((await api(server, 'PUT', `/queue/${mine}`, { token: agent, body: { name: 'Agente' } })).status).toBe(403);
    expect((await api(server, 'DELETE', `/queue/${mine}`, { token: agent })).status).toBe(403);
    expect((await api(server, 'GET', `/queue/${mine}`, { token: agent })).status).toBe(200);
  });

  it("refuses a queue beyond the plan's queues", async () => {
    const limited = await server.createCompany({ plan: { queues: 2 } });
    const token = limited.admin.token;
    for (const [name, color] of [
      ['Primeira', '#100000'],
      ['Segunda', '#200000'],
    ]) {
      expect((await api(server, 'POST', '/queue', { token, body: { name, color } })).status).toBe(201);
    }
    const third = await api(server, 'POST', '/queue', { token, body: { name: 'Terceira', color: '#300000' } });
    expect(third.status).toBe(403);
    expect(third.body.error).toBe('ERR_PLAN_LIMIT_REACHED');
    expect(await knex('queues').where('company_id', limited.companyId)).toHaveLength(2);
  });

  it('holds the plan limit under parallel creations', async () => {
    const limited = await server.createCompany({ plan: { queues: 3 } });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        api(server, 'POST', '/queue', { token: limited.admin.token, body: { name: `Paralela ${index}`, color: `#4000${index}0` } }),
      ),
    );
    const outcomes = answers.map((answer) => (answer.status === 201 ? 'created' : `${answer.status} ${answer.body.error}`)).sort();
    expect(outcomes).toEqual([...Array(5).fill('403 ERR_PLAN_LIMIT_REACHED'), ...Array(3).fill('created')]);
    expect(await knex('queues').where('company_id', limited.companyId)).toHaveLength(3);
  });

  it('deleting a queue keeps its tickets without a queue and drops its user links and menu', async () => {
    const token = company.admin.token;
    const created = await api(server, 'POST', '/queue', {
      token,
      body: { name: 'Temporária', color: '#4b4b4b', chatbots: [{ name: 'Opção um', options: [{ name: 'Opção dois' }] }] },
    });
    const queueId = created.body.id as number;
    const ticket = (await insertTicket(knex, company.companyId)).ticketId;
    await knex('tickets').where('id', ticket).update({ queue_id: queueId });
    const agent = company.users[0]!;
    await knex('user_queues').insert({ user_id: agent.id, queue_id: queueId, company_id: company.companyId });
    const menu = await knex('chatbots').where('company_id', company.companyId).whereIn('name', ['Opção um', 'Opção dois']);
    expect(menu).toHaveLength(2);

    expect((await api(server, 'DELETE', `/queue/${queueId}`, { token })).status).toBe(200);
    expect(await knex('tickets').where('id', ticket).first('id', 'queue_id')).toEqual({ id: ticket, queue_id: null });
    expect(await knex('user_queues').where('queue_id', queueId)).toHaveLength(0);
    expect(
      await knex('chatbots').whereIn(
        'id',
        menu.map((row: { id: number }) => row.id),
      ),
    ).toHaveLength(0);
    const me = await api(server, 'GET', `/users/${agent.id}`, { token });
    expect(me.body.queues).toEqual([]);
  });

  it('replaces the chatbot menu sent with the queue, nested to any depth, in one transaction', async () => {
    const token = company.admin.token;
    const target = await insertQueue(knex, company.companyId, { name: 'Destino' });
    const created = await api(server, 'POST', '/queue', {
      token,
      body: {
        name: 'Com menu',
        color: '#5c5c5c',
        chatbots: [
          {
            name: 'Comprar',
            greetingMessage: 'O que deseja comprar?',
            options: [
              {
                name: 'Produtos',
                options: [{ name: 'Ver lista', options: [{ name: 'Ir à fila', queueType: 'queue', optQueueId: target }] }],
              },
            ],
          },
          { name: 'Falar com alguém', queueType: 'attendent', optUserId: company.users[0]!.id, optFileId: 99 },
        ],
      },
    });
    expect(created.status).toBe(201);
    const queueId = created.body.id as number;
    const [buy, talk] = created.body.chatbots;
    expect(buy).toMatchObject({ name: 'Comprar', queueId, chatbotId: null, queueType: 'text', greetingMessage: 'O que deseja comprar?' });
    const deepest = buy.options[0].options[0].options[0];
    expect(deepest).toMatchObject({ name: 'Ir à fila', queueId: null, queueType: 'queue', optQueueId: target, options: [] });
    // A target the type does not use is not kept.
    expect(talk).toMatchObject({ queueType: 'attendent', optUserId: company.users[0]!.id, optFileId: null });

    // Kept by id (a ticket sits on it), renamed; the rest replaced.
    const ticket = (await insertTicket(knex, company.companyId)).ticketId;
    await knex('tickets').where('id', ticket).update({ chatbot_id: buy.id });
    const replaced = await api(server, 'PUT', `/queue/${queueId}`, {
      token,
      body: {
        chatbots: [
          { id: buy.id, name: 'Compras', options: [{ name: 'Novidades' }] },
          { name: 'Encerrar', closeTicket: true },
        ],
      },
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.chatbots).toEqual([
      expect.objectContaining({
        id: buy.id,
        name: 'Compras',
        options: [expect.objectContaining({ name: 'Novidades', chatbotId: buy.id })],
      }),
      expect.objectContaining({ name: 'Encerrar', closeTicket: true, options: [] }),
    ]);
    expect(await knex('tickets').where('id', ticket).first('chatbot_id')).toEqual({ chatbot_id: buy.id });
    expect(await knex('chatbots').whereIn('id', [talk.id, deepest.id])).toHaveLength(0);

    // One bad option deep down: nothing of the request is applied.
    const before = await api(server, 'GET', `/queue/${queueId}`, { token });
    const theirQueue = await insertQueue(knex, other.companyId);
    const refused = await api(server, 'PUT', `/queue/${queueId}`, {
      token,
      body: {
        name: 'Renomeada',
        chatbots: [{ name: 'Primeira', options: [{ name: 'Duas', queueType: 'queue', optQueueId: theirQueue }, { name: 'abc' }] }],
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ 'chatbots[0].options[1].name': 'too short' });
    const foreign = await api(server, 'PUT', `/queue/${queueId}`, {
      token,
      body: {
        name: 'Renomeada',
        chatbots: [{ name: 'Primeira', options: [{ name: 'Duas', queueType: 'queue', optQueueId: theirQueue }] }],
      },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { 'chatbots[0].options[0].optQueueId': 'Fila inválida' } });
    expect((await api(server, 'GET', `/queue/${queueId}`, { token })).body).toEqual(before.body);

    // An empty list clears the menu; a queue body without chatbots leaves it alone.
    expect((await api(server, 'PUT', `/queue/${queueId}`, { token, body: { greetingMessage: 'Olá' } })).body.chatbots).toHaveLength(2);
    expect((await api(server, 'PUT', `/queue/${queueId}`, { token, body: { chatbots: [] } })).body.chatbots).toEqual([]);
  });
});
