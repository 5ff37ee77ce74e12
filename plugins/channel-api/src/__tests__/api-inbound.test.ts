import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { InboundEvent, InboundMessage } from '@switchboard/sdk';
import { MAX_MEDIA_BYTES, MAX_REQUEST_BYTES } from '../inbound-request.js';
import { ApiHarness, apiConnection, SECRET } from './api-harness.js';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const STRICT_TOKEN = 'strict-connection-token';

let harness: ApiHarness;

beforeEach(async () => {
  harness = await new ApiHarness().start((webhookUrl) => [
    apiConnection(webhookUrl),
    // Refuses unsigned requests.
    apiConnection(webhookUrl, {
      id: 22,
      token: STRICT_TOKEN,
      settings: { webhookUrl, webhookSecret: SECRET, requireSignature: true },
    }),
    // Another channel's connection: its token opens nothing here.
    { id: 30, companyId: 7, name: 'Site', channel: 'webchat', token: 'webchat-token', settings: {} },
  ]);
});

afterEach(async () => {
  await harness.close();
});

function events(): InboundEvent[] {
  return harness.host.events.map((e) => e.event);
}

function messages(): InboundMessage[] {
  return events().filter((e): e is InboundMessage => e.type === 'message');
}

async function answer(res: Response): Promise<{ status: number; body: Record<string, any> }> {
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

describe('POST /api/channels/<token>/messages', () => {
  it('accepts a contact message with 202 and its id, and hands it to core once committed', async () => {
    const res = await answer(
      await harness.post('messages', {
        number: '+55 (11) 99999-0001',
        name: 'Carla',
        body: 'Oi!',
        externalId: 'tg-77',
        quotedId: 'out-21-5',
      }),
    );
    expect(res).toEqual({ status: 202, body: { id: 'tg-77' } });
    expect(harness.host.events).toHaveLength(1);
    expect(harness.host.events[0]!.connection.id).toBe(21);
    expect(messages()[0]).toMatchObject({
      type: 'message',
      externalId: 'tg-77',
      chat: { address: '5511999990001', name: 'Carla' },
      fromMe: false,
      body: 'Oi!',
      mediaType: 'chat',
      quotedExternalId: 'out-21-5',
    });
  });

  it('makes an id when the integrator sends none, and takes ids of other systems as the number', async () => {
    const res = await answer(await harness.post('messages', { number: 'telegram:4242', body: 'hello' }));
    expect(res.status).toBe(202);
    expect(res.body.id).toMatch(/^in-/);
    expect(messages()[0]).toMatchObject({ externalId: res.body.id, chat: { address: 'telegram:4242' } });
  });

  it('is also served at /webhooks/api/<token>/messages', async () => {
    const res = await harness.post('messages', { number: '5511999990002', body: 'by the webhook path' }, { prefix: 'webhooks' });
    expect(res.status).toBe(202);
    expect(messages()[0]?.body).toBe('by the webhook path');
  });

  it('takes a file as base64 or downloads it from its URL', async () => {
    const inline = await harness.post('messages', {
      number: '5511999990003',
      media: { base64: PNG.toString('base64'), fileName: 'pixel.png', mimeType: 'image/png' },
    });
    expect(inline.status).toBe(202);
    const url = harness.webhook.host('report.pdf', Buffer.from('%PDF-1.4 fake'), 'application/pdf');
    const linked = await harness.post('messages', {
      number: '5511999990003',
      body: 'the report',
      media: { url, fileName: 'report.pdf', mimeType: 'application/pdf' },
    });
    expect(linked.status).toBe(202);
    const [first, second] = messages();
    expect(first).toMatchObject({ mediaType: 'image', media: { fileName: 'pixel.png', mimeType: 'image/png' } });
    expect(Buffer.compare(first!.media!.data, PNG)).toBe(0);
    expect(second).toMatchObject({ body: 'the report', mediaType: 'application', media: { fileName: 'report.pdf' } });
    expect(second!.media!.data.toString()).toBe('%PDF-1.4 fake');
  });

  it('answers 401 to a token no API connection has, a webchat token included', async () => {
    for (const token of ['no-such-token', 'webchat-token']) {
      const res = await answer(await harness.post('messages', { number: '5511999990004', body: 'hi' }, { token }));
      expect(res).toEqual({ status: 401, body: { error: 'ERR_INVALID_TOKEN', message: expect.any(String) } });
    }
    expect(events()).toHaveLength(0);
  });

  it('refuses a wrong signature, and a missing one when the connection requires it', async () => {
    const wrong = await answer(await harness.post('messages', { number: '5511999990005', body: 'forged' }, { secret: 'not-the-secret' }));
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('ERR_INVALID_SIGNATURE');

    const unsignedStrict = await harness.post(
      'messages',
      { number: '5511999990005', body: 'unsigned' },
      { secret: null, token: STRICT_TOKEN },
    );
    expect(unsignedStrict.status).toBe(401);
    const signedStrict = await harness.post('messages', { number: '5511999990005', body: 'signed' }, { token: STRICT_TOKEN });
    expect(signedStrict.status).toBe(202);
    // Without requireSignature the token alone is enough.
    const unsigned = await harness.post('messages', { number: '5511999990005', body: 'token only' }, { secret: null });
    expect(unsigned.status).toBe(202);

    expect(messages().map((m) => m.body)).toEqual(['signed', 'token only']);
    // The refusal is logged without the secret.
    expect(JSON.stringify(harness.host.log.entries)).not.toContain(SECRET);
    expect(harness.host.log.entries.some((e) => e.level === 'warn' && /signature/.test(e.message))).toBe(true);
  });

  it('answers 400 with a code and the field to bad input', async () => {
    const cases: [unknown, string, string?][] = [
      ['{not json', 'ERR_INVALID_JSON'],
      [[1, 2], 'ERR_INVALID_JSON'],
      [{ body: 'who am I?' }, 'ERR_VALIDATION', 'number'],
      [{ number: '55 11 ☎', body: 'x' }, 'ERR_VALIDATION', 'number'],
      [{ number: '5511999990006' }, 'ERR_VALIDATION', 'body'],
      [{ number: '5511999990006', body: 42 }, 'ERR_VALIDATION', 'body'],
      [{ number: '5511999990006', media: { fileName: 'a.png', mimeType: 'image/png' } }, 'ERR_VALIDATION', 'media'],
      [
        { number: '5511999990006', media: { base64: 'AAAA', url: 'http://x.test/a', fileName: 'a.png', mimeType: 'image/png' } },
        'ERR_VALIDATION',
        'media',
      ],
      [
        { number: '5511999990006', media: { base64: 'AAAA', fileName: '../a.png', mimeType: 'image/png' } },
        'ERR_VALIDATION',
        'media.fileName',
      ],
      [{ number: '5511999990006', media: { base64: 'AAAA', fileName: 'a.png', mimeType: 'png' } }, 'ERR_VALIDATION', 'media.mimeType'],
      [
        { number: '5511999990006', media: { base64: 'not base64!', fileName: 'a.png', mimeType: 'image/png' } },
        'ERR_VALIDATION',
        'media.base64',
      ],
      [
        { number: '5511999990006', media: { url: 'ftp://x.test/a', fileName: 'a.png', mimeType: 'image/png' } },
        'ERR_VALIDATION',
        'media.url',
      ],
    ];
    for (const [payload, error, field] of cases) {
      const res = await answer(await harness.post('messages', payload));
      expect({ payload, status: res.status, error: res.body.error }).toEqual({ payload, status: 400, error });
      if (field) expect(Object.keys(res.body.fields ?? {})).toEqual([field]);
    }
    const unreachable = await answer(
      await harness.post('messages', {
        number: '5511999990006',
        media: { url: `${harness.webhook.origin}/files/missing.png`, fileName: 'a.png', mimeType: 'image/png' },
      }),
    );
    expect(unreachable).toMatchObject({ status: 400, body: { error: 'ERR_MEDIA_UNREACHABLE' } });
    expect(events()).toHaveLength(0);
  });

  it('answers 413 to a file over 16 MB and to a body over the limit', async () => {
    const big = Buffer.alloc(MAX_MEDIA_BYTES + 1, 1);
    const inline = await answer(
      await harness.post('messages', {
        number: '5511999990007',
        media: { base64: big.toString('base64'), fileName: 'big.bin', mimeType: 'application/octet-stream' },
      }),
    );
    expect(inline).toMatchObject({ status: 413, body: { error: 'ERR_MEDIA_TOO_LARGE' } });
    const url = harness.webhook.host('big.bin', big, 'application/octet-stream');
    const linked = await answer(
      await harness.post('messages', {
        number: '5511999990007',
        media: { url, fileName: 'big.bin', mimeType: 'application/octet-stream' },
      }),
    );
    expect(linked).toMatchObject({ status: 413, body: { error: 'ERR_MEDIA_TOO_LARGE' } });
    const huge = await answer(await harness.post('messages', { number: '5511999990007', body: 'x'.repeat(MAX_REQUEST_BYTES) }));
    expect(huge).toMatchObject({ status: 413, body: { error: 'ERR_PAYLOAD_TOO_LARGE' } });
    expect(events()).toHaveLength(0);
  });

  it('answers 429 with Retry-After once a connection sends faster than its limit', async () => {
    // 200 at once: far more than the bucket (60) plus what it refills while they arrive (20 a second).
    const answers = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const res = await harness.post('messages', { number: '5511999990008', body: `burst ${i}` });
        await res.arrayBuffer();
        return { status: res.status, retryAfter: res.headers.get('retry-after') };
      }),
    );
    const accepted = answers.filter((a) => a.status === 202).length;
    const limited = answers.filter((a) => a.status === 429);
    expect(accepted).toBeGreaterThanOrEqual(60);
    expect(accepted + limited.length).toBe(200);
    expect(limited.length).toBeGreaterThan(0);
    expect(Number(limited[0]!.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(messages()).toHaveLength(accepted);
    // Another connection has its own bucket.
    expect((await harness.post('messages', { number: '5511999990008', body: 'other' }, { token: STRICT_TOKEN })).status).toBe(202);
  });
});

