import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { api, startTestServer, type CompanyFixture, type TestServer } from '../../../testing/test-server.js';
import { insertConnection, insertContact, insertTicket } from '../../../testing/fixtures.js';
import { DueSchedules } from '../due-schedules.js';
import { SCHEDULE_CLAIM_TIMEOUT_MS, ScheduleService } from '../schedule.service.js';

let server: TestServer;
let company: CompanyFixture;
let other: CompanyFixture;
const sockets: Socket[] = [];

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const agent = () => company.users[0]!;

beforeAll(async () => {
  // The dispatcher's side is driven by hand here; the running dispatcher is tested in schedule-restart.test.ts.
  server = await startTestServer({ backgroundWorkers: false });
  company = await server.createCompany({ users: [{ profile: 'user' }] });
  other = await server.createCompany();
});

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server?.stop();
});

describe('schedules API', () => {
  it("validates with the spec's texts: body at least 5, contact and sendAt required, sendAt in the future", async () => {
    const empty = await api(server, 'POST', '/schedules', { token: agent().token, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({
      error: 'ERR_VALIDATION',
      fields: { body: 'Obrigatório', contactId: 'Obrigatório', sendAt: 'Obrigatório' },
    });
    const contactId = (await insertContact(server.ports.database.knex, company.companyId)).id;
    const short = await api(server, 'POST', '/schedules', { token: agent().token, body: { body: 'Oi', contactId, sendAt: inMinutes(60) } });
    expect(short.status).toBe(400);
    expect(short.body.fields).toEqual({ body: 'Mensagem muito curta' });
    const past = await api(server, 'POST', '/schedules', {
      token: agent().token,
      body: { body: 'Mensagem atrasada', contactId, sendAt: inMinutes(-1) },
    });
    expect(past.status).toBe(400);
    expect(past.body.fields).toEqual({ sendAt: expect.any(String) });
    const badDate = await api(server, 'POST', '/schedules', {
      token: agent().token,
      body: { body: 'Mensagem ok', contactId, sendAt: 'amanhã' },
    });
    expect(badDate.status).toBe(400);
    expect(badDate.body.fields).toHaveProperty('sendAt');
  });

  it("creates a schedule for the company's contact (from a ticket: its connection) and announces it", async () => {
    const knex = server.ports.database.knex;
    const connectionId = await insertConnection(knex, company.companyId);
    const contactId = (await insertContact(knex, company.companyId, { name: 'Maria Agenda' })).id;
    const [ticket] = await knex('tickets')
      .insert({ company_id: company.companyId, contact_id: contactId, status: 'open', whatsapp_id: connectionId })
      .returning('id');

    const socket = connectSocket(server.url, { auth: { token: company.admin.token }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => socket.on('connect', () => resolve()).on('connect_error', reject));
    const announced = new Promise<any>((resolve) => socket.on('schedule', resolve));

    const sendAt = inMinutes(60);
    const created = await api(server, 'POST', '/schedules', {
      token: agent().token,
      body: { body: 'Lembrete da consulta', contactId, sendAt, ticketId: ticket.id, companyId: other.companyId, status: 'ENVIADA' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      body: 'Lembrete da consulta',
      contactId,
      ticketId: ticket.id,
      whatsappId: connectionId,
      userId: agent().id,
      status: 'PENDENTE',
      sentAt: null,
      companyId: company.companyId,
      contact: { id: contactId, name: 'Maria Agenda', number: expect.any(String) },
      user: { id: agent().id, name: expect.any(String) },
      whatsapp: { id: connectionId, name: expect.any(String) },
    });
    expect(new Date(created.body.sendAt).toISOString()).toBe(sendAt);
    expect(created.body.user).not.toHaveProperty('email');
    const event = await announced;
    expect(event).toMatchObject({ action: 'create', schedule: { id: created.body.id } });

    const shown = await api(server, 'GET', `/schedules/${created.body.id}`, { token: agent().token });
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ id: created.body.id, contact: { name: 'Maria Agenda' } });
  });

  it("refuses another company's contact, ticket, user and connection, and another company's schedule", async () => {
    const knex = server.ports.database.knex;
    const contactId = (await insertContact(knex, company.companyId)).id;
    const foreign = await insertTicket(knex, other.companyId);
    const foreignConnection = await insertConnection(knex, other.companyId);
    const base = { body: 'Mensagem agendada', sendAt: inMinutes(30) };
    const cases: [Record<string, unknown>, string][] = [
      [{ contactId: foreign.contactId }, 'ERR_NO_CONTACT_FOUND'],
      [{ contactId, ticketId: foreign.ticketId }, 'ERR_NO_TICKET_FOUND'],
      [{ contactId, whatsappId: foreignConnection }, 'ERR_NO_WAPP_FOUND'],
      [{ contactId, userId: other.admin.id }, 'ERR_NO_USER_FOUND'],
    ];
    for (const [extra, error] of cases) {
      const answer = await api(server, 'POST', '/schedules', { token: agent().token, body: { ...base, ...extra } });
      expect(answer.status).toBe(404);
      expect(answer.body.error).toBe(error);
    }
    // A ticket of another contact of the company is a validation error.
    const ownTicket = await insertTicket(knex, company.companyId);
    const mismatch = await api(server, 'POST', '/schedules', {
      token: agent().token,
      body: { ...base, contactId, ticketId: ownTicket.ticketId },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.fields).toHaveProperty('ticketId');

    const mine = await api(server, 'POST', '/schedules', { token: agent().token, body: { ...base, contactId } });
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const answer = await api(server, method, `/schedules/${mine.body.id}`, {
        token: other.admin.token,
        body: method === 'PUT' ? { body: 'Mensagem alterada' } : undefined,
      });
      expect(answer.status).toBe(404);
      expect(answer.body.error).toBe('ERR_NO_SCHEDULE_FOUND');
    }
    const foreignList = await api(server, 'GET', '/schedules', { token: other.admin.token });
    expect(foreignList.body.schedules.map((s: { id: number }) => s.id)).not.toContain(mine.body.id);
  });

  it('lists with contact and user, searched by contact name, filtered by contact, 20 a page', async () => {
    const fresh = await server.createCompany({ users: [{ profile: 'user' }] });
    const knex = server.ports.database.knex;
    const joana = (await insertContact(knex, fresh.companyId, { name: 'Joana Prado' })).id;
    const pedro = (await insertContact(knex, fresh.companyId, { name: 'Pedro Souza' })).id;
    for (let i = 0; i < 21; i += 1) {
      const contactId = i < 3 ? joana : pedro;
      const answer = await api(server, 'POST', '/schedules', {
        token: fresh.users[0]!.token,
        body: { body: `Mensagem número ${i}`, contactId, sendAt: inMinutes(60 + i) },
      });
      expect(answer.status).toBe(201);
    }
    const first = await api(server, 'GET', '/schedules', { token: fresh.admin.token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ count: 21, hasMore: true });
    expect(first.body.schedules).toHaveLength(20);
    expect(first.body.schedules[0]).toMatchObject({
      contact: { id: pedro, name: 'Pedro Souza', number: expect.any(String) },
      user: { id: fresh.users[0]!.id, name: expect.any(String) },
    });
    const second = await api(server, 'GET', '/schedules?pageNumber=2', { token: fresh.admin.token });
    expect(second.body.schedules).toHaveLength(1);
    expect(second.body.hasMore).toBe(false);

    const searched = await api(server, 'GET', '/schedules?searchParam=joana', { token: fresh.admin.token });
    expect(searched.body.count).toBe(3);
    expect(searched.body.schedules.every((s: { contactId: number }) => s.contactId === joana)).toBe(true);
    const filtered = await api(server, 'GET', `/schedules?contactId=${pedro}`, { token: fresh.admin.token });
    expect(filtered.body.count).toBe(18);
    const literal = await api(server, 'GET', '/schedules?searchParam=%25', { token: fresh.admin.token });
    expect(literal.body.count).toBe(0);
  });

  it('updates an unsent schedule, refuses a sent one and one being sent, and deletes', async () => {
    const knex = server.ports.database.knex;
    const contactId = (await insertContact(knex, company.companyId)).id;
    const created = (
      await api(server, 'POST', '/schedules', {
        token: agent().token,
        body: { body: 'Mensagem original', contactId, sendAt: inMinutes(30) },
      })
    ).body;

    const short = await api(server, 'PUT', `/schedules/${created.id}`, { token: agent().token, body: { body: 'curt' } });
    expect(short.status).toBe(400);
    expect(short.body.fields).toEqual({ body: 'Mensagem muito curta' });
    const past = await api(server, 'PUT', `/schedules/${created.id}`, { token: agent().token, body: { sendAt: inMinutes(-5) } });
    expect(past.status).toBe(400);
    const newSendAt = inMinutes(90);
    const updated = await api(server, 'PUT', `/schedules/${created.id}`, {
      token: agent().token,
      // The form sends the whole record back; the unchanged fields are accepted.
      body: { ...created, body: 'Mensagem alterada', sendAt: newSendAt },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ body: 'Mensagem alterada', status: 'PENDENTE', contact: { id: contactId } });
    expect(new Date(updated.body.sendAt).toISOString()).toBe(newSendAt);

    // A failed one goes back to PENDENTE when edited.
    await knex('schedules').where('id', created.id).update({ status: 'ERRO', last_error: 'boom', attempts: 1 });
    const retried = await api(server, 'PUT', `/schedules/${created.id}`, { token: agent().token, body: { body: 'Tentar novamente' } });
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ status: 'PENDENTE', lastError: null, attempts: 0 });

    // Being sent right now: conflict; once its claim is stale it may be edited again.
    await knex('schedules').where('id', created.id).update({ status: 'ENVIANDO', updated_at: new Date() });
    const sending = await api(server, 'PUT', `/schedules/${created.id}`, { token: agent().token, body: { body: 'Mudança tardia' } });
    expect(sending.status).toBe(409);
    expect(sending.body.error).toBe('ERR_SCHEDULE_SENDING');
    await knex('schedules')
      .where('id', created.id)
      .update({ updated_at: new Date(Date.now() - SCHEDULE_CLAIM_TIMEOUT_MS - 1000) });
    expect((await api(server, 'PUT', `/schedules/${created.id}`, { token: agent().token, body: { body: 'Mudança tardia' } })).status).toBe(
      200,
    );

    // Sent: never again.
    await knex('schedules').where('id', created.id).update({ status: 'ENVIADA', sent_at: new Date() });
    const sent = await api(server, 'PUT', `/schedules/${created.id}`, { token: agent().token, body: { body: 'Mais uma mudança' } });
    expect(sent.status).toBe(400);
    expect(sent.body.error).toBe('ERR_SCHEDULE_ALREADY_SENT');
    await knex('schedules').where('id', created.id).update({ status: 'PENDENTE' });
    expect(
      (await api(server, 'PUT', `/schedules/${created.id}`, { token: agent().token, body: { body: 'Mais uma mudança' } })).status,
    ).toBe(400);

    const removed = await api(server, 'DELETE', `/schedules/${created.id}`, { token: agent().token });
    expect(removed.status).toBe(200);
    expect((await api(server, 'GET', `/schedules/${created.id}`, { token: agent().token })).status).toBe(404);
  });

  it('answers 403 on every route when the plan has no useSchedules', async () => {
    const planless = await server.createCompany({ plan: { use_schedules: false }, users: [{ profile: 'user' }] });
    const contactId = (await insertContact(server.ports.database.knex, planless.companyId)).id;
    for (const [method, path, body] of [
      ['GET', '/schedules', undefined],
      ['GET', '/schedules/1', undefined],
      ['POST', '/schedules', { body: 'Mensagem agendada', contactId, sendAt: inMinutes(60) }],
      ['PUT', '/schedules/1', { body: 'Mensagem agendada' }],
      ['DELETE', '/schedules/1', undefined],
    ] as const) {
      for (const token of [planless.admin.token, planless.users[0]!.token]) {
        const answer = await api(server, method, path, { token, body });
        expect(answer.status).toBe(403);
        expect(answer.body.error).toBe('ERR_PLAN_FEATURE_DISABLED');
      }
    }
  });
});

