import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createHmac } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChannelSession, ConnectionInfo } from '@switchboard/sdk';
import { RecordingSessionContext } from '@switchboard/sdk/testing';
import { ApiSession } from '../api-session.js';
import { FakeWebhook } from './fake-webhook.js';
import { apiConnection, SECRET } from './api-harness.js';

const alice = { address: '5511900000001', name: 'Alice' };

let webhook: FakeWebhook;
let context: RecordingSessionContext;
let session: ChannelSession;
let workDir: string | undefined;

async function started(connection: ConnectionInfo = apiConnection(webhook.url)): Promise<void> {
  context = new RecordingSessionContext(connection);
  session = new ApiSession(context);
  await session.start();
}

beforeEach(async () => {
  webhook = new FakeWebhook(SECRET);
  await webhook.start();
});

afterEach(async () => {
  await session?.stop({ logout: false });
  await webhook.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
  workDir = undefined;
});

describe('sending', () => {
  it('POSTs message.created, signed over the raw body, with the connection, contact and timestamp', async () => {
    await started();
    const before = Math.floor(Date.now() / 1000);
    const { externalId } = await session.send({
      messageId: 501,
      to: alice,
      body: 'Your order shipped',
      quoted: { externalId: 'tg-77', fromMe: false },
    });
    expect(externalId).toBe('out-21-501');
    expect(webhook.deliveries).toHaveLength(1);
    const [delivery] = webhook.deliveries;
    expect(delivery!.headers['x-switchboard-signature']).toBe(`sha256=${createHmac('sha256', SECRET).update(delivery!.raw).digest('hex')}`);
    expect(delivery!.headers['x-switchboard-event']).toBe('message.created');
    expect(delivery!.headers['content-type']).toBe('application/json');
    const timestamp = Number(delivery!.headers['x-switchboard-timestamp']);
    expect(timestamp).toBeGreaterThanOrEqual(before);
    expect(delivery!.event).toEqual({
      event: 'message.created',
      connection: { id: 21, name: 'Bridge' },
      contact: { number: alice.address, name: 'Alice' },
      message: { id: 'out-21-501', body: 'Your order shipped', quotedId: 'tg-77' },
      timestamp: expect.any(String),
    });
    // The header repeats the signed body's time, in Unix seconds.
    expect(Math.floor(Date.parse(delivery!.event.timestamp) / 1000)).toBe(timestamp);
    // A retry of the same message carries the same id, so the integrator can drop the repeat.
    expect((await session.send({ messageId: 501, to: alice, body: 'Your order shipped' })).externalId).toBe(externalId);
  });

  it('sends a file as base64 with its name, mime type and kind', async () => {
    await started();
    workDir = await mkdtemp(join(tmpdir(), 'sb-api-'));
    const path = join(workDir, 'stored-name.ogg');
    const bytes = Buffer.from('OggS fake voice');
    await writeFile(path, bytes);
    await session.send({
      messageId: 502,
      to: alice,
      media: { path, fileName: 'voice.ogg', mimeType: 'audio/ogg', mediaType: 'audio', asVoiceNote: true },
    });
    const { message } = webhook.deliveries[0]!.event;
    expect(message.body).toBeUndefined();
    expect(message.media).toEqual({
      base64: bytes.toString('base64'),
      fileName: 'voice.ogg',
      mimeType: 'audio/ogg',
      mediaType: 'audio',
      asVoiceNote: true,
    });
  });

  it('fails the send when the webhook answers non-2xx or cannot be reached, naming its origin only', async () => {
    await started();
    webhook.answerStatus = 500;
    const refused = session.send({ messageId: 503, to: alice, body: 'lost?' });
    await expect(refused).rejects.toThrow(`the webhook at ${webhook.origin} answered 500 to message.created out-21-503`);
    await expect(refused).rejects.not.toThrow(/integrator-own-key|hooks/);

    await webhook.close();
    await expect(session.send({ messageId: 504, to: alice, body: 'anyone?' })).rejects.toThrow(
      `the webhook at ${webhook.origin} is unreachable`,
    );
  });

  it('fails the send when the signing key is not the one the integrator holds', async () => {
    await started(apiConnection(webhook.url, { settings: { webhookUrl: webhook.url, webhookSecret: 'another-secret' } }));
    await expect(session.send({ messageId: 505, to: alice, body: 'forged?' })).rejects.toThrow('answered 401');
    expect(webhook.refusedSignatures).toBe(1);
  });

  it('refuses to send before start and after stop', async () => {
    context = new RecordingSessionContext(apiConnection(webhook.url));
    session = new ApiSession(context);
    await expect(session.send({ messageId: 506, to: alice, body: 'early' })).rejects.toThrow('not started');
    await session.start();
    await session.stop({ logout: false });
    await expect(session.send({ messageId: 507, to: alice, body: 'late' })).rejects.toThrow('not started');
    expect(webhook.deliveries).toHaveLength(0);
  });
});

describe('edits, deletions and reactions', () => {
  it('POSTs message.updated, message.deleted and message.reaction in the same envelope', async () => {
    await started();
    await session.edit!('out-21-9', 'corrected text', alice);
    await session.remove!('out-21-9', alice);
    const reaction = await session.react!('tg-77', '👍', alice);
    await session.react!('tg-77', '', alice);
    const events = webhook.deliveries.map((d) => d.event);
    expect(events.map((e) => [e.event, e.contact.number])).toEqual([
      ['message.updated', alice.address],
      ['message.deleted', alice.address],
      ['message.reaction', alice.address],
      ['message.reaction', alice.address],
    ]);
    expect(events[0]!.message).toEqual({ id: 'out-21-9', body: 'corrected text' });
    expect(events[1]!.message).toEqual({ id: 'out-21-9' });
    expect(events[2]!.message).toEqual({ id: reaction.externalId, targetId: 'tg-77', emoji: '👍' });
    expect(events[3]!.message).toMatchObject({ targetId: 'tg-77', emoji: '' });
    expect(webhook.deliveries.every((d) => d.headers['x-switchboard-event'] === d.event.event)).toBe(true);
  });
});

describe('connecting', () => {
  it.each([
    ['no webhook URL', { webhookSecret: SECRET }, 'no webhook URL'],
    ['a malformed URL', { webhookUrl: 'not a url', webhookSecret: SECRET }, 'not a valid address'],
    ['another scheme', { webhookUrl: 'ftp://example.com/hook', webhookSecret: SECRET }, 'http:// or https://'],
    ['no secret', { webhookUrl: 'https://example.com/hook' }, 'no webhook secret'],
  ])('reports DISCONNECTED and says why with %s', async (_case, settings, why) => {
    await started(apiConnection('', { settings }));
    expect(context.statuses.map((s) => s.status)).toEqual(['DISCONNECTED']);
    expect(context.log.entries).toEqual([expect.objectContaining({ level: 'error', message: expect.stringContaining(why) })]);
    await expect(session.send({ messageId: 508, to: alice, body: 'x' })).rejects.toThrow('not started');
  });

  it('reports CONNECTED with good settings, DISCONNECTED on stop, and never logs the secret', async () => {
    await started();
    await session.stop({ logout: true });
    expect(context.statuses.map((s) => s.status)).toEqual(['CONNECTED', 'DISCONNECTED']);
    expect(JSON.stringify(context.log.entries)).not.toContain(SECRET);
  });
});
