import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { eventually } from '../testing/eventually.js';
import { api, startTestServer, type CompanyFixture, type TestServer } from '../testing/test-server.js';

/**
 * The conversation core end to end, with the webchat channel as the customer: a visitor's message becomes a
 * pending ticket, an admin accepts and replies, the visitor reads the reply, the company's socket saw it all.
 */
let server: TestServer;
let company: CompanyFixture;
let socket: Socket | undefined;

beforeAll(async () => {
  server = await startTestServer();
  company = await server.createCompany();
});

afterAll(async () => {
  socket?.disconnect();
  await server?.stop();
});

describe('webchat conversation', () => {
  it('goes from a visitor message to an agent reply the visitor reads', async () => {
    const token = company.admin.token;
    const created = await api(server, 'POST', '/whatsapp', { token, body: { name: 'Site', channel: 'webchat' } });
    expect(created.status).toBe(201);
    // The widget's address is the public id, not the token (the external API's key).
    const widgetToken = created.body.publicId as string;
    expect(created.body.token).toMatch(/^[A-Z0-9]{30}$/);
    expect(widgetToken).not.toBe(created.body.token);
    expect((await api(server, 'GET', '/whatsapp', { token })).body[0]).not.toHaveProperty('token');
    const connectionId = created.body.id as number;
    await eventually(
      async () => (await api(server, 'GET', '/whatsapp', { token })).body[0]?.status === 'CONNECTED',
      'the webchat connection CONNECTED',
    );

    const events: { event: string; payload: any }[] = [];
    socket = connectSocket(server.url, { auth: { token }, transports: ['websocket'], reconnection: false });
    socket.onAny((event, payload) => events.push({ event, payload }));
    await new Promise<void>((resolve, reject) => socket!.on('connect', () => resolve()).on('connect_error', reject));

    const page = await api(server, 'GET', `/widget/${widgetToken}`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);

    const visitor = await api(server, 'POST', `/widget/${widgetToken}/sessions`, {
      body: { name: 'Maria Visitante', email: 'maria@example.test' },
    });
    expect(visitor.status).toBe(200);
    const visitorAuth = { authorization: `Bearer ${visitor.body.visitorToken}` };
    const sent = await api(server, 'POST', `/widget/${widgetToken}/messages`, {
      headers: visitorAuth,
      body: { body: 'Olá, preciso de ajuda' },
    });
    expect(sent.status).toBe(200);

    const pending = await api(server, 'GET', '/tickets?status=pending', { token });
    expect(pending.status).toBe(200);
    const ticket = pending.body.tickets.find((candidate: any) => candidate.whatsappId === connectionId);
    expect(ticket).toMatchObject({ status: 'pending', contact: { name: 'Maria Visitante' }, lastMessage: 'Olá, preciso de ajuda' });

    const accepted = await api(server, 'PUT', `/tickets/${ticket.id}`, { token, body: { status: 'open', userId: company.admin.id } });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'open', userId: company.admin.id });

    const reply = await api(server, 'POST', `/messages/${ticket.id}`, { token, body: { body: 'Oi Maria, como posso ajudar?' } });
    expect(reply.status).toBe(201);

    const transcript = await eventually(async () => {
      const answer = await api(server, 'GET', `/widget/${widgetToken}/messages`, { headers: visitorAuth });
      return answer.body.messages?.some((message: any) => message.fromMe && message.body.includes('como posso ajudar'))
        ? answer.body.messages
        : undefined;
    }, 'the reply in the visitor transcript');
    expect(transcript.map((message: any) => message.body)).toEqual(expect.arrayContaining(['Olá, preciso de ajuda']));

    // The reply got the channel's id and a delivery mark.
    const stored = await eventually(async () => {
      const messages = await api(server, 'GET', `/messages/${ticket.id}`, { token });
      const mine = messages.body.messages.find((message: any) => message.fromMe);
      return mine?.ack >= 1 ? mine : undefined;
    }, 'the reply delivered');
    expect(stored.externalId).toBeTruthy();

    const names = events.map((entry) => entry.event);
    expect(names).toEqual(expect.arrayContaining(['appMessage', 'ticket']));
    expect(events.some((entry) => entry.event === 'appMessage' && entry.payload.message?.body === 'Olá, preciso de ajuda')).toBe(true);
  });

  it('answers 404 for an unknown widget', async () => {
    expect((await api(server, 'GET', '/widget/NOSUCHTOKEN000000000000000000/messages')).status).toBe(404);
  });
});
