import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ChannelSession, ContactRef, OutboundMessage } from '@switchboard/sdk';
import { LiveSessions } from '../../../platform/channels/live-sessions.js';
import { MessageDelivery } from '../message-delivery.js';
import { eventually } from '../../../testing/eventually.js';
import { insertConnection } from '../../../testing/fixtures.js';
import { api, startTestServer, type CompanyFixture, type TestServer } from '../../../testing/test-server.js';

/**
 * Edit, delete, forward and react (spec 1 §2 message options menu, §5, §7) against recording channel sessions:
 * one that can edit, delete and react, one that can only send, and one that lives "on another node" (not here)
 * until the test brings it up, so its actions go through the delivery queue.
 */
let server: TestServer;
let company: CompanyFixture;
let other: CompanyFixture;

interface Recorder {
  connectionId: number;
  channel: string;
  sent: OutboundMessage[];
  edits: { externalId: string; body: string }[];
  removes: { externalId: string }[];
  reactions: { externalId: string; emoji: string }[];
  session: ChannelSession;
}

function recorder(channel: string, capable: boolean): Omit<Recorder, 'connectionId'> {
  const calls = {
    sent: [] as OutboundMessage[],
    edits: [] as Recorder['edits'],
    removes: [] as Recorder['removes'],
    reactions: [] as Recorder['reactions'],
  };
  const session: ChannelSession = {
    start: async () => {},
    stop: async () => {},
    send: async (message) => {
      calls.sent.push(message);
      return { externalId: `${channel}-out-${calls.sent.length}` };
    },
    ...(capable
      ? {
          edit: async (externalId: string, body: string, _to: ContactRef) => {
            calls.edits.push({ externalId, body });
          },
          remove: async (externalId: string, _to: ContactRef) => {
            calls.removes.push({ externalId });
          },
          react: async (externalId: string, emoji: string, _to: ContactRef) => {
            calls.reactions.push({ externalId, emoji });
            return { externalId: `${channel}-reaction-${calls.reactions.length}` };
          },
        }
      : {}),
  };
  return { channel, ...calls, session };
}

/** A connection of the channel that reads CONNECTED (whether a session runs for it is up to goLive). */
function connectedConnection(companyId: number, channel: string): Promise<number> {
  return insertConnection(server.ports.database.knex, companyId, { channel, status: 'CONNECTED' });
}

function goLive(companyId: number, connectionId: number, rec: Omit<Recorder, 'connectionId'>): Recorder {
  server.container.get(LiveSessions).register({
    connection: { id: connectionId, companyId, name: rec.channel, channel: rec.channel, settings: {} },
    session: rec.session,
  });
  server.container.get(MessageDelivery).serve(connectionId);
  return { ...rec, connectionId };
}

async function liveConnection(companyId: number, channel: string, capable: boolean): Promise<Recorder> {
  return goLive(companyId, await connectedConnection(companyId, channel), recorder(channel, capable));
}

let sequence = 0;
async function ticketOn(
  connection: { connectionId: number; channel: string },
  extra: Record<string, unknown> = {},
  companyId = company.companyId,
): Promise<{ ticketId: number; contactId: number }> {
  const knex = server.ports.database.knex;
  sequence += 1;
  const [contact] = await knex('contacts')
    .insert({
      company_id: companyId,
      name: `Cliente ${sequence}`,
      number: `5511988${String(sequence).padStart(6, '0')}`,
      channel: connection.channel,
    })
    .returning('id');
  const [ticket] = await knex('tickets')
    .insert({
      company_id: companyId,
      contact_id: contact.id,
      whatsapp_id: connection.connectionId,
      channel: connection.channel,
      status: 'open',
      user_id: company.admin.id,
      ...extra,
    })
    .returning('id');
  return { ticketId: ticket.id, contactId: contact.id };
}

async function messageRow(id: number) {
  return server.ports.database.knex('messages').where('id', id).first();
}

