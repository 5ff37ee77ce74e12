import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { eventually } from '../../../testing/eventually.js';
import { api, startTestServer, type CompanyFixture, type TestServer } from '../../../testing/test-server.js';

let server: TestServer;
let company: CompanyFixture;
let other: CompanyFixture;
let sequence = 0;
const sockets: Socket[] = [];

/** admin, supervisor, user A, user B. */
const admin = () => company.admin;
const supervisor = () => company.users[0]!;
const userA = () => company.users[1]!;
const userB = () => company.users[2]!;

function code(prefix = 'qm'): string {
  sequence += 1;
  return `${prefix}-${sequence}`;
}

async function create(token: string, body: Record<string, unknown>) {
  return api(server, 'POST', '/quick-messages', { token, body });
}

beforeAll(async () => {
  server = await startTestServer();
  company = await server.createCompany({ users: [{ profile: 'supervisor' }, { profile: 'user' }, { profile: 'user' }] });
  other = await server.createCompany();
});

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server?.stop();
});

describe('quick messages API', () => {
  it('creates own and general replies; a user sees the general ones and their own only', async () => {
    const general = await create(admin().token, { shortcode: code('geral'), message: 'Bom dia! Como posso ajudar?', geral: true });
    expect(general.status).toBe(201);
    expect(general.body).toMatchObject({ geral: true, userId: admin().id, companyId: company.companyId, status: 'active', isMedia: false });
    const mineA = await create(userA().token, {
      shortcode: code('a'),
      message: 'Resposta de A',
      userId: userB().id,
      companyId: other.companyId,
    });
    expect(mineA.status).toBe(201);
    expect(mineA.body).toMatchObject({ geral: false, userId: userA().id, companyId: company.companyId });
    const mineB = await create(userB().token, { shortcode: code('b'), message: 'Resposta de B' });
    expect(mineB.status).toBe(201);
    const foreign = await create(other.admin.token, { shortcode: code('x'), message: 'Outra empresa', geral: true });
    expect(foreign.status).toBe(201);

    const pageA = await api(server, 'GET', '/quick-messages', { token: userA().token });
    expect(pageA.status).toBe(200);
    const idsA = pageA.body.records.map((r: { id: number }) => r.id);
    expect(idsA).toEqual(expect.arrayContaining([general.body.id, mineA.body.id]));
    expect(idsA).not.toContain(mineB.body.id);
    expect(idsA).not.toContain(foreign.body.id);
    expect(pageA.body).toMatchObject({ count: idsA.length, hasMore: false });

    const listB = await api(server, 'GET', '/quick-messages/list', { token: userB().token });
    expect(listB.status).toBe(200);
    const idsB = listB.body.map((r: { id: number }) => r.id);
    expect(idsB).toEqual(expect.arrayContaining([general.body.id, mineB.body.id]));
    expect(idsB).not.toContain(mineA.body.id);
    expect(listB.body[0]).toHaveProperty('shortcode');
    expect(listB.body[0]).toHaveProperty('mediaPath');
    expect(listB.body[0]).toHaveProperty('mediaName');

    // Search (case-insensitive, in shortcode and message).
    const found = await api(server, 'GET', '/quick-messages?searchParam=COMO%20POSSO', { token: userA().token });
    expect(found.body.records.map((r: { id: number }) => r.id)).toEqual([general.body.id]);

    // Reading one: general or own; another user's private one is refused, another company's is not found.
    expect((await api(server, 'GET', `/quick-messages/${general.body.id}`, { token: userB().token })).status).toBe(200);
    const privateOfA = await api(server, 'GET', `/quick-messages/${mineA.body.id}`, { token: userB().token });
    expect(privateOfA.status).toBe(403);
    expect(privateOfA.body.error).toBe('ERR_NO_PERMISSION');
    expect((await api(server, 'GET', `/quick-messages/${mineA.body.id}`, { token: supervisor().token })).status).toBe(200);
    const crossCompany = await api(server, 'GET', `/quick-messages/${foreign.body.id}`, { token: admin().token });
    expect(crossCompany.status).toBe(404);
    expect(crossCompany.body.error).toBe('ERR_NO_QUICK_MESSAGE_FOUND');
  });

  it('pages 20 at a time with count and hasMore', async () => {
    const prefix = code('page');
    for (let i = 0; i < 22; i += 1) {
      expect((await create(userB().token, { shortcode: `${prefix}-${String(i).padStart(2, '0')}`, message: 'x' })).status).toBe(201);
    }
    const first = await api(server, 'GET', `/quick-messages?searchParam=${prefix}&pageNumber=1`, { token: userB().token });
    expect(first.body.records).toHaveLength(20);
    expect(first.body).toMatchObject({ count: 22, hasMore: true });
    const second = await api(server, 'GET', `/quick-messages?searchParam=${prefix}&pageNumber=2`, { token: userB().token });
    expect(second.body.records).toHaveLength(2);
    expect(second.body.hasMore).toBe(false);
    expect((await api(server, 'GET', '/quick-messages?pageNumber=0', { token: userB().token })).status).toBe(400);
  });

  it("answers the spec's validation text and refuses duplicate shortcodes with 409", async () => {
    const missing = await create(userA().token, { message: 'sem atalho' });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: 'ERR_VALIDATION', message: 'Obrigatório', fields: { shortcode: 'Obrigatório' } });
    const blank = await create(userA().token, { shortcode: '   ' });
    expect(blank.body.fields).toEqual({ shortcode: 'Obrigatório' });
    const blankUpdate = await create(userA().token, { shortcode: code('upd') });
    const emptied = await api(server, 'PUT', `/quick-messages/${blankUpdate.body.id}`, { token: userA().token, body: { shortcode: '' } });
    expect(emptied.status).toBe(400);
    expect(emptied.body.fields).toEqual({ shortcode: 'Obrigatório' });

    // Own: unique per company and user (case-insensitive); another user may use the same shortcode.
    const shortcode = code('dup');
    expect((await create(userA().token, { shortcode, message: '1' })).status).toBe(201);
    const again = await create(userA().token, { shortcode: shortcode.toUpperCase(), message: '2' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'ERR_QUICK_MESSAGE_SHORTCODE_EXISTS', fields: { shortcode: expect.any(String) } });
    expect((await create(userB().token, { shortcode, message: '3' })).status).toBe(201);
    // General: unique in the company, so it clashes with anyone's.
    expect((await create(admin().token, { shortcode, geral: true })).status).toBe(409);
    const generalCode = code('gdup');
    expect((await create(admin().token, { shortcode: generalCode, geral: true })).status).toBe(201);
    expect((await create(userA().token, { shortcode: generalCode })).status).toBe(409);
    // Another company is free to use it.
    expect((await create(other.admin.token, { shortcode: generalCode, geral: true })).status).toBe(201);
    // Renaming onto a taken shortcode is a conflict too.
    const rename = await create(userA().token, { shortcode: code('ren') });
    expect((await api(server, 'PUT', `/quick-messages/${rename.body.id}`, { token: userA().token, body: { shortcode } })).status).toBe(409);

    // Concurrent creations of one shortcode: exactly one wins.
    const racing = code('race');
    const raced = await Promise.all([1, 2, 3].map(() => create(userA().token, { shortcode: racing })));
    expect(raced.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });

  it('lets admin and supervisor edit any and set geral; a user only their own non-general ones', async () => {
    const general = await create(admin().token, { shortcode: code('g'), message: 'Geral', geral: true });
    const ownA = await create(userA().token, { shortcode: code('own'), message: 'Minha' });

    // A user cannot create or turn a reply general.
    const userGeneral = await create(userA().token, { shortcode: code('ug'), geral: true });
    expect(userGeneral.status).toBe(403);
    expect(userGeneral.body.error).toBe('ERR_NO_PERMISSION');
    expect((await api(server, 'PUT', `/quick-messages/${ownA.body.id}`, { token: userA().token, body: { geral: true } })).status).toBe(403);

    // A user edits their own.
    const edited = await api(server, 'PUT', `/quick-messages/${ownA.body.id}`, {
      token: userA().token,
      body: { message: 'Minha editada', geral: false },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ message: 'Minha editada', geral: false, userId: userA().id });

    // ... but not a general one, nor another user's.
    for (const [id, token] of [
      [general.body.id, userA().token],
      [ownA.body.id, userB().token],
    ] as const) {
      const put = await api(server, 'PUT', `/quick-messages/${id}`, { token, body: { message: 'hack' } });
      expect(put.status).toBe(403);
      expect(put.body.error).toBe('ERR_NO_PERMISSION');
      expect((await api(server, 'DELETE', `/quick-messages/${id}`, { token })).status).toBe(403);
    }

    // The supervisor edits another user's reply and makes it general; the owner stays.
    const promoted = await api(server, 'PUT', `/quick-messages/${ownA.body.id}`, { token: supervisor().token, body: { geral: true } });
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({ geral: true, userId: userA().id });
    // Now general: user B sees it, user A can no longer edit it.
    const listB = await api(server, 'GET', '/quick-messages/list', { token: userB().token });
    expect(listB.body.map((r: { id: number }) => r.id)).toContain(ownA.body.id);
    expect((await api(server, 'PUT', `/quick-messages/${ownA.body.id}`, { token: userA().token, body: { message: 'x' } })).status).toBe(
      403,
    );

    // Admin deletes a general one; the owner deletes their own.
    const removed = await api(server, 'DELETE', `/quick-messages/${general.body.id}`, { token: admin().token });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toEqual(expect.any(String));
    expect((await api(server, 'GET', `/quick-messages/${general.body.id}`, { token: admin().token })).status).toBe(404);
    const ownB = await create(userB().token, { shortcode: code('del') });
    expect((await api(server, 'DELETE', `/quick-messages/${ownB.body.id}`, { token: userB().token })).status).toBe(200);

    // Another company's admin: not found on every record route.
    const foreign = await create(admin().token, { shortcode: code('f'), geral: true });
    for (const [method, suffix] of [
      ['GET', ''],
      ['PUT', ''],
      ['DELETE', ''],
      ['DELETE', '/media-upload'],
    ] as const) {
      const answer = await api(server, method, `/quick-messages/${foreign.body.id}${suffix}`, {
        token: other.admin.token,
        body: method === 'PUT' ? { message: 'x' } : undefined,
      });
      expect(answer.status).toBe(404);
    }
  });

  it('keeps category entries apart and links replies to a category', async () => {
    const category = await create(admin().token, { shortcode: code('Vendas'), geral: true, isCategory: true });
    expect(category.status).toBe(201);
    const reply = await create(userA().token, { shortcode: code('preco'), message: 'Nosso preço é...', categoryId: category.body.id });
    expect(reply.status).toBe(201);
    expect(reply.body.categoryId).toBe(category.body.id);
    const notACategory = await create(userA().token, { shortcode: code('bad'), categoryId: reply.body.id });
    expect(notACategory.status).toBe(400);
    expect(notACategory.body.fields).toEqual({ categoryId: 'Categoria inválida' });

    const categories = await api(server, 'GET', '/quick-messages/categoriesMessages', { token: userA().token });
    expect(categories.status).toBe(200);
    expect(categories.body.every((entry: { isCategory: boolean }) => entry.isCategory)).toBe(true);
    expect(categories.body.map((entry: { id: number }) => entry.id)).toContain(category.body.id);
    const filed = await api(server, 'GET', `/quick-messages?categoryId=${category.body.id}`, { token: userA().token });
    expect(filed.body.records.map((entry: { id: number }) => entry.id)).toEqual([reply.body.id]);
    expect((await api(server, 'GET', '/quick-messages?categoryId=abc', { token: userA().token })).status).toBe(400);
    const composer = await api(server, 'GET', '/quick-messages/list', { token: userA().token });
    expect(composer.body.map((entry: { id: number }) => entry.id)).not.toContain(category.body.id);
    expect(composer.body.map((entry: { id: number }) => entry.id)).toContain(reply.body.id);
    // Inactive replies are not offered in the composer.
    await api(server, 'PUT', `/quick-messages/${reply.body.id}`, { token: userA().token, body: { status: 'inactive' } });
    const after = await api(server, 'GET', '/quick-messages/list', { token: userA().token });
    expect(after.body.map((entry: { id: number }) => entry.id)).not.toContain(reply.body.id);
  });

  it('uploads, replaces and removes a file, stored under company{id}/quick-messages/', async () => {
    const reply = await create(userA().token, { shortcode: code('media'), message: 'Veja o catálogo' });
    const form = (content: string, name: string) => {
      const body = new FormData();
      body.append('typeArch', 'quickMessage');
      body.append('file', new Blob([content], { type: 'application/pdf' }), name);
      return body;
    };
    const uploaded = await api(server, 'POST', `/quick-messages/${reply.body.id}/media-upload`, {
      token: userA().token,
      body: form('first file', 'catalogo.pdf'),
    });
    expect(uploaded.status).toBe(200);
    expect(uploaded.body).toMatchObject({ id: reply.body.id, isMedia: true, mediaName: 'catalogo.pdf' });
    const firstPath: string = uploaded.body.mediaPath;
    expect(firstPath.startsWith(`company${company.companyId}/quick-messages/`)).toBe(true);
    const media = server.ports.media;
    expect(await readFile(media.absolutePath(firstPath), 'utf8')).toBe('first file');

    // The composer list carries the file.
    const composer = await api(server, 'GET', '/quick-messages/list', { token: userA().token });
    expect(composer.body.find((entry: { id: number }) => entry.id === reply.body.id)).toMatchObject({
      mediaPath: firstPath,
      mediaName: 'catalogo.pdf',
    });

    // Another user may not attach to it; a missing file is a validation error.
    expect(
      (await api(server, 'POST', `/quick-messages/${reply.body.id}/media-upload`, { token: userB().token, body: form('x', 'x.pdf') }))
        .status,
    ).toBe(403);
    const noFile = new FormData();
    noFile.append('typeArch', 'quickMessage');
    const missing = await api(server, 'POST', `/quick-messages/${reply.body.id}/media-upload`, { token: userA().token, body: noFile });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ file: 'Obrigatório' });

    // Replacing removes the old file.
    const replaced = await api(server, 'POST', `/quick-messages/${reply.body.id}/media-upload`, {
      token: userA().token,
      body: form('second file', 'tabela.pdf'),
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.mediaName).toBe('tabela.pdf');
    expect(await media.exists(firstPath)).toBe(false);
    expect(await media.exists(replaced.body.mediaPath)).toBe(true);

    const detached = await api(server, 'DELETE', `/quick-messages/${reply.body.id}/media-upload`, { token: userA().token });
    expect(detached.status).toBe(200);
    expect(detached.body).toMatchObject({ isMedia: false, mediaPath: null, mediaName: null });
    expect(await media.exists(replaced.body.mediaPath)).toBe(false);

    // Deleting a reply removes its file.
    const again = await api(server, 'POST', `/quick-messages/${reply.body.id}/media-upload`, {
      token: userA().token,
      body: form('third', 'c.pdf'),
    });
    await api(server, 'DELETE', `/quick-messages/${reply.body.id}`, { token: userA().token });
    expect(await media.exists(again.body.mediaPath)).toBe(false);
  });

  it('announces general replies to the company and private ones to their owner only', async () => {
    const listen = async (token: string) => {
      const socket = connectSocket(server.url, { auth: { token }, transports: ['websocket'], reconnection: false });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => socket.on('connect', () => resolve()).on('connect_error', reject));
      const events: any[] = [];
      socket.on('quickMessage', (event) => events.push(event));
      return events;
    };
    const eventsA = await listen(userA().token);
    const eventsB = await listen(userB().token);
    const privateOfA = await create(userA().token, { shortcode: code('rt-private') });
    const general = await create(admin().token, { shortcode: code('rt-general'), geral: true });
    await api(server, 'DELETE', `/quick-messages/${general.body.id}`, { token: admin().token });
    // The removal is announced last: whatever either user was sent before it has arrived by then.
    const removal = (events: any[]) => events.find((event) => event.action === 'delete') as unknown;
    await eventually(() => removal(eventsA), 'user A told of the removal');
    await eventually(() => removal(eventsB), 'user B told of the removal');
    expect(eventsA).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'create', record: expect.objectContaining({ id: privateOfA.body.id }) }),
        expect.objectContaining({ action: 'create', record: expect.objectContaining({ id: general.body.id }) }),
      ]),
    );
    expect(eventsB.map((event) => event.record?.id ?? event.id)).toEqual([general.body.id, general.body.id]);
    expect(eventsB[1]).toEqual({ action: 'delete', id: general.body.id });
  });
});
