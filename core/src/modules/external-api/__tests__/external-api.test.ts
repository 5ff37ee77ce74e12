import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { OutboundMessage } from '@switchboard/sdk';
import { SecretKeys } from '../../../platform/auth/app-secret.js';
import { LiveSessions } from '../../../platform/channels/live-sessions.js';
import { newConnectionToken, storedToken } from '../../connections/connection-tokens.js';
import { MessageDelivery } from '../../messages/message-delivery.js';
import { api, startTestServer, type TestServer } from '../../../testing/test-server.js';

let server: TestServer;
let token: string;
let companyId: number;
const delivered: OutboundMessage[] = [];

/** A connection of a channel whose live session is a recorder, so delivery can be watched. */
async function connectionWithRecorder(options: { useExternalApi: boolean }): Promise<{ token: string; companyId: number }> {
  const company = await server.createCompany({ plan: { use_external_api: options.useExternalApi } });
  const plain = newConnectionToken();
  const [row] = await server.ports.database
    .knex('connections')
    .insert({
      company_id: company.companyId,
      name: 'API',
      channel: 'recorder',
      status: 'CONNECTED',
      ...storedToken(server.container.get(SecretKeys), plain),
    })
    .returning('id');
  server.container.get(LiveSessions).register({
    connection: { id: row.id, companyId: company.companyId, name: 'API', channel: 'recorder', settings: {} },
    session: {
      start: async () => {},
      stop: async () => {},
      send: async (message) => {
        delivered.push(message);
        return { externalId: `rec-${delivered.length}` };
      },
    },
  });
  server.container.get(MessageDelivery).serve(row.id);
  return { token: plain, companyId: company.companyId };
}

beforeAll(async () => {
  server = await startTestServer();
  ({ token, companyId } = await connectionWithRecorder({ useExternalApi: true }));
});

afterAll(async () => {
  await server?.stop();
});

async function eventually<T>(probe: () => Promise<T | undefined>): Promise<T> {
  for (let tries = 0; tries < 80; tries += 1) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('condition not met in time');
}

describe('POST /api/messages/send', () => {
  it('refuses a missing or wrong token with 401', async () => {
    const missing = await api(server, 'POST', '/api/messages/send', { body: { number: '5511999990000', body: 'oi' } });
    expect(missing.status).toBe(401);
    const wrong = await api(server, 'POST', '/api/messages/send', { token: 'WRONGTOKEN', body: { number: '5511999990000', body: 'oi' } });
    expect(wrong).toMatchObject({ status: 401, body: { error: 'ERR_INVALID_TOKEN' } });
  });

  it('sends and stores a text through the connection, creating the contact and ticket once', async () => {
    const first = await api(server, 'POST', '/api/messages/send', { token, body: { number: '5511999990001', body: 'Seu pedido saiu' } });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe('Mensagem enviada com sucesso');
    const second = await api(server, 'POST', '/api/messages/send', { token, body: { number: '5511999990001', body: 'Chegou?' } });
    expect(second.body.ticketId).toBe(first.body.ticketId);
    const knex = server.ports.database.knex;
    const messages = await knex('messages').where('ticket_id', first.body.ticketId).orderBy('id');
    expect(messages.map((message) => message.body)).toEqual(['Seu pedido saiu', 'Chegou?']);
    expect((await knex('tickets').where('id', first.body.ticketId).first()).company_id).toBe(companyId);
    await eventually(async () => (delivered.filter((message) => message.to.address === '5511999990001').length === 2 ? true : undefined));
    const sent = await eventually(async () => {
      const row = await knex('messages').where('id', first.body.messageIds[0]).first();
      return row.external_id ? row : undefined;
    });
    expect(sent.ack).toBe(1);
  });

  it('sends media as multipart', async () => {
    const form = new FormData();
    form.append('number', '5511999990002');
    form.append('body', 'Boleto');
    form.append('medias', new Blob([Buffer.from('%PDF-1.4 test')], { type: 'application/pdf' }), 'boleto.pdf');
    const answer = await api(server, 'POST', '/api/messages/send', { token, body: form });
    expect(answer.status).toBe(200);
    const row = await server.ports.database.knex('messages').where('id', answer.body.messageIds[0]).first();
    expect(row).toMatchObject({ media_type: 'application', body: 'Boleto' });
    const out = await eventually(async () => delivered.find((message) => message.to.address === '5511999990002'));
    expect(out.media).toMatchObject({ fileName: 'boleto.pdf', mimeType: 'application/pdf' });
  });

  it('validates the number (no mask) and needs a body or a file', async () => {
    const masked = await api(server, 'POST', '/api/messages/send', { token, body: { number: '+55 (11) 99999-0003', body: 'oi' } });
    expect(masked.status).toBe(400);
    expect(masked.body.fields).toHaveProperty('number');
    const empty = await api(server, 'POST', '/api/messages/send', { token, body: { number: '5511999990003' } });
    expect(empty.status).toBe(400);
  });

  it('answers 403 when the plan has no external API', async () => {
    const other = await connectionWithRecorder({ useExternalApi: false });
    const answer = await api(server, 'POST', '/api/messages/send', { token: other.token, body: { number: '5511999990004', body: 'oi' } });
    expect(answer).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_FEATURE_DISABLED' } });
  });

  it('is documented by an OpenAPI file at /api-docs', async () => {
    const docs = await api(server, 'GET', '/api-docs');
    expect(docs.status).toBe(200);
    expect(docs.body.openapi).toMatch(/^3\./);
    expect(docs.body.paths['/api/messages/send'].post.responses).toHaveProperty('401');
  });
});
