import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { NextFunction, Request, Response } from 'express';
import request from 'supertest';
import type { ConnectionInfo } from '@switchboard/sdk';
import { startWebchatHarness, type WebchatHarness } from './webchat-harness.js';

/**
 * A visitor's widget sends each message with an id of its own and sends it again while the server refuses it (503
 * while the database is away) or its answer is lost: the message is stored once, under the id the widget knows it by.
 */
const connection: ConnectionInfo = {
  id: 21,
  companyId: 2,
  name: 'Site',
  channel: 'webchat',
  token: 'SITEAPITOKEN0000000000000000000',
  publicId: 'site-retry',
  settings: {},
};

const CLIENT_ID = 'k3Jx9_Qm2-Lp8Vn4Rt6Yw1';
let harness: WebchatHarness;
let visitorToken: string;

/** What the server does with a failure the widget's routes pass on: a dependency away answers 503 with Retry-After. */
function hostErrorHandler(error: unknown, _req: Request, res: Response, _next: NextFunction): void {
  const away = (error as { code?: string }).code === 'ECONNREFUSED';
  if (away) res.set('Retry-After', '5');
  res.status(away ? 503 : 500).json({ error: away ? 'ERR_SERVICE_UNAVAILABLE' : 'ERR_INTERNAL' });
}

function databaseAway(): Error {
  return Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
}

beforeEach(async () => {
  harness = await startWebchatHarness([connection]);
  harness.app.use(hostErrorHandler);
  const session = await request(harness.app).post('/widget/site-retry/sessions').send({ name: 'Ana' }).expect(200);
  visitorToken = session.body.visitorToken;
});

afterEach(async () => {
  await harness.close();
});

function send(body: Record<string, unknown>) {
  return request(harness.app).post('/widget/site-retry/messages').set('Authorization', `Bearer ${visitorToken}`).send(body);
}

async function transcript(): Promise<{ id: string; body: string; seq: number }[]> {
  const res = await request(harness.app).get('/widget/site-retry/messages').set('Authorization', `Bearer ${visitorToken}`).expect(200);
  return res.body.messages;
}

/** The message ids handed to core, which stores each (connection, id) once. */
function idsHandedToCore(): string[] {
  return harness.host.events.map(({ event }) => (event as { externalId: string }).externalId);
}

describe('a message the widget sends again', () => {
  it('is stored once under wc-<clientId>, and the repeat is answered with the same message', async () => {
    const first = await send({ body: 'Olá', clientId: CLIENT_ID }).expect(200);
    const again = await send({ body: 'Olá', clientId: CLIENT_ID }).expect(200);
    expect(first.body.id).toBe(`wc-${CLIENT_ID}`);
    expect(again.body).toEqual(first.body);
    expect(await transcript()).toEqual([expect.objectContaining({ id: `wc-${CLIENT_ID}`, body: 'Olá' })]);
    expect(new Set(idsHandedToCore())).toEqual(new Set([`wc-${CLIENT_ID}`]));
  });

  it('refused while the database is away answers 503 with Retry-After, and the retry is stored once', async () => {
    harness.host.onInbound = jest.fn<() => Promise<void>>().mockRejectedValueOnce(databaseAway());
    const refused = await send({ body: 'Está aí?', clientId: CLIENT_ID });
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.body).toEqual({ error: 'ERR_SERVICE_UNAVAILABLE' });
    expect(await transcript()).toEqual([]);

    const accepted = await send({ body: 'Está aí?', clientId: CLIENT_ID }).expect(200);
    expect(accepted.body.id).toBe(`wc-${CLIENT_ID}`);
    expect(await transcript()).toEqual([expect.objectContaining({ id: `wc-${CLIENT_ID}`, body: 'Está aí?' })]);
  });

  it('kept by an attempt whose clean-up failed too, is handed to core again by the retry, not stored twice', async () => {
    const store = harness.host.store(connection);
    jest.spyOn(store, 'delete').mockRejectedValueOnce(databaseAway());
    harness.host.onInbound = jest.fn<() => Promise<void>>().mockRejectedValueOnce(databaseAway());
    expect((await send({ body: 'Pedido 42', clientId: CLIENT_ID })).status).toBe(503);

    await send({ body: 'Pedido 42', clientId: CLIENT_ID }).expect(200);
    expect(await transcript()).toEqual([expect.objectContaining({ id: `wc-${CLIENT_ID}`, body: 'Pedido 42' })]);
    expect(idsHandedToCore()).toEqual([`wc-${CLIENT_ID}`, `wc-${CLIENT_ID}`]);
  });

  it('keeps messages with other client ids, or none, apart, and refuses a malformed client id', async () => {
    await send({ body: 'um', clientId: CLIENT_ID }).expect(200);
    await send({ body: 'dois', clientId: `${CLIENT_ID}x` }).expect(200);
    await send({ body: 'três' }).expect(200);
    await send({ body: 'três' }).expect(200);
    expect((await transcript()).map((message) => message.body)).toEqual(['um', 'dois', 'três', 'três']);
    for (const clientId of ['short', 'has spaces in it, quite long', 42, 'x'.repeat(65)]) {
      const res = await send({ body: 'quatro', clientId }).expect(400);
      expect(res.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { clientId: 'Invalid clientId' } });
    }
  });

  it('sent as a file, takes the client id from the form', async () => {
    const post = () =>
      request(harness.app)
        .post('/widget/site-retry/messages')
        .set('Authorization', `Bearer ${visitorToken}`)
        .field('clientId', CLIENT_ID)
        .field('body', 'nota')
        .attach('media', Buffer.from('%PDF-1.4'), { filename: 'nota.pdf', contentType: 'application/pdf' });
    const first = await post().expect(200);
    await post().expect(200);
    const messages = await transcript();
    expect(messages).toEqual([expect.objectContaining({ id: first.body.id, body: 'nota', mediaName: 'nota.pdf' })]);
  });
});