/** Sends a text as the token's user and waits until the channel took it. */
async function sentMessage(token: string, ticketId: number, body: string): Promise<any> {
  const answer = await api(server, 'POST', `/messages/${ticketId}`, { token, body: { body } });
  expect(answer.status).toBe(201);
  const id = answer.body.messages[0].id as number;
  return eventually(async () => {
    const row = await messageRow(id);
    return row?.external_id ? row : undefined;
  }, `message ${id} taken by the channel`);
}

let capable: Recorder;
let plain: Recorder;

beforeAll(async () => {
  server = await startTestServer({ backgroundWorkers: false });
  company = await server.createCompany({ users: [{ profile: 'user' }, { profile: 'admin' }] });
  other = await server.createCompany();
  // Plain bodies: the agent's signature is the forward's signMessage business here.
  await server.ports.database.knex('company_settings').where('company_id', company.companyId).update({ send_sign_message: 'disabled' });
  capable = await liveConnection(company.companyId, 'recorder', true);
  plain = await liveConnection(company.companyId, 'sendonly', false);
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

describe('editing a message', () => {
  it('edits an own message within 15 minutes, and the channel edits it too', async () => {
    const { ticketId } = await ticketOn(capable);
    const row = await sentMessage(company.admin.token, ticketId, 'Olá, tudo bem?');
    const answer = await api(server, 'POST', `/messages/edit/${row.id}`, {
      token: company.admin.token,
      body: { body: 'Olá, tudo certo?' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: row.id, body: 'Olá, tudo certo?', isEdited: true });
    expect(answer.body.editedAt).toBeTruthy();
    expect(capable.edits).toContainEqual({ externalId: row.external_id, body: 'Olá, tudo certo?' });
    expect(await messageRow(row.id)).toMatchObject({ body: 'Olá, tudo certo?', is_edited: true });
  });

  it("refuses someone else's message with 403 and an old one with 400, changing nothing", async () => {
    const { ticketId } = await ticketOn(capable);
    const row = await sentMessage(company.admin.token, ticketId, 'Mensagem original');
    const secondAdmin = company.users[1]!.token;
    const foreign = await api(server, 'POST', `/messages/edit/${row.id}`, { token: secondAdmin, body: { body: 'Outra' } });
    expect(foreign).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });

    await server.ports.database
      .knex('messages')
      .where('id', row.id)
      .update({ created_at: new Date(Date.now() - 16 * 60_000) });
    const edits = capable.edits.length;
    const late = await api(server, 'POST', `/messages/edit/${row.id}`, { token: company.admin.token, body: { body: 'Tarde demais' } });
    expect(late).toMatchObject({ status: 400, body: { error: 'ERR_EDIT_WINDOW_EXPIRED' } });
    expect(capable.edits.length).toBe(edits);
    expect(await messageRow(row.id)).toMatchObject({ body: 'Mensagem original', is_edited: false });

    const empty = await api(server, 'POST', `/messages/edit/${row.id}`, { token: company.admin.token, body: { body: '   ' } });
    expect(empty.status).toBe(400);
  });

  it('edits a message whose send is under way once it has gone out, and sends one edited while it waits as edited', async () => {
    // A session whose sends wait at a gate: the first message is being handed over, the second waits behind it.
    const gated = recorder('gated', true);
    const send = gated.session.send.bind(gated.session);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const entered: string[] = [];
    gated.session.send = async (message) => {
      entered.push(message.body ?? '');
      await gate;
      return send(message);
    };
    const live = goLive(company.companyId, await connectedConnection(company.companyId, 'gated'), gated);
    const { ticketId } = await ticketOn(live);
    const post = async (body: string) =>
      (await api(server, 'POST', `/messages/${ticketId}`, { token: company.admin.token, body: { body } })).body.messages[0].id as number;
    const underWay = await post('Primeira versão');
    await eventually(() => entered.includes('Primeira versão'), 'the first send handed to the session');
    const waiting = await post('Segunda mensagem');
    const edit = (id: number, body: string) => api(server, 'POST', `/messages/edit/${id}`, { token: company.admin.token, body: { body } });
    expect((await edit(underWay, 'Primeira versão, corrigida')).status).toBe(200);
    expect((await edit(waiting, 'Segunda mensagem, corrigida')).status).toBe(200);
    release();

    // The first went out with its old text, so the channel edits it; the second went out already edited.
    const first = await eventually(async () => {
      const row = await messageRow(underWay);
      return row.data?.channelEdit?.applied ? row : undefined;
    }, 'the edit of the message under way applied');
    expect(gated.edits).toEqual([{ externalId: first.external_id, body: 'Primeira versão, corrigida' }]);
    const second = await eventually(async () => {
      const row = await messageRow(waiting);
      return row.data?.channelEdit?.applied ? row : undefined;
    }, 'the waiting message sent');
    expect(gated.sent.map((message) => message.body)).toEqual(['Primeira versão', 'Segunda mensagem, corrigida']);
    expect(second.data.channelEdit.applied).toBe(second.data.channelEdit.wanted);
    // Its queued edit found nothing left to do.
    const reply = await post('Depois das correções');
    await eventually(() => gated.sent.find((message) => message.messageId === reply), 'the reply queued after the edits');
    expect(gated.edits).toHaveLength(1);
  });

  it('edits a private note locally only', async () => {
    const { ticketId } = await ticketOn(capable);
    const note = await api(server, 'POST', `/messages/${ticketId}`, {
      token: company.admin.token,
      body: { body: 'nota', isPrivate: true },
    });
    const edits = capable.edits.length;
    const answer = await api(server, 'POST', `/messages/edit/${note.body.messages[0].id}`, {
      token: company.admin.token,
      body: { body: 'nota corrigida' },
    });
    expect(answer).toMatchObject({ status: 200, body: { body: 'nota corrigida', isEdited: true, isPrivate: true } });
    expect(capable.edits.length).toBe(edits);
  });
});

describe('deleting a message', () => {
  it('deletes an own message here and on the channel; refuses another user', async () => {
    const { ticketId } = await ticketOn(capable);
    const row = await sentMessage(company.admin.token, ticketId, 'Apagar isto');
    const foreign = await api(server, 'DELETE', `/messages/${row.id}`, { token: company.users[1]!.token });
    expect(foreign).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect((await messageRow(row.id)).is_deleted).toBe(false);

    const answer = await api(server, 'DELETE', `/messages/${row.id}`, { token: company.admin.token });
    expect(answer).toMatchObject({ status: 200, body: { id: row.id, isDeleted: true } });
    expect(capable.removes).toContainEqual({ externalId: row.external_id });
    expect((await messageRow(row.id)).is_deleted).toBe(true);
  });
});

describe('forwarding a message', () => {
  it('forwards a file to another contact in a new ticket, marked forwarded, keeping the file', async () => {
    const { ticketId } = await ticketOn(capable);
    const form = new FormData();
    form.append('body', 'Foto do produto');
    form.append('medias', new Blob([Buffer.from('\x89PNG fake image')], { type: 'image/png' }), 'produto.png');
    const sent = await api(server, 'POST', `/messages/${ticketId}`, { token: company.admin.token, body: form });
    expect(sent.status).toBe(201);
    const source = sent.body.messages[0];
    expect(source.mediaType).toBe('image');

    const knex = server.ports.database.knex;
    const [target] = await knex('contacts')
      .insert({ company_id: company.companyId, name: 'Destino', number: '5511977770001', channel: 'recorder' })
      .returning('id');
    const answer = await api(server, 'POST', '/message/forward', {
      token: company.admin.token,
      body: { messageId: source.id, contactId: target.id, signMessage: false },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ isForwarded: true, mediaType: 'image', mediaUrl: source.mediaUrl, body: 'Foto do produto' });
    expect(answer.body.ticketId).not.toBe(ticketId);
    const ticket = await knex('tickets').where('id', answer.body.ticketId).first();
    expect(ticket).toMatchObject({
      contact_id: target.id,
      whatsapp_id: capable.connectionId,
      company_id: company.companyId,
      status: 'open',
    });
    const out = await eventually(async () => capable.sent.find((message) => message.messageId === answer.body.id), 'the media sent');
    expect(out.media).toMatchObject({ fileName: 'produto.png', mimeType: 'image/png', mediaType: 'image' });
    expect(out.to.address).toBe('5511977770001');

    // A second forward to the same contact lands in the same ticket; signed, it carries the agent's name.
    const text = await sentMessage(company.admin.token, ticketId, 'Segue o link');
    const again = await api(server, 'POST', '/message/forward', {
      token: company.admin.token,
      body: { messageId: text.id, contactId: target.id, signMessage: true },
    });
    expect(again.body).toMatchObject({ ticketId: answer.body.ticketId, isForwarded: true });
    expect(again.body.body).toMatch(/^\*User 0 .*:\*\nSegue o link$/);
  });

  it('needs a message and a contact (empty selection)', async () => {
    const none = await api(server, 'POST', '/message/forward', { token: company.admin.token, body: { contactId: 1 } });
    expect(none).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(none.body.fields).toHaveProperty('messageId');
    const noContact = await api(server, 'POST', '/message/forward', { token: company.admin.token, body: { messageId: 1 } });
    expect(noContact.status).toBe(400);
    expect(noContact.body.fields).toHaveProperty('contactId');
  });
});

describe('reacting to a message', () => {
  it('stores the reaction, sends it, and removes it with an empty text', async () => {
    const { ticketId } = await ticketOn(capable);
    const row = await sentMessage(company.admin.token, ticketId, 'Reaja a isto');
    const answer = await api(server, 'POST', '/react/messages', {
      token: company.admin.token,
      body: { id: row.id, text: '👍', ticketId, fromMe: true, remoteJid: 'x' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ mediaType: 'reactionMessage', body: '👍', quotedMsgId: row.id, fromMe: true, isDeleted: false });
    expect(capable.reactions).toContainEqual({ externalId: row.external_id, emoji: '👍' });

    const removed = await api(server, 'POST', '/react/messages', { token: company.admin.token, body: { id: row.id, text: '', ticketId } });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ id: answer.body.id, isDeleted: true });
    expect(capable.reactions.at(-1)).toEqual({ externalId: row.external_id, emoji: '' });
    const rows = await server.ports.database.knex('messages').where({ quoted_msg_id: row.id, media_type: 'reactionMessage' });
    expect(rows).toHaveLength(1);
  });
});

