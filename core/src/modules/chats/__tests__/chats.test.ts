import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Chat, ChatEvent, ChatMessage } from '@switchboard/sdk/contracts';
import type { Socket } from 'socket.io-client';
import { listenAsApp } from '../../../testing/app-socket.js';
import { caughtUp } from '../../../testing/caught-up.js';
import { eventually } from '../../../testing/eventually.js';
import { api, startTestServer, type CompanyFixture, type TestServer } from '../../../testing/test-server.js';

let server: TestServer;
let a: CompanyFixture;
let b: CompanyFixture;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer();
  a = await server.createCompany({ users: [{ profile: 'user' }, { profile: 'user' }] });
  b = await server.createCompany({ users: [{ profile: 'user' }] });
}, 120_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server?.stop();
});

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

const owner = () => a.admin;
const member = () => a.users[0]!;
const outsider = () => a.users[1]!;

function createChat(body: Record<string, unknown>, token = owner().token) {
  return api(server, 'POST', '/chats', { token, body });
}

function send(chatId: number | string, message: string, token = owner().token) {
  return api(server, 'POST', `/chats/${chatId}/messages`, { token, body: { message } });
}

function unreadsOf(chat: Chat, userId: number): number | undefined {
  return chat.users.find((user) => user.userId === userId)?.unreads;
}

async function listen(token: string): Promise<{ socket: Socket; events: ChatEvent[] }> {
  const listener = await listenAsApp(server, token, 'chat');
  sockets.push(listener.socket);
  return listener;
}