describe('ScheduleService: the dispatcher side', () => {
  let service: ScheduleService;
  let dueSchedules: DueSchedules;
  let dispatchCompany: CompanyFixture;

  beforeAll(async () => {
    service = server.container.get(ScheduleService);
    dueSchedules = server.container.get(DueSchedules);
    dispatchCompany = await server.createCompany();
  });

  /** Inserts schedules of the dispatch company; answers their ids. */
  async function insertDue(count: number, options: { sendAt?: Date; status?: string } = {}): Promise<number[]> {
    const knex = server.ports.database.knex;
    const contactId = (await insertContact(knex, dispatchCompany.companyId)).id;
    const rows = await knex('schedules')
      .insert(
        Array.from({ length: count }, (_, i) => ({
          company_id: dispatchCompany.companyId,
          contact_id: contactId,
          body: `Due ${i}`,
          send_at: options.sendAt ?? new Date(Date.now() - 60_000 + i),
          status: options.status ?? 'PENDENTE',
        })),
      )
      .returning('id');
    return rows.map((row: { id: number }) => row.id);
  }

  const idsOf = (rows: { id: number }[]) => rows.map((row) => row.id).sort((a, b) => a - b);

  it('claims only due, unsent rows, moves them to ENVIANDO and does not hand them out twice', async () => {
    const due = await insertDue(3);
    const scheduled = await insertDue(1, { status: 'AGENDADA' });
    const future = await insertDue(2, { sendAt: new Date(Date.now() + 3_600_000) });
    const failed = await insertDue(1, { status: 'ERRO' });
    const sent = await insertDue(1, { status: 'ENVIADA' });
    await server.ports.database.knex('schedules').whereIn('id', sent).update({ sent_at: new Date() });

    const claimed = await dueSchedules.claim({ now: new Date(), limit: 100 });
    expect(idsOf(claimed)).toEqual(idsOf([...due, ...scheduled].map((id) => ({ id }))));
    for (const row of claimed) {
      expect(row).toMatchObject({ status: 'ENVIANDO', attempts: 1, companyId: dispatchCompany.companyId, sentAt: null });
      expect(row.sendAt).toBeInstanceOf(Date);
    }
    expect(await dueSchedules.claim({ now: new Date(), limit: 100 })).toEqual([]);
    expect([...future, ...failed]).toHaveLength(3);
  });

  it('never answers one row to two concurrent claims', async () => {
    const due = await insertDue(40);
    const batches = await Promise.all(Array.from({ length: 5 }, () => dueSchedules.claim({ limit: 7 })));
    const rest = await dueSchedules.claim({ limit: 100 });
    const all = [...batches.flat(), ...rest].map((row) => row.id);
    expect(new Set(all).size).toBe(all.length);
    expect(all.sort((a, b) => a - b)).toEqual([...due].sort((a, b) => a - b));
    for (const batch of batches) expect(batch.length).toBeLessThanOrEqual(7);
  });

  it('skips a row locked by an edit in progress (PostgreSQL: SKIP LOCKED across connections)', async () => {
    if (server.ports.database.implementation !== 'postgres') return; // PGlite has one connection: nothing to skip
    const [locked, free] = await insertDue(2);
    const trx = await server.ports.database.knex.transaction();
    try {
      await trx('schedules').where('id', locked).forUpdate().first();
      const claimed = await dueSchedules.claim({ limit: 100 });
      expect(claimed.map((row) => row.id)).toEqual([free]);
    } finally {
      await trx.rollback();
    }
    expect((await dueSchedules.claim({ limit: 100 })).map((row) => row.id)).toEqual([locked]);
  });

  it('claims again a row whose claim is older than 5 minutes (a dispatcher died), and not before', async () => {
    const [id] = await insertDue(1);
    const claimedAt = new Date();
    expect(idsOf(await dueSchedules.claim({ now: claimedAt }))).toEqual([id]);
    // (Rows claimed by the tests above are reclaimable too by then; only this one is looked at.)
    const early = await dueSchedules.claim({ now: new Date(claimedAt.getTime() + 4 * 60_000), limit: 1000 });
    expect(early.map((row) => row.id)).not.toContain(id);
    const reclaimed = await dueSchedules.claim({ now: new Date(claimedAt.getTime() + SCHEDULE_CLAIM_TIMEOUT_MS + 60_000), limit: 1000 });
    expect(reclaimed.find((row) => row.id === id)).toMatchObject({ status: 'ENVIANDO', attempts: 2 });
  });

  it('marks a claimed row sent or failed; a sent row is never claimed again', async () => {
    const [sentId, failedId] = await insertDue(2);
    const claimed = await dueSchedules.claim({ limit: 100 });
    expect(idsOf(claimed)).toEqual([sentId!, failedId!].sort((a, b) => a - b));

    const sentAt = new Date();
    const sent = await service.markSent({ companyId: dispatchCompany.companyId, id: sentId! }, { sentAt });
    expect(sent).toMatchObject({ id: sentId, status: 'ENVIADA', lastError: null });
    expect(sent!.sentAt!.getTime()).toBe(sentAt.getTime());
    // Idempotent: a second report changes nothing.
    expect(await service.markSent({ companyId: dispatchCompany.companyId, id: sentId! }, { sentAt: new Date() })).toBeUndefined();

    const failed = await service.markFailed({ companyId: dispatchCompany.companyId, id: failedId! }, new Error('connection closed'));
    expect(failed).toMatchObject({ id: failedId, status: 'ERRO', lastError: 'connection closed' });
    expect(await service.markFailed({ companyId: dispatchCompany.companyId, id: failedId! }, 'again')).toBeUndefined();

    const muchLater = new Date(Date.now() + 24 * 3_600_000);
    const later = await dueSchedules.claim({ now: muchLater, limit: 1000 });
    expect(later.map((row) => row.id)).not.toContain(sentId);
    expect(later.map((row) => row.id)).not.toContain(failedId);
    const row = await server.ports.database.knex('schedules').where('id', sentId).first();
    expect(row.status).toBe('ENVIADA');
  });
});