describe('a channel without edit, delete or react', () => {
  it('refuses with 400 ERR_CHANNEL_UNSUPPORTED and changes nothing', async () => {
    const { ticketId } = await ticketOn(plain);
    const row = await sentMessage(company.admin.token, ticketId, 'Sem recursos');
    const edit = await api(server, 'POST', `/messages/edit/${row.id}`, { token: company.admin.token, body: { body: 'Mudou' } });
    expect(edit).toMatchObject({ status: 400, body: { error: 'ERR_CHANNEL_UNSUPPORTED' } });
    const remove = await api(server, 'DELETE', `/messages/${row.id}`, { token: company.admin.token });
    expect(remove).toMatchObject({ status: 400, body: { error: 'ERR_CHANNEL_UNSUPPORTED' } });
    const react = await api(server, 'POST', '/react/messages', { token: company.admin.token, body: { id: row.id, text: '❤️' } });
    expect(react).toMatchObject({ status: 400, body: { error: 'ERR_CHANNEL_UNSUPPORTED' } });
    expect(await messageRow(row.id)).toMatchObject({ body: 'Sem recursos', is_edited: false, is_deleted: false });
    expect(await server.ports.database.knex('messages').where({ quoted_msg_id: row.id })).toHaveLength(0);
  });

  it('refuses a channel no plugin provides when its session is not here', async () => {
    const ghost = { connectionId: await connectedConnection(company.companyId, 'ghost'), channel: 'ghost' };
    const { ticketId } = await ticketOn(ghost);
    const [row] = await server.ports.database
      .knex('messages')
      .insert({
        company_id: company.companyId,
        ticket_id: ticketId,
        whatsapp_id: ghost.connectionId,
        user_id: company.admin.id,
        from_me: true,
        body: 'fantasma',
        external_id: 'ghost-1',
      })
      .returning('id');
    const edit = await api(server, 'POST', `/messages/edit/${row.id}`, { token: company.admin.token, body: { body: 'x' } });
    expect(edit).toMatchObject({ status: 400, body: { error: 'ERR_CHANNEL_UNSUPPORTED' } });
  });
});