describe('POST /api/channels/<token>/statuses', () => {
  it('hands delivered, read and played to core as acks', async () => {
    for (const [status, ack] of [
      ['sent', 1],
      ['delivered', 2],
      ['read', 3],
      ['played', 4],
    ] as const) {
      const res = await answer(await harness.post('statuses', { id: 'out-21-9', status }));
      expect(res).toEqual({ status: 202, body: { id: 'out-21-9' } });
      expect(events().at(-1)).toEqual({ type: 'ack', externalId: 'out-21-9', ack });
    }
  });

  it('refuses an unknown status, a missing id, and failed, which core cannot record', async () => {
    expect((await answer(await harness.post('statuses', { id: 'out-21-9', status: 'seen' }))).body.error).toBe('ERR_VALIDATION');
    expect((await answer(await harness.post('statuses', { status: 'read' }))).body.fields).toHaveProperty('id');
    const failed = await answer(await harness.post('statuses', { id: 'out-21-9', status: 'failed' }));
    expect(failed).toMatchObject({ status: 400, body: { error: 'ERR_STATUS_UNSUPPORTED' } });
    expect((await harness.post('statuses', { id: 'x', status: 'read' }, { token: 'nope' })).status).toBe(401);
    expect(events()).toHaveLength(0);
  });
});