describe('internal chats', () => {
  let chat: Chat;

  it('the creator owns a new chat and is a member beside the chosen users', async () => {
    const created = await createChat({ title: 'Suporte', users: [member().id] });
    expect(created.status).toBe(201);
    chat = created.body;
    expect(chat).toMatchObject({
      title: 'Suporte',
      ownerId: owner().id,
      lastMessage: null,
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(chat.users.map((user) => user.userId).sort()).toEqual([owner().id, member().id].sort());
    expect(chat.users.every((user) => user.unreads === 0 && user.user.id === user.userId && user.user.name)).toBe(true);
    const byUuid = await api(server, 'GET', `/chats/${chat.uuid}`, { token: member().token });
    expect(byUuid.status).toBe(200);
    expect(byUuid.body.id).toBe(chat.id);
  });

  it('refuses a chat without a title or users, and users of another company as missing', async () => {
    const empty = await createChat({ title: ' ', users: [] });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { title: 'Obrigatório', users: 'Escolha ao menos um usuário' } });
    const badId = await createChat({ title: 'X', users: ['abc'] });
    expect(badId.status).toBe(400);
    expect(badId.body.error).toBe('ERR_VALIDATION');
    const foreign = await createChat({ title: 'X', users: [b.users[0]!.id] });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: 'ERR_NO_USER_FOUND' });
    const missing = await createChat({ title: 'X', users: [2_000_000_000] });
    expect(missing.status).toBe(404);
    // The spec's client sends the users it picked as records.
    const asRecords = await createChat({ title: 'Registros', users: [{ id: member().id, name: 'x' }] });
    expect(asRecords.status).toBe(201);
    await api(server, 'DELETE', `/chats/${asRecords.body.id}`, { token: owner().token });
  });

  it('another company and a non-member of the same company get 404 on every chat route', async () => {
    for (const token of [b.admin.token, outsider().token]) {
      for (const ref of [chat.id, chat.uuid]) {
        expect((await api(server, 'GET', `/chats/${ref}`, { token })).body).toEqual({ error: 'ERR_NO_CHAT_FOUND' });
        expect((await api(server, 'PUT', `/chats/${ref}`, { token, body: { title: 'X', users: [member().id] } })).status).toBe(404);
        expect((await api(server, 'DELETE', `/chats/${ref}`, { token })).status).toBe(404);
        expect((await api(server, 'POST', `/chats/${ref}/read`, { token })).status).toBe(404);
        expect((await api(server, 'GET', `/chats/${ref}/messages`, { token })).status).toBe(404);
        expect((await send(ref, 'intruso', token)).status).toBe(404);
      }
      const list = await api(server, 'GET', '/chats', { token });
      expect(list.body.records.map((record: Chat) => record.id)).not.toContain(chat.id);
    }
    expect((await api(server, 'GET', '/chats/not-a-chat', { token: owner().token })).status).toBe(404);
  });

  it('only the owner edits or deletes: a member gets 403', async () => {
    const edit = await api(server, 'PUT', `/chats/${chat.id}`, { token: member().token, body: { title: 'Meu', users: [member().id] } });
    expect(edit.status).toBe(403);
    expect(edit.body.error).toBe('ERR_NO_PERMISSION');
    expect((await api(server, 'DELETE', `/chats/${chat.id}`, { token: member().token })).status).toBe(403);
    expect((await api(server, 'GET', `/chats/${chat.id}`, { token: member().token })).body.title).toBe('Suporte');
  });

  it('a message raises the other members’ unreads and becomes the last message; reading clears only the reader’s', async () => {
    const older = await createChat({ title: 'Outro', users: [member().id] });
    const first = await send(chat.id, 'Olá');
    expect(first.status).toBe(201);
    expect(first.body.records[0]).toMatchObject({ chatId: chat.id, message: 'Olá', senderId: owner().id, mediaPath: null });
    await send(chat.id, 'Tudo bem?');
    await send(chat.id, 'Sim!', member().token);

    const list = await api(server, 'GET', '/chats', { token: member().token });
    const listed: Chat = list.body.records[0];
    // Newest activity first: the chat just written in is above the one created after it.
    expect(list.body.records.map((record: Chat) => record.id).slice(0, 2)).toEqual([chat.id, older.body.id]);
    expect(listed.lastMessage).toBe('Sim!');
    expect(unreadsOf(listed, member().id)).toBe(2);
    expect(unreadsOf(listed, owner().id)).toBe(1);
    const unread = await api(server, 'GET', '/chats?unread=true', { token: member().token });
    expect(unread.body.records.map((record: Chat) => record.id)).toEqual([chat.id]);

    // The body's userId is another member: still only the caller's count is cleared.
    const read = await api(server, 'POST', `/chats/${chat.uuid}/read`, { token: member().token, body: { userId: owner().id } });
    expect(read.status).toBe(200);
    expect(unreadsOf(read.body, member().id)).toBe(0);
    expect(unreadsOf(read.body, owner().id)).toBe(1);
    expect((await api(server, 'GET', '/chats?unread=true', { token: member().token })).body.records).toEqual([]);
    await api(server, 'DELETE', `/chats/${older.body.id}`, { token: owner().token });
  });

  it('refuses an empty message', async () => {
    const empty = await send(chat.id, '   ');
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { message: 'Mensagem vazia' } });
  });

  it('pages the messages back in time, each page oldest first', async () => {
    const paged = (await createChat({ title: 'Paginado', users: [member().id] })).body as Chat;
    for (let index = 1; index <= 25; index += 1) await send(paged.id, `m${index}`);
    const first = await api(server, 'GET', `/chats/${paged.id}/messages`, { token: member().token });
    expect(first.body.hasMore).toBe(true);
    expect(first.body.records.map((record: ChatMessage) => record.message)).toEqual(
      Array.from({ length: 20 }, (_, index) => `m${index + 6}`),
    );
    expect(first.body.records[0].sender).toEqual({ id: owner().id, name: expect.any(String) });
    const second = await api(server, 'GET', `/chats/${paged.id}/messages?pageNumber=2`, { token: member().token });
    expect(second.body).toMatchObject({ hasMore: false });
    expect(second.body.records.map((record: ChatMessage) => record.message)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect((await api(server, 'GET', `/chats/${paged.id}/messages?pageNumber=0`, { token: owner().token })).status).toBe(400);
  });

  it('pages the chats by 20 and searches their titles', async () => {
    const user = await server.createCompany({ users: [{ profile: 'user' }] });
    for (let index = 0; index < 21; index += 1) {
      await createChat({ title: `Equipe ${index}`, users: [user.users[0]!.id] }, user.admin.token);
    }
    const first = await api(server, 'GET', '/chats?searchParam=EQUIPE', { token: user.users[0]!.token });
    expect(first.body.records).toHaveLength(20);
    expect(first.body.hasMore).toBe(true);
    expect(first.body.records[0].title).toBe('Equipe 20');
    const second = await api(server, 'GET', '/chats?searchParam=equipe&pageNumber=2', { token: user.users[0]!.token });
    expect(second.body).toMatchObject({ hasMore: false, records: [{ title: 'Equipe 0' }] });
    const one = await api(server, 'GET', '/chats?searchParam=equipe 1', { token: user.users[0]!.token });
    expect(one.body.records.map((record: Chat) => record.title).sort()).toEqual(
      ['Equipe 1', ...Array.from({ length: 10 }, (_, index) => `Equipe 1${index}`)].sort(),
    );
    expect((await api(server, 'GET', '/chats?searchParam=%25', { token: user.users[0]!.token })).body.records).toEqual([]);
  });

  it('stores files sent in a chat, shown by their real kind, readable by its members only', async () => {
    const form = new FormData();
    form.append('body', 'Veja');
    form.append('medias', new Blob([PNG], { type: 'image/png' }), 'print.png');
    form.append('medias', new Blob(['<script>alert(1)</script>'], { type: 'image/png' }), 'fake.png');
    const sent = await api(server, 'POST', `/chats/${chat.id}/messages`, { token: owner().token, body: form });
    expect(sent.status).toBe(201);
    const [image, fake] = sent.body.records as ChatMessage[];
    expect(image).toMatchObject({ message: 'Veja', mediaName: 'print.png', mediaType: 'image' });
    expect(image!.mediaPath).toMatch(new RegExp(`^company${a.companyId}/chats/${chat.id}/\\d+-print\\.png$`));
    expect(fake).toMatchObject({ message: '', mediaName: 'fake.png', mediaType: 'application' });

    const read = await fetch(`${server.url}/media/${image!.mediaPath}`, { headers: { authorization: `Bearer ${member().token}` } });
    expect(read.status).toBe(200);
    expect(Buffer.from(await read.arrayBuffer())).toEqual(PNG);
    expect((await api(server, 'GET', `/media/${image!.mediaPath}`, { token: outsider().token })).status).toBe(404);
    expect((await api(server, 'GET', `/media/${image!.mediaPath}`, { token: b.admin.token })).status).toBe(404);

    const listed = (await api(server, 'GET', `/chats/${chat.id}`, { token: owner().token })).body as Chat;
    expect(listed.lastMessage).toBe('fake.png');
    expect(unreadsOf(listed, member().id)).toBe(2);
  });

  it('tells the members live: a new message with the unread counts, a change, and removal to who left', async () => {
    const heard = await listen(member().token);
    const outside = await listen(outsider().token);
    const created = (await createChat({ title: 'Ao vivo', users: [member().id] })).body as Chat;
    await eventually(() => heard.events.some((event) => event.action === 'create' && event.chat.id === created.id), 'create heard');

    await send(created.id, 'Chegou?');
    const arrived = await eventually(
      () => heard.events.find((event) => event.action === 'new-message' && event.chat.id === created.id),
      'new message heard',
    );
    expect(arrived).toMatchObject({ action: 'new-message', message: { message: 'Chegou?', senderId: owner().id } });
    expect(unreadsOf((arrived as { chat: Chat }).chat, member().id)).toBe(1);

    await api(server, 'PUT', `/chats/${created.id}`, { token: owner().token, body: { title: 'Ao vivo 2', users: [outsider().id] } });
    await eventually(() => heard.events.some((event) => event.action === 'delete' && event.chatId === created.id), 'removal heard');
    await eventually(
      () => outside.events.some((event) => event.action === 'update' && event.chat.title === 'Ao vivo 2'),
      'the new member hears the chat',
    );
    expect((await api(server, 'GET', `/chats/${created.id}`, { token: member().token })).status).toBe(404);
    expect((await api(server, 'GET', `/chats/${created.id}`, { token: outsider().token })).status).toBe(200);

    // Events of a chat never reach a company user outside it.
    await send(chat.id, 'Só para membros');
    await eventually(() => heard.events.some((event) => event.action === 'new-message' && event.chat.id === chat.id), 'member heard');
    await caughtUp(server.ports.realtime, outside.socket);
    expect(outside.events.some((event) => 'chat' in event && event.chat.id === chat.id)).toBe(false);
  });

  it('the owner deletes a chat with its files; the members hear it', async () => {
    const heard = await listen(member().token);
    const { body: messages } = await api(server, 'GET', `/chats/${chat.id}/messages`, { token: owner().token });
    const file = (messages.records as ChatMessage[]).find((record) => record.mediaPath)!.mediaPath!;
    const removed = await api(server, 'DELETE', `/chats/${chat.uuid}`, { token: owner().token });
    expect(removed.status).toBe(200);
    await eventually(() => heard.events.some((event) => event.action === 'delete' && event.chatId === chat.id), 'delete heard');
    expect((await api(server, 'GET', `/chats/${chat.id}`, { token: owner().token })).status).toBe(404);
    expect((await api(server, 'GET', `/media/${file}`, { token: owner().token })).status).toBe(404);
    const [{ n }] = await server.ports.database.knex('chat_messages').where('chat_id', chat.id).count('* as n');
    expect(Number(n)).toBe(0);
  });

  it('answers 403 ERR_PLAN_FEATURE_DISABLED when the plan has no internal chat', async () => {
    const off = await server.createCompany({ plan: { use_internal_chat: false }, users: [{ profile: 'user' }] });
    for (const [method, path] of [
      ['GET', '/chats'],
      ['POST', '/chats'],
      ['GET', '/chats/1'],
      ['POST', '/chats/1/messages'],
    ] as const) {
      const answer = await api(server, method, path, { token: off.users[0]!.token, body: method === 'POST' ? {} : undefined });
      expect(answer.status).toBe(403);
      expect(answer.body.error).toBe('ERR_PLAN_FEATURE_DISABLED');
    }
  });
});