describe('a session on another node', () => {
  it('queues the edit for the owner node, which applies it once', async () => {
    // webchat declares edit and delete; its session is not live here until the "owner" brings it up.
    const connectionId = await connectedConnection(company.companyId, 'webchat');
    const { ticketId } = await ticketOn({ connectionId, channel: 'webchat' });
    const knex = server.ports.database.knex;
    const [row] = await knex('messages')
      .insert({
        company_id: company.companyId,
        ticket_id: ticketId,
        whatsapp_id: connectionId,
        user_id: company.admin.id,
        from_me: true,
        body: 'Antes',
        external_id: 'wc-1',
        ack: 1,
      })
      .returning('id');
    const answer = await api(server, 'POST', `/messages/edit/${row.id}`, { token: company.admin.token, body: { body: 'Depois' } });
    expect(answer).toMatchObject({ status: 200, body: { body: 'Depois', isEdited: true } });
    const react = await api(server, 'POST', '/react/messages', { token: company.admin.token, body: { id: row.id, text: '👍' } });
    expect(react).toMatchObject({ status: 400, body: { error: 'ERR_CHANNEL_UNSUPPORTED' } });

    const owner = goLive(company.companyId, connectionId, recorder('webchat', true));
    await eventually(() => owner.edits.length > 0, 'the edit applied by the owner');
    expect(owner.edits).toEqual([{ externalId: 'wc-1', body: 'Depois' }]);
    const stored = await eventually(async () => {
      const current = await messageRow(row.id);
      return current.data?.channelEdit?.applied ? current : undefined;
    }, 'the edit marked applied');
    // The same job again (a retry, a second node) applies nothing.
    const delivery = server.container.get(MessageDelivery);
    await delivery.enqueueAction(
      { companyId: row.company_id, id: row.id, whatsappId: connectionId },
      { kind: 'edit', key: stored.data.channelEdit.applied },
    );
    // A reply sent after it runs on the same queue, one job at a time in order: once it is out, the retry was handled.
    const reply = await api(server, 'POST', `/messages/${ticketId}`, { token: company.admin.token, body: { body: 'Depois da repetição' } });
    const replyId = reply.body.messages[0].id as number;
    await eventually(() => owner.sent.find((message) => message.messageId === replyId), 'the reply queued after the retry');
    expect(owner.edits).toHaveLength(1);
  });
});

