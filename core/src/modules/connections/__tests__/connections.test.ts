import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eventually } from '../../../testing/eventually.js';
import { api, startTestServer, type CompanyFixture, type TestServer } from '../../../testing/test-server.js';

/** Spec 2 §2-§9: the connections screen's calls, on webchat connections (a real plugin session). */
let server: TestServer;
let company: CompanyFixture;
let other: CompanyFixture;
let sequence = 0;

beforeAll(async () => {
  server = await startTestServer();
  company = await server.createCompany({ users: [{ profile: 'user' }, { profile: 'user', allow_connections: 'enabled' }] });
  other = await server.createCompany();
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

async function queue(companyId: number): Promise<number> {
  sequence += 1;
  const [row] = await server.ports.database
    .knex('queues')
    .insert({ company_id: companyId, name: `Fila ${sequence}`, color: `#${String(100000 + sequence).slice(-6)}` })
    .returning('id');
  return row.id as number;
}

async function create(fixture: CompanyFixture, body: Record<string, unknown>) {
  sequence += 1;
  return api(server, 'POST', '/whatsapp', { token: fixture.admin.token, body: { name: `Site ${sequence}`, channel: 'webchat', ...body } });
}

async function status(fixture: CompanyFixture, id: number): Promise<string> {
  return (await api(server, 'GET', `/whatsapp/${id}`, { token: fixture.admin.token })).body.status;
}

const schedules = ['monday', 'tuesday'].map((weekdayEn) => ({
  weekday: weekdayEn === 'monday' ? 'Segunda-feira' : 'Terça-feira',
  weekdayEn,
  startTimeA: '08:00',
  endTimeA: '12:00',
  startTimeB: '13:00',
  endTimeB: '18:00',
}));

describe('connections', () => {
  it('creates with queues, schedules and every option, and shows them', async () => {
    const queueIds = [await queue(company.companyId), await queue(company.companyId)];
    const created = await create(company, {
      queueIds,
      schedules,
      greetingMessage: 'Olá! Escolha uma fila',
      timeSendQueue: 25,
      sendIdQueue: queueIds[1],
      expiresTicketNPS: 7,
      maxUseBotQueuesNPS: 4,
      whenExpiresTicket: 1,
      groupAsTicket: 'enabled',
      importOldMessagesGroups: true,
    });
    expect(created.status).toBe(201);
    expect(created.body.token).toMatch(/^[A-Z0-9]{30}$/);
    expect(created.body).toMatchObject({
      timeSendQueue: 25,
      expiresTicketNPS: 7,
      maxUseBotQueuesNPS: 4,
      maxUseBotQueues: 3,
      provider: 'beta',
    });
    const shown = await api(server, 'GET', `/whatsapp/${created.body.id}`, { token: company.admin.token });
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ token: created.body.token, schedules, sendIdQueue: queueIds[1], whenExpiresTicket: 1 });
    expect(shown.body).toHaveProperty('qrcode');
    expect(shown.body.queues.map((entry: { id: number }) => entry.id).sort()).toEqual([...queueIds].sort());
    const list = await api(server, 'GET', '/whatsapp?session=0', { token: company.admin.token });
    const listed = list.body.find((entry: { id: number }) => entry.id === created.body.id);
    expect(listed.queues).toHaveLength(2);
    expect(listed.queues[0]).toEqual({ id: expect.any(Number), name: expect.any(String), color: expect.any(String) });
    expect(listed).not.toHaveProperty('token');
  });

  it('validates with the spec texts', async () => {
    const short = await create(company, { name: 'A' });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { name: 'Too Short!' } });
    expect((await create(company, { name: 'x'.repeat(51) })).body.fields.name).toBe('Too Long!');
    expect((await create(company, { name: '' })).body.fields.name).toBe('Required');
    expect((await create(company, { timeSendQueue: 17 })).body.fields).toHaveProperty('timeSendQueue');
    const badHours = await create(company, { schedules: [{ ...schedules[0], weekdayEn: 'someday', startTimeA: '25:00' }] });
    expect(badHours.status).toBe(400);
    expect(Object.keys(badHours.body.fields)).toEqual(expect.arrayContaining(['schedules[0].weekdayEn', 'schedules[0].startTimeA']));
    const foreignQueue = await create(company, { queueIds: [await queue(other.companyId)] });
    expect(foreignQueue.status).toBe(400);
    expect(foreignQueue.body.fields).toHaveProperty('queueIds');
    const tooOld = await create(company, { importOldMessages: new Date(Date.now() - 3 * 366 * 86_400_000).toISOString() });
    expect(tooOld.body.fields).toHaveProperty('importOldMessages');
  });

  it('requires a greeting when more than one queue is linked', async () => {
    const queueIds = [await queue(company.companyId), await queue(company.companyId)];
    const refused = await create(company, { queueIds });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('ERR_WAPP_GREETING_REQUIRED');
    const single = await create(company, { queueIds: queueIds.slice(0, 1) });
    expect(single.status).toBe(201);
    const edit = await api(server, 'PUT', `/whatsapp/${single.body.id}`, {
      token: company.admin.token,
      body: { name: single.body.name, queueIds },
    });
    expect(edit.body.error).toBe('ERR_WAPP_GREETING_REQUIRED');
  });

  it('answers 403 when the plan flag is off or the plan limit is reached', async () => {
    const noWhatsapp = await server.createCompany({ plan: { use_whatsapp: false } });
    const refused = await api(server, 'POST', '/whatsapp', { token: noWhatsapp.admin.token, body: { name: 'Zap', channel: 'whatsapp' } });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('ERR_PLAN_FEATURE_DISABLED');
    const small = await server.createCompany({ plan: { connections: 1 } });
    expect((await create(small, {})).status).toBe(201);
    const over = await create(small, {});
    expect(over.status).toBe(403);
    expect(over.body.error).toBe('ERR_PLAN_LIMIT_REACHED');
  });

  it('keeps exactly one default connection', async () => {
    const fixture = await server.createCompany();
    const token = fixture.admin.token;
    const first = await create(fixture, {});
    expect(first.body.isDefault).toBe(true);
    const alone = await api(server, 'PUT', `/whatsapp/${first.body.id}`, { token, body: { name: first.body.name, isDefault: false } });
    expect(alone.status).toBe(400);
    expect(alone.body.error).toBe('ERR_NO_OTHER_WHATSAPP');

    const second = await create(fixture, {});
    expect(second.body.isDefault).toBe(false);
    const moved = await api(server, 'PUT', `/whatsapp/${second.body.id}`, { token, body: { name: second.body.name, isDefault: true } });
    expect(moved.status).toBe(200);
    expect(moved.body.isDefault).toBe(true);
    const defaults = async () =>
      (await api(server, 'GET', '/whatsapp', { token })).body
        .filter((entry: { isDefault: boolean }) => entry.isDefault)
        .map((entry: { id: number }) => entry.id);
    expect(await defaults()).toEqual([second.body.id]);

    const removed = await api(server, 'DELETE', `/whatsapp/${second.body.id}`, { token });
    expect(removed.status).toBe(200);
    expect(await defaults()).toEqual([first.body.id]);
    expect((await api(server, 'GET', `/whatsapp/${second.body.id}`, { token })).status).toBe(404);
  });

  it('regenerates the token: the old one no longer finds the connection; the widget keeps its public id', async () => {
    const created = await create(company, {});
    const oldToken = created.body.token as string;
    // The external API knows a webchat token (and refuses its channel, 403) from an unknown one (401).
    const send = (token: string) => api(server, 'POST', '/api/messages/send', { token, body: { number: '5511999990000', body: 'oi' } });
    expect((await send(oldToken)).body.error).toBe('ERR_CHANNEL_NO_EXTERNAL_API');
    const updated = await api(server, 'PUT', `/whatsapp/${created.body.id}`, {
      token: company.admin.token,
      body: { name: created.body.name, regenerateToken: true },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.token).toMatch(/^[A-Z0-9]{30}$/);
    expect(updated.body.token).not.toBe(oldToken);
    expect((await send(oldToken)).body.error).toBe('ERR_INVALID_TOKEN');
    expect((await send(updated.body.token)).body.error).toBe('ERR_CHANNEL_NO_EXTERNAL_API');
    expect(updated.body.publicId).toBe(created.body.publicId);
    expect((await api(server, 'GET', `/widget/${created.body.publicId}`, { headers: { accept: 'text/html' } })).status).toBe(200);
    const plain = await api(server, 'PUT', `/whatsapp/${created.body.id}`, {
      token: company.admin.token,
      body: { name: created.body.name },
    });
    expect(plain.body).not.toHaveProperty('token');
  });

  it('disconnects, starts, renews and restarts sessions', async () => {
    const token = company.admin.token;
    const created = await create(company, {});
    const id = created.body.id as number;
    await eventually(async () => (await status(company, id)) === 'CONNECTED', 'the connection CONNECTED');
    expect((await api(server, 'DELETE', `/whatsappsession/${id}`, { token })).status).toBe(200);
    expect(await status(company, id)).toBe('DISCONNECTED');
    expect((await api(server, 'POST', `/whatsappsession/${id}`, { token })).status).toBe(200);
    await eventually(async () => (await status(company, id)) === 'CONNECTED', 'the connection CONNECTED');
    expect((await api(server, 'PUT', `/whatsappsession/${id}`, { token })).status).toBe(200);
    await eventually(async () => (await status(company, id)) === 'CONNECTED', 'the connection CONNECTED');

    await api(server, 'DELETE', `/whatsappsession/${id}`, { token });
    expect((await api(server, 'POST', '/whatsapp-restart', { token })).status).toBe(200);
    await eventually(async () => (await status(company, id)) === 'CONNECTED', 'the connection CONNECTED');
  });

  it('disconnects a connected connection edited with import enabled', async () => {
    const created = await create(company, {});
    const id = created.body.id as number;
    await eventually(async () => (await status(company, id)) === 'CONNECTED', 'the connection CONNECTED');
    const edited = await api(server, 'PUT', `/whatsapp/${id}`, {
      token: company.admin.token,
      body: { name: created.body.name, importOldMessages: new Date(Date.now() - 86_400_000).toISOString() },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.status).toBe('DISCONNECTED');
    expect(edited.body.importOldMessages).toBeTruthy();
  });

  it('closes the tickets an import created', async () => {
    const created = await create(company, {});
    const id = created.body.id as number;
    const knex = server.ports.database.knex;
    const [contact] = await knex('contacts')
      .insert({ company_id: company.companyId, name: 'Importado', number: `imp-${Date.now()}`, channel: 'webchat' })
      .returning('id');
    const [other] = await knex('contacts')
      .insert({ company_id: company.companyId, name: 'Ao vivo', number: `live-${Date.now()}`, channel: 'webchat' })
      .returning('id');
    await knex('tickets').insert([
      { company_id: company.companyId, contact_id: contact.id, whatsapp_id: id, status: 'open', imported_at: new Date() },
      { company_id: company.companyId, contact_id: other.id, whatsapp_id: id, status: 'pending' },
    ]);
    const closed = await api(server, 'POST', `/closedimported/${id}`, { token: company.admin.token });
    expect(closed.status).toBe(200);
    expect(closed.body).toEqual({ count: 1 });
    const statuses = await knex('tickets').where('whatsapp_id', id).orderBy('id').pluck('status');
    expect(statuses).toEqual(['closed', 'pending']);
  });

  it('stores and removes the greeting media', async () => {
    const created = await create(company, {});
    const id = created.body.id as number;
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201ff9c2b0a0d0000000049454e44ae426082',
      'hex',
    );
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'saudacao.png');
    const uploaded = await api(server, 'POST', `/whatsapp/${id}/media-upload`, { token: company.admin.token, body: form });
    expect(uploaded.status).toBe(200);
    const stored = uploaded.body.greetingMediaAttachment as string;
    expect(stored).toMatch(new RegExp(`^company${company.companyId}/connections/${id}/`));
    expect(await server.ports.media.exists(stored)).toBe(true);

    const text = new FormData();
    text.append('file', new Blob(['hello'], { type: 'text/plain' }), 'notes.txt');
    expect((await api(server, 'POST', `/whatsapp/${id}/media-upload`, { token: company.admin.token, body: text })).status).toBe(400);

    const removed = await api(server, 'DELETE', `/whatsapp/${id}/media-upload`, { token: company.admin.token });
    expect(removed.status).toBe(200);
    expect(removed.body.greetingMediaAttachment).toBeNull();
    expect(await server.ports.media.exists(stored)).toBe(false);
  });

  it('keeps companies apart and profiles in their place', async () => {
    const created = await create(company, {});
    const id = created.body.id as number;
    for (const [method, path] of [
      ['GET', `/whatsapp/${id}`],
      ['PUT', `/whatsapp/${id}`],
      ['DELETE', `/whatsapp/${id}`],
      ['DELETE', `/whatsappsession/${id}`],
      ['POST', `/closedimported/${id}`],
    ] as const) {
      const answer = await api(server, method, path, { token: other.admin.token, body: method === 'PUT' ? { name: 'Alheia' } : undefined });
      expect(answer.status).toBe(404);
      expect(answer.body.error).toBe('ERR_NO_WAPP_FOUND');
    }
    const [plainUser, allowed] = company.users;
    expect((await api(server, 'GET', `/whatsapp/${id}`, { token: plainUser!.token })).status).toBe(403);
    expect((await api(server, 'PUT', `/whatsapp/${id}`, { token: plainUser!.token, body: { name: 'X1' } })).status).toBe(403);
    expect((await api(server, 'GET', `/whatsapp/${id}`, { token: allowed!.token })).status).toBe(200);
    const renamed = await api(server, 'PUT', `/whatsapp/${id}`, { token: allowed!.token, body: { name: `Renomeada ${id}` } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe(`Renomeada ${id}`);
  });
});
