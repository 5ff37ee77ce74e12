import { request as httpRequest } from 'node:http';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ChannelContribution, ContainerModule, type OutboundMessage } from '@switchboard/sdk';
import { SecretKeys } from '../../../platform/auth/app-secret.js';
import { LiveSessions } from '../../../platform/channels/live-sessions.js';
import { newConnectionToken, storedToken } from '../../connections/connection-tokens.js';
import { MessageDelivery } from '../../messages/message-delivery.js';
import { eventually } from '../../../testing/eventually.js';
import { api, startTestServer, type TestServer } from '../../../testing/test-server.js';
import { EXTERNAL_API_LIMITS } from '../external-api.routes.js';

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

/** The 'recorder' channel: its connections send through the external API (capabilities.externalApi). */
const recorderChannel = new ContainerModule((bind) => {
  bind(ChannelContribution).toConstantValue({
    channel: 'recorder',
    description: { name: 'Recorder', settings: [], capabilities: { media: true, externalApi: true } },
    createSession: () => ({
      start: async () => {},
      stop: async () => {},
      send: async (message: OutboundMessage) => {
        delivered.push(message);
        return { externalId: `rec-${delivered.length}` };
      },
    }),
  } satisfies ChannelContribution);
});

beforeAll(async () => {
  server = await startTestServer({ extraModules: [recorderChannel] });
  ({ token, companyId } = await connectionWithRecorder({ useExternalApi: true }));
});

afterAll(async () => {
  await server?.stop();
});

/**
 * Streams a multipart body with one file of `fileBytes` to the send route, chunk by chunk, and stops writing as
 * soon as the answer arrives; `sent` is how much of the body had been written by then.
 */
function streamUpload(options: {
  token: string;
  fileBytes: number;
}): Promise<{ status: number; body: any; sent: number; declared: number }> {
  const boundary = 'sb-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="number"\r\n\r\n5511999990009\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="medias"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const declared = head.length + options.fileBytes + tail.length;
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = httpRequest(`${server.url}/api/messages/send`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${options.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(declared),
      },
    });
    req.on('response', (res) => {
      answered = true;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(text), sent, declared });
      });
    });
    // The server may close the connection once it has answered: a late write error is expected then.
    req.on('error', (error) => (answered ? undefined : reject(error)));
    const chunk = Buffer.alloc(1024 * 1024, 0x61);
    void (async () => {
      const write = (data: Buffer) =>
        new Promise<void>((done) => {
          sent += data.length;
          if (req.write(data)) done();
          else req.once('drain', () => done());
        });
      await write(head);
      for (let left = options.fileBytes; left > 0 && !answered && !req.destroyed; left -= chunk.length) {
        await write(left >= chunk.length ? chunk : chunk.subarray(0, left));
      }
      if (!answered && !req.destroyed) {
        await write(tail);
        req.end();
      }
    })().catch(() => undefined);
  });
}

async function uploadFolderEmpty(): Promise<true | undefined> {
  const files = await readdir(path.join(server.dataDir, 'tmp', 'api-uploads')).catch(() => []);
  return files.length === 0 ? true : undefined;
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
    await eventually(() => delivered.filter((message) => message.to.address === '5511999990001').length === 2, 'both messages delivered');
    const sent = await eventually(async () => {
      const row = await knex('messages').where('id', first.body.messageIds[0]).first();
      return row.external_id ? row : undefined;
    }, 'the first message taken by the channel');
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
    const out = await eventually(async () => delivered.find((message) => message.to.address === '5511999990002'), 'the file delivered');
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

  it('renders the document at /api-docs for a browser, with Swagger UI served from the product itself', async () => {
    const browserAccept = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
    const page = await api(server, 'GET', '/api-docs', { headers: { accept: browserAccept } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const sources = [...String(page.body).matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    // Every script and stylesheet is our own file: nothing from a CDN, nothing the CSP would block.
    expect(sources.filter((source) => /^https?:/.test(source))).toEqual([]);
    for (const source of sources.filter((source) => source.startsWith('/api-docs/'))) {
      const asset = await fetch(`${server.url}${source}`);
      expect({ source, status: asset.status }).toEqual({ source, status: 200 });
      expect((await asset.text()).length).toBeGreaterThan(10);
    }
    const scripts = String(page.body).match(/<script[^>]*>([^<]*)<\/script>/g) ?? [];
    expect(scripts.every((tag) => /<script src="[^"]+"><\/script>/.test(tag))).toBe(true);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    // Swagger UI fetches the document with a JSON accept.
    const document = await api(server, 'GET', '/api-docs', { headers: { accept: 'application/json,*/*' } });
    expect(document.body.openapi).toMatch(/^3\./);
    expect((await api(server, 'GET', '/api-docs/assets/..%2Fpackage.json')).status).toBe(404);
  });
  it('refuses a bad token before reading a large upload: the 401 arrives while the client is still sending', async () => {
    const answer = await streamUpload({ token: 'WRONGTOKEN', fileBytes: 640 * 1024 * 1024 });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ error: 'ERR_INVALID_TOKEN', message: expect.any(String) });
    // Answered after at most a few MB of a 640 MB body: the server did not wait for (or buffer) the rest.
    expect(answer.sent).toBeLessThan(answer.declared / 50);
    expect(await uploadFolderEmpty()).toBe(true);
  });

  it('answers a file over the size limit with 413 ERR_FILE_TOO_LARGE and keeps no part of it', async () => {
    const answer = await streamUpload({ token, fileBytes: EXTERNAL_API_LIMITS.maxFileBytes + 1024 * 1024 });
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ error: 'ERR_FILE_TOO_LARGE', message: expect.stringContaining('64 MB') });
    await eventually(uploadFolderEmpty, 'the partial upload removed');
  });

  it('answers more files than allowed with 413 ERR_TOO_MANY_FILES', async () => {
    const form = new FormData();
    form.append('number', '5511999990010');
    for (let index = 0; index <= EXTERNAL_API_LIMITS.maxFiles; index += 1)
      form.append('medias', new Blob([Buffer.from(`file ${index}`)], { type: 'text/plain' }), `f${index}.txt`);
    const answer = await api(server, 'POST', '/api/messages/send', { token, body: form });
    expect(answer).toMatchObject({ status: 413, body: { error: 'ERR_TOO_MANY_FILES' } });
    await eventually(uploadFolderEmpty, 'the uploads removed');
  });

  // Last: it spends this client address's allowance.
  it('limits a client address whatever token it sends, so changing the header gives no fresh allowance', async () => {
    let limited: { status: number; body: any } | undefined;
    for (let attempt = 0; attempt <= EXTERNAL_API_LIMITS.perAddress && !limited; attempt += 1) {
      const answer = await api(server, 'POST', '/api/messages/send', {
        token: `WRONG${attempt}`,
        body: { number: '5511999990011', body: 'x' },
      });
      if (answer.status === 429) limited = answer;
      else expect(answer.status).toBe(401);
    }
    expect(limited?.body).toMatchObject({ error: 'ERR_TOO_MANY_REQUESTS' });
    const valid = await api(server, 'POST', '/api/messages/send', { token, body: { number: '5511999990011', body: 'x' } });
    expect(valid.status).toBe(429);
  });
});