describe('ticket media', () => {
  it('lists images and groups media, documents, links and calls, newest first', async () => {
    const { ticketId } = await ticketOn(capable);
    const knex = server.ports.database.knex;
    const base = { company_id: company.companyId, ticket_id: ticketId, from_me: false };
    const at = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    const rows = [
      { body: 'foto velha', media_type: 'image', media_url: 'c/old.jpg', created_at: at(50) },
      { body: 'foto nova', media_type: 'image', media_url: 'c/new.jpg', created_at: at(10) },
      { body: '', media_type: 'image', media_url: 'c/deleted.jpg', created_at: at(5), is_deleted: true },
      { body: '', media_type: 'video', media_url: 'c/v.mp4', created_at: at(40) },
      { body: '', media_type: 'audio', media_url: 'c/a.ogg', created_at: at(30) },
      { body: 'contrato', media_type: 'application', media_url: 'c/doc.pdf', created_at: at(20) },
      { body: 'veja https://example.com/a e http://foo.test/b?x=1', media_type: 'chat', created_at: at(15) },
      { body: 'sem link', media_type: 'chat', created_at: at(14) },
      { body: 'Chamada perdida', media_type: 'call_log', created_at: at(12) },
    ];
    for (const row of rows) await knex('messages').insert({ ...base, ...row });
    // Another ticket's image stays out.
    const elsewhere = await ticketOn(capable);
    await knex('messages').insert({ ...base, ticket_id: elsewhere.ticketId, media_type: 'image', media_url: 'c/x.jpg' });

    const images = await api(server, 'GET', `/messages/listimages/${ticketId}`, { token: company.admin.token });
    expect(images.status).toBe(200);
    expect(images.body.images.map((image: any) => image.mediaUrl)).toEqual(['c/new.jpg', 'c/old.jpg']);
    expect(images.body.images[0]).toEqual({
      id: expect.any(Number),
      mediaUrl: 'c/new.jpg',
      createdAt: expect.any(String),
      body: 'foto nova',
    });

    const media = await api(server, 'GET', `/messages/getmedia/${ticketId}`, { token: company.admin.token });
    expect(media.status).toBe(200);
    expect(media.body.media.map((item: any) => item.mediaUrl)).toEqual(['c/new.jpg', 'c/a.ogg', 'c/v.mp4', 'c/old.jpg']);
    expect(media.body.documents.map((item: any) => item.body)).toEqual(['contrato']);
    expect(media.body.links).toHaveLength(1);
    expect(media.body.links[0].urls).toEqual(['https://example.com/a', 'http://foo.test/b?x=1']);
    expect(media.body.calls.map((item: any) => item.body)).toEqual(['Chamada perdida']);
  });
});

