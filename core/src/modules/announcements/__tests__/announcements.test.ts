import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AnnouncementEvent } from '@switchboard/sdk/contracts';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { caughtUp } from '../../../testing/caught-up.js';
import { eventually } from '../../../testing/eventually.js';
import { api, startTestServer, TEST_ADMIN, type CompanyFixture, type TestServer } from '../../../testing/test-server.js';

let server: TestServer;
let superToken: string;
let a: CompanyFixture;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer();
  superToken = await server.login(TEST_ADMIN.email, TEST_ADMIN.password);
  a = await server.createCompany({ users: [{ profile: 'user' }] });
}, 120_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server?.stop();
});

const knex = () => server.ports.database.knex;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);

function create(body: Record<string, unknown>, token = superToken) {
  return api(server, 'POST', '/announcements', { token, body });
}

function uploadImage(id: number, content: Buffer | string, name: string, type = 'image/png', token = superToken) {
  const form = new FormData();
  form.append('file', new Blob([content], { type }), name);
  return api(server, 'POST', `/announcements/${id}/media-upload`, { token, body: form });
}

/** A socket of the app signed in with `token`, with the announcement events it hears. */
async function listen(token: string): Promise<{ socket: Socket; events: AnnouncementEvent[] }> {
  const socket = connectSocket(server.url, { auth: { token }, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => socket.on('connect', () => resolve()).on('connect_error', reject));
  const events: AnnouncementEvent[] = [];
  socket.on('announcement', (event: AnnouncementEvent) => events.push(event));
  return { socket, events };
}

describe('announcements', () => {
  let announcementId: number;

  it('the super user creates one with the defaults (priority 3, active), owned by company 1', async () => {
    const created = await create({ title: 'Manutenção', text: 'Sábado às 22h' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      title: 'Manutenção',
      text: 'Sábado às 22h',
      priority: 3,
      status: true,
      mediaPath: null,
      mediaName: null,
    });
    announcementId = created.body.id;
    expect(await knex()('announcements').where('id', announcementId).first('company_id')).toEqual({ company_id: 1 });
    const read = await api(server, 'GET', `/announcements/${announcementId}`, { token: superToken });
    expect(read.body).toMatchObject({ id: announcementId, title: 'Manutenção' });
  });

  it('validates title, text and priority with the spec texts', async () => {
    const missing = await create({ title: '  ', priority: 3 });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { title: 'Obrigatório', text: 'Obrigatório' } });
    const badPriority = await create({ title: 'X', text: 'Y', priority: 7 });
    expect(badPriority.body.fields).toEqual({ priority: 'Prioridade inválida' });
    const emptied = await api(server, 'PUT', `/announcements/${announcementId}`, { token: superToken, body: { text: '' } });
    expect(emptied.status).toBe(400);
    expect(emptied.body.fields).toEqual({ text: 'Obrigatório' });
  });

  it('is super only: a company admin and a user get 403 on the page and every write', async () => {
    for (const token of [a.admin.token, a.users[0]!.token]) {
      expect((await api(server, 'GET', '/announcements', { token })).status).toBe(403);
      expect((await api(server, 'GET', `/announcements/${announcementId}`, { token })).status).toBe(403);
      expect((await create({ title: 'X', text: 'Y' }, token)).status).toBe(403);
      expect((await api(server, 'PUT', `/announcements/${announcementId}`, { token, body: { title: 'X' } })).status).toBe(403);
      expect((await api(server, 'DELETE', `/announcements/${announcementId}`, { token })).status).toBe(403);
      expect((await uploadImage(announcementId, PNG, 'a.png', 'image/png', token)).status).toBe(403);
      expect((await api(server, 'DELETE', `/announcements/${announcementId}/media-upload`, { token })).status).toBe(403);
    }
    expect((await api(server, 'GET', '/announcements/active')).status).toBe(401);
  });

  it('GET /announcements pages by 20 with hasMore and searches the title', async () => {
    await knex()('announcements').insert(
      Array.from({ length: 21 }, (_, index) => ({ company_id: 1, title: `Aviso ${index}`, text: 't', status: false })),
    );
    const first = await api(server, 'GET', '/announcements?searchParam=AVISO&pageNumber=1', { token: superToken });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ count: 21, hasMore: true });
    expect(first.body.records).toHaveLength(20);
    const second = await api(server, 'GET', '/announcements?searchParam=aviso&pageNumber=2', { token: superToken });
    expect(second.body).toMatchObject({ hasMore: false });
    expect(second.body.records).toHaveLength(1);
    const all = await api(server, 'GET', '/announcements/', { token: superToken });
    expect(all.body.count).toBe(22);
    const percent = await api(server, 'GET', '/announcements?searchParam=%25', { token: superToken });
    expect(percent.body.records).toEqual([]);
  });

  it('every signed-in user reads the active ones, highest priority first, then newest', async () => {
    const low = await create({ title: 'Baixa antiga', text: 't', priority: 3 });
    const high = await create({ title: 'Alta', text: 't', priority: 1 });
    const medium = await create({ title: 'Média', text: 't', priority: 2 });
    const newerLow = await create({ title: 'Baixa nova', text: 't', priority: 3 });
    await create({ title: 'Inativa', text: 't', priority: 1, status: false });
    const active = await api(server, 'GET', '/announcements/active', { token: a.users[0]!.token });
    expect(active.status).toBe(200);
    expect(active.body.map((record: { title: string }) => record.title)).toEqual([
      'Alta',
      'Média',
      'Baixa nova',
      'Baixa antiga',
      'Manutenção',
    ]);
    expect(active.body.map((record: { id: number }) => record.id).slice(0, 4)).toEqual([
      high.body.id,
      medium.body.id,
      newerLow.body.id,
      low.body.id,
    ]);
  });

  it('stores an image (.png, .jpg, .jpeg by content and name) that every signed-in user reads while active', async () => {
    const uploaded = await uploadImage(announcementId, PNG, 'banner.png');
    expect(uploaded.status).toBe(200);
    expect(uploaded.body).toMatchObject({
      mediaName: 'banner.png',
      mediaPath: expect.stringMatching(/^company1\/announcements\/\d+\/[0-9a-f]+\.png$/),
    });
    const image = await fetch(`${server.url}/announcements/${announcementId}/media`, {
      headers: { authorization: `Bearer ${a.users[0]!.token}` },
    });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG);
    // The media route of company folders stays closed to other companies.
    expect((await api(server, 'GET', `/media/${uploaded.body.mediaPath}`, { token: a.users[0]!.token })).status).toBe(404);

    const jpeg = await uploadImage(announcementId, JPEG, 'foto.JPEG', 'image/jpeg');
    expect(jpeg.body).toMatchObject({ mediaName: 'foto.JPEG', mediaPath: expect.stringMatching(/\.jpeg$/) });
    // The image replaced is gone.
    expect((await api(server, 'GET', `/media/${uploaded.body.mediaPath}`, { token: superToken })).status).toBe(404);
  });

  it('refuses a file that is not a png/jpg/jpeg image, by content or by name', async () => {
    const text = await uploadImage(announcementId, 'not an image', 'notes.png', 'image/png');
    expect(text.status).toBe(400);
    expect(text.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { file: 'Apenas imagens .png, .jpg ou .jpeg' } });
    const gif = await uploadImage(announcementId, PNG, 'anim.gif', 'image/gif');
    expect(gif.status).toBe(400);
    const html = await uploadImage(announcementId, '<script>alert(1)</script>', 'page.html', 'text/html');
    expect(html.status).toBe(400);
    expect(
      (await api(server, 'POST', `/announcements/${announcementId}/media-upload`, { token: superToken, body: new FormData() })).status,
    ).toBe(400);
    const kept = await api(server, 'GET', `/announcements/${announcementId}`, { token: superToken });
    expect(kept.body.mediaName).toBe('foto.JPEG');
  });

  it("an inactive announcement's image is the super user's only; removing the image empties it", async () => {
    await api(server, 'PUT', `/announcements/${announcementId}`, { token: superToken, body: { status: false } });
    expect((await api(server, 'GET', `/announcements/${announcementId}/media`, { token: a.users[0]!.token })).status).toBe(404);
    expect(
      (await fetch(`${server.url}/announcements/${announcementId}/media`, { headers: { authorization: `Bearer ${superToken}` } })).status,
    ).toBe(200);
    const removed = await api(server, 'DELETE', `/announcements/${announcementId}/media-upload`, { token: superToken });
    expect(removed.body).toMatchObject({ mediaPath: null, mediaName: null });
    expect((await api(server, 'GET', `/announcements/${announcementId}/media`, { token: superToken })).status).toBe(404);
  });

  it('tells every connected user of every company live; an inactive one reaches other companies as deleted', async () => {
    const other = await listen(a.users[0]!.token);
    const own = await listen(superToken);
    const created = await create({ title: 'Ao vivo', text: 'Novidade', priority: 1 });
    await eventually(() => other.events.some((event) => event.action === 'create' && event.record.id === created.body.id), 'create heard');
    expect(other.events.find((event) => event.action === 'create')).toMatchObject({
      action: 'create',
      record: { id: created.body.id, title: 'Ao vivo', text: 'Novidade', priority: 1, status: true },
    });
    await eventually(() => own.events.some((event) => event.action === 'create'), 'create heard by the super company');

    await api(server, 'PUT', `/announcements/${created.body.id}`, { token: superToken, body: { status: false } });
    await eventually(() => other.events.some((event) => event.action === 'delete' && event.id === created.body.id), 'withdrawn');
    await eventually(
      () => own.events.some((event) => event.action === 'update' && event.record.id === created.body.id && !event.record.status),
      'inactive update heard by the super company',
    );
    await caughtUp(server.ports.realtime, other.socket);
    expect(other.events.some((event) => event.action === 'update')).toBe(false);

    await api(server, 'DELETE', `/announcements/${created.body.id}`, { token: superToken });
    await eventually(() => own.events.some((event) => event.action === 'delete' && event.id === created.body.id), 'delete heard');
  });

  it('updates and deletes; a missing one is 404', async () => {
    const updated = await api(server, 'PUT', `/announcements/${announcementId}`, {
      token: superToken,
      body: { title: 'Manutenção adiada', priority: 2, status: true },
    });
    expect(updated.body).toMatchObject({ title: 'Manutenção adiada', text: 'Sábado às 22h', priority: 2, status: true });
    expect((await api(server, 'DELETE', `/announcements/${announcementId}`, { token: superToken })).status).toBe(200);
    const gone = await api(server, 'GET', `/announcements/${announcementId}`, { token: superToken });
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe('ERR_NO_ANNOUNCEMENT_FOUND');
    expect((await api(server, 'PUT', `/announcements/${announcementId}`, { token: superToken, body: { title: 'Y' } })).status).toBe(404);
    expect((await api(server, 'DELETE', `/announcements/${announcementId}`, { token: superToken })).status).toBe(404);
    expect((await uploadImage(announcementId, PNG, 'a.png')).status).toBe(404);
  });

  it('only company 1 rows are announcements: a row of another company is never shown', async () => {
    const [stray] = await knex()('announcements').insert({ company_id: a.companyId, title: 'Stray', text: 't' }).returning('id');
    expect((await api(server, 'GET', `/announcements/${stray.id}`, { token: superToken })).status).toBe(404);
    const active = await api(server, 'GET', '/announcements/active', { token: a.admin.token });
    expect(active.body.map((record: { title: string }) => record.title)).not.toContain('Stray');
  });
});