describe('who may act', () => {
  it("answers 404 for another company's messages and tickets", async () => {
    const { ticketId, contactId } = await ticketOn(capable);
    const row = await sentMessage(company.admin.token, ticketId, 'Só nossa');
    const token = other.admin.token;
    expect((await api(server, 'POST', `/messages/edit/${row.id}`, { token, body: { body: 'x' } })).status).toBe(404);
    expect((await api(server, 'DELETE', `/messages/${row.id}`, { token })).status).toBe(404);
    expect((await api(server, 'POST', '/react/messages', { token, body: { id: row.id, text: '👍' } })).status).toBe(404);
    expect((await api(server, 'POST', '/message/forward', { token, body: { messageId: row.id, contactId } })).status).toBe(404);
    expect((await api(server, 'GET', `/messages/listimages/${ticketId}`, { token })).status).toBe(404);
    expect((await api(server, 'GET', `/messages/getmedia/${ticketId}`, { token })).status).toBe(404);
    expect(await messageRow(row.id)).toMatchObject({ body: 'Só nossa', is_deleted: false });
  });

  it('answers 404 to a profile user on a ticket they cannot see, and lets them act on their own', async () => {
    const agent = company.users[0]!;
    const hidden = await ticketOn(capable); // assigned to the admin, no queue
    const row = await sentMessage(company.admin.token, hidden.ticketId, 'Ticket do admin');
    const token = agent.token;
    expect((await api(server, 'GET', `/messages/${hidden.ticketId}`, { token })).status).toBe(404);
    expect((await api(server, 'POST', `/messages/${hidden.ticketId}`, { token, body: { body: 'oi' } })).status).toBe(404);
    expect((await api(server, 'POST', `/messages/edit/${row.id}`, { token, body: { body: 'x' } })).status).toBe(404);
    expect((await api(server, 'DELETE', `/messages/${row.id}`, { token })).status).toBe(404);
    expect((await api(server, 'POST', '/react/messages', { token, body: { id: row.id, text: '👍' } })).status).toBe(404);
    expect(
      (await api(server, 'POST', '/message/forward', { token, body: { messageId: row.id, contactId: hidden.contactId } })).status,
    ).toBe(404);
    expect((await api(server, 'GET', `/messages/listimages/${hidden.ticketId}`, { token })).status).toBe(404);
    expect((await api(server, 'GET', `/messages/getmedia/${hidden.ticketId}`, { token })).status).toBe(404);

    const mine = await ticketOn(capable, { user_id: agent.id });
    const own = await sentMessage(token, mine.ticketId, 'Minha mensagem');
    const edited = await api(server, 'POST', `/messages/edit/${own.id}`, { token, body: { body: 'Minha mensagem editada' } });
    expect(edited).toMatchObject({ status: 200, body: { body: 'Minha mensagem editada' } });
  });
});
