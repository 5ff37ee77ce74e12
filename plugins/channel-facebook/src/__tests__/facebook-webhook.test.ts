import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChannelSession, InboundEvent, InboundMessage } from '@switchboard/sdk';
import { MemoryPluginStore, RecordingSessionContext } from '@switchboard/sdk/testing';
import { lastInbound } from '@switchboard/meta-graph';
import {
  connectionFor,
  PAGE_ID,
  PAGE_TOKEN,
  startMetaHarness,
  VERIFY_TOKEN,
  waitFor,
  webhookBody,
  type MetaHarness,
} from '../../../meta-graph/src/testing/meta-harness.js';
import facebookModule from '../facebook-backend-module.js';

const PSID = '2400000000000099';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

const facebook = connectionFor('facebook');
const instagram = connectionFor('instagram');

let harness: MetaHarness;

function events(type?: InboundEvent['type']): InboundEvent[] {
  return harness.host.events.map((e) => e.event).filter((e) => !type || e.type === type);
}

/**
 * The events handed on before a signed delivery posted now (from another person): one connection's deliveries are
 * handled one after another, so once it is handed on every earlier delivery was handled.
 */
async function eventsBeforeNextDelivery(): Promise<InboundEvent[]> {
  const mid = `m_next_${Math.random().toString(36).slice(2)}`;
  await harness.postWebhook('facebook', facebook.token!, webhookBody('facebook', [textEvent('next', { mid, from: '2400000000000077' })]));
  const isNext = (e: InboundEvent) => e.type === 'message' && e.externalId === mid;
  await waitFor(() => events().some(isNext), 'the next delivery');
  return events().filter((e) => !isNext(e));
}

function textEvent(text: string, options: { mid?: string; timestamp?: number; from?: string } = {}) {
  return {
    sender: { id: options.from ?? PSID },
    recipient: { id: PAGE_ID },
    timestamp: options.timestamp ?? Date.now(),
    message: { mid: options.mid ?? `m_${Math.random().toString(36).slice(2)}`, text },
  };
}

/** A started session of `connection` sharing the host's store, as core's are. */
async function startedSession(connection = facebook): Promise<{ session: ChannelSession; context: RecordingSessionContext }> {
  const context = new RecordingSessionContext(connection, harness.host.store(connection) as MemoryPluginStore);
  const session = harness.contribution(connection.channel).createSession(context);
  await session.start();
  return { session, context };
}

beforeEach(async () => {
  harness = await startMetaHarness([facebookModule], [facebook, instagram]);
});

afterEach(async () => {
  await harness.close();
});

describe('webhook subscription (GET)', () => {
  const url = (token: string, verify: string) =>
    `${harness.baseUrl}/webhooks/facebook/${token}?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(verify)}&hub.challenge=1158201444`;

  it('answers the challenge as text when the verify token matches the connection', async () => {
    const res = await fetch(url(facebook.token!, VERIFY_TOKEN));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/plain/);
    expect(await res.text()).toBe('1158201444');
  });

  it('refuses a wrong verify token with 403 and an unknown connection with 404', async () => {
    expect((await fetch(url(facebook.token!, 'not-the-token'))).status).toBe(403);
    expect((await fetch(url('no-such-connection', VERIFY_TOKEN))).status).toBe(404);
    // An instagram connection's token does not open the facebook route.
    expect((await fetch(url(instagram.token!, VERIFY_TOKEN))).status).toBe(404);
  });
});

describe('webhook deliveries (POST)', () => {
  it('refuses an unsigned delivery with 401 and stores nothing', async () => {
    const res = await harness.postWebhook('facebook', facebook.token!, webhookBody('facebook', [textEvent('unsigned')]), null);
    expect(res.status).toBe(401);
    expect(await eventsBeforeNextDelivery()).toHaveLength(0);
    expect(await lastInbound(harness.host.store(facebook), PSID)).toBeUndefined();
  });

  it('refuses a delivery signed with another secret with 401', async () => {
    const res = await harness.postWebhook('facebook', facebook.token!, webhookBody('facebook', [textEvent('forged')]), 'other-secret');
    expect(res.status).toBe(401);
    expect(await eventsBeforeNextDelivery()).toHaveLength(0);
  });

  it('hands a signed text to host.inbound with the sender PSID as the chat address', async () => {
    const at = Date.now() - 60_000;
    const res = await harness.postWebhook(
      'facebook',
      facebook.token!,
      webhookBody('facebook', [
        {
          ...textEvent('olá, preciso de ajuda', { mid: 'm_abc', timestamp: at }),
          message: { mid: 'm_abc', text: 'olá, preciso de ajuda', reply_to: { mid: 'm_prev' } },
        },
      ]),
    );
    expect(res.status).toBe(200);
    const message = (await waitFor(() => events('message')[0], 'the message')) as InboundMessage;
    expect(message).toMatchObject({
      type: 'message',
      externalId: 'm_abc',
      chat: { address: PSID },
      fromMe: false,
      body: 'olá, preciso de ajuda',
      quotedExternalId: 'm_prev',
    });
    expect(message.timestamp?.getTime()).toBe(at);
    expect(harness.host.events[0]!.connection.id).toBe(facebook.id);
    expect(await lastInbound(harness.host.store(facebook), PSID)).toBe(at);
  });

  it("names the contact from Messenger's User Profile API, asked once per person", async () => {
    harness.graph.profiles.set(PSID, { name: 'Maria Souza', profile_pic: 'https://cdn.example/maria.jpg' });
    await harness.postWebhook('facebook', facebook.token!, webhookBody('facebook', [textEvent('oi', { mid: 'm_p1' })]));
    await harness.postWebhook('facebook', facebook.token!, webhookBody('facebook', [textEvent('tudo bem?', { mid: 'm_p2' })]));
    const messages = (await waitFor(
      () => (events('message').length === 2 ? events('message') : undefined),
      'two messages',
    )) as InboundMessage[];
    for (const message of messages) {
      expect(message.chat).toEqual({ address: PSID, name: 'Maria Souza', profilePicUrl: 'https://cdn.example/maria.jpg' });
    }
    const lookups = harness.graph.requests.filter((r) => r.method === 'GET' && r.path === `/v19.0/${PSID}`);
    expect(lookups).toHaveLength(1);
    expect(lookups[0]!.query.get('fields')).toBe('id,name,profile_pic');
    expect(lookups[0]!.query.get('access_token')).toBe(PAGE_TOKEN);
  });

  it('keeps a contact Meta refuses the profile of by its id, without asking on every message', async () => {
    await harness.postWebhook('facebook', facebook.token!, webhookBody('facebook', [textEvent('um', { mid: 'm_r1' })]));
    await harness.postWebhook('facebook', facebook.token!, webhookBody('facebook', [textEvent('dois', { mid: 'm_r2' })]));
    const messages = (await waitFor(
      () => (events('message').length === 2 ? events('message') : undefined),
      'two messages',
    )) as InboundMessage[];
    expect(messages.map((m) => m.chat)).toEqual([{ address: PSID }, { address: PSID }]);
    expect(harness.graph.requests.filter((r) => r.path === `/v19.0/${PSID}`)).toHaveLength(1);
    // The refusal is logged without the page token.
    const warnings = harness.host.log.entries.filter((e) => /profile of a contact/.test(e.message));
    expect(warnings).toHaveLength(1);
    expect(JSON.stringify(warnings)).not.toContain(PAGE_TOKEN);
  });

  it('downloads attachments into InboundMedia, one message per attachment', async () => {
    const url = harness.graph.hostMedia(PNG, 'photo.png', 'image/png');
    await harness.postWebhook(
      'facebook',
      facebook.token!,
      webhookBody('facebook', [
        {
          sender: { id: PSID },
          recipient: { id: PAGE_ID },
          timestamp: Date.now(),
          message: {
            mid: 'm_media',
            text: 'look',
            attachments: [
              { type: 'image', payload: { url } },
              { type: 'fallback', payload: { title: 'A shared link' } },
            ],
          },
        },
      ]),
    );
    const [first, second] = (await waitFor(
      () => (events('message').length === 2 ? events('message') : undefined),
      'two messages',
    )) as InboundMessage[];
    expect(first).toMatchObject({ externalId: 'm_media', body: 'look', mediaType: 'image' });
    expect(first!.media?.mimeType).toBe('image/png');
    expect(first!.media?.fileName).toBe('photo.png');
    expect(Buffer.compare(first!.media!.data, PNG)).toBe(0);
    expect(second).toMatchObject({ externalId: 'm_media:1', body: 'A shared link' });
    expect(second!.media).toBeUndefined();
  });

  it('turns reactions, edits, echoes and deletions into their events', async () => {
    const base = { sender: { id: PSID }, recipient: { id: PAGE_ID }, timestamp: Date.now() };
    await harness.postWebhook(
      'facebook',
      facebook.token!,
      webhookBody('facebook', [
        { ...base, reaction: { mid: 'm_target', action: 'react', emoji: '❤️', reaction: 'love' } },
        { ...base, message_edit: { mid: 'm_target', text: 'edited', num_edit: 1 } },
        {
          sender: { id: PAGE_ID },
          recipient: { id: PSID },
          timestamp: Date.now(),
          message: { mid: 'm_echo', text: 'from the inbox', is_echo: true },
        },
      ]),
    );
    await harness.postWebhook(
      'facebook',
      facebook.token!,
      webhookBody('facebook', [{ ...base, message: { mid: 'm_gone', is_deleted: true } }]),
    );
    await waitFor(() => events().length === 4, 'four events');
    expect(events('reaction')[0]).toMatchObject({ targetExternalId: 'm_target', emoji: '❤️', chat: { address: PSID }, fromMe: false });
    expect(events('edit')[0]).toMatchObject({ externalId: 'm_target', body: 'edited' });
    expect(events('message')[0]).toMatchObject({ externalId: 'm_echo', fromMe: true, chat: { address: PSID } });
    expect(events('delete')[0]).toMatchObject({ externalId: 'm_gone' });
    // An echo is not the contact writing: it opens no reply window.
    expect(await lastInbound(harness.host.store(facebook), PSID)).toBeUndefined();
  });

  it("ignores a delivery for another channel's object", async () => {
    const res = await harness.postWebhook('facebook', facebook.token!, webhookBody('instagram', [textEvent('wrong object')]));
    expect(res.status).toBe(200);
    expect(await eventsBeforeNextDelivery()).toHaveLength(0);
  });

  it('turns deliveries into ack 2 and reads into ack 3 for the messages up to the watermark', async () => {
    await harness.postWebhook('facebook', facebook.token!, webhookBody('facebook', [textEvent('hi')]));
    await waitFor(() => events('message')[0], 'the message');
    const { session } = await startedSession();
    const first = await session.send({ messageId: 1, to: { address: PSID }, body: 'one' });
    const second = await session.send({ messageId: 2, to: { address: PSID }, body: 'two' });
    const base = { sender: { id: PSID }, recipient: { id: PAGE_ID } };

    await harness.postWebhook(
      'facebook',
      facebook.token!,
      webhookBody('facebook', [{ ...base, timestamp: Date.now(), delivery: { mids: [first.externalId], watermark: Date.now() } }]),
    );
    const acks = () => events('ack') as Extract<InboundEvent, { type: 'ack' }>[];
    await waitFor(() => acks().some((a) => a.externalId === second.externalId), 'ack 2 of both');
    expect(
      acks()
        .filter((a) => a.ack === 2)
        .map((a) => a.externalId)
        .sort(),
    ).toEqual([first.externalId, second.externalId].sort());

    await harness.postWebhook(
      'facebook',
      facebook.token!,
      webhookBody('facebook', [{ ...base, timestamp: Date.now(), read: { watermark: Date.now() } }]),
    );
    await waitFor(() => acks().filter((a) => a.ack === 3).length === 2, 'ack 3 of both');
    // A read is handed once: a later receipt names nothing new.
    await harness.postWebhook(
      'facebook',
      facebook.token!,
      webhookBody('facebook', [{ ...base, timestamp: Date.now(), read: { watermark: Date.now() } }]),
    );
    await eventsBeforeNextDelivery();
    expect(acks().filter((a) => a.ack === 3)).toHaveLength(2);
  });
});

describe('FacebookSession', () => {
  it('start() checks the page token with GET /me: CONNECTED, or DISCONNECTED when Graph refuses it', async () => {
    const { context } = await startedSession();
    expect(context.status).toBe('CONNECTED');
    expect(harness.graph.requests[0]).toMatchObject({ method: 'GET', path: '/v19.0/me' });
    expect(harness.graph.requests[0]!.query.get('access_token')).toBe(PAGE_TOKEN);
    expect(harness.graph.requests[0]!.query.get('appsecret_proof')).toMatch(/^[0-9a-f]{64}$/);

    harness.graph.validTokens.clear();
    const refused = await startedSession(connectionFor('facebook', { id: 99 }));
    expect(refused.context.status).toBe('DISCONNECTED');
    expect(refused.context.log.entries.some((e) => e.level === 'error' && /refused the page access token/.test(e.message))).toBe(true);
  });

  it('sends a reply to the fake Graph API with the recipient and text, and returns the mid as externalId', async () => {
    await harness.postWebhook('facebook', facebook.token!, webhookBody('facebook', [textEvent('hello')]));
    await waitFor(() => events('message')[0], 'the message');
    const { session } = await startedSession();
    const { externalId } = await session.send({ messageId: 7, to: { address: PSID }, body: 'Olá! Como posso ajudar?' });
    const sent = harness.graph.messageRequests().at(-1)!;
    expect(sent.path).toBe('/v19.0/me/messages');
    expect(sent.query.get('access_token')).toBe(PAGE_TOKEN);
    expect(sent.json).toEqual({ recipient: { id: PSID }, messaging_type: 'RESPONSE', message: { text: 'Olá! Como posso ajudar?' } });
    expect(externalId).toBe(harness.graph.seen.at(-1)!.externalId);
    expect(externalId).toMatch(/^m_out_/);
  });

  it('uploads media as multipart filedata with the attachment type', async () => {
    await harness.postWebhook('facebook', facebook.token!, webhookBody('facebook', [textEvent('send it')]));
    await waitFor(() => events('message')[0], 'the message');
    const { session } = await startedSession();
    const dir = await mkdtemp(join(tmpdir(), 'sb-fb-'));
    try {
      await writeFile(join(dir, 'report.pdf'), Buffer.from('%PDF-1.4 fake'));
      const { externalId } = await session.send({
        messageId: 8,
        to: { address: PSID },
        media: { path: join(dir, 'report.pdf'), fileName: 'report.pdf', mimeType: 'application/pdf', mediaType: 'application' },
      });
      const sent = harness.graph.messageRequests().at(-1)!;
      expect(JSON.parse(sent.form!.fields.recipient!)).toEqual({ id: PSID });
      // Not reusable is the Send API's default (is_reusable unset).
      expect(JSON.parse(sent.form!.fields.message!)).toEqual({ attachment: { type: 'file', payload: {} } });
      expect(sent.form!.fields.messaging_type).toBe('RESPONSE');
      expect(sent.form!.file).toMatchObject({ name: 'report.pdf', type: 'application/pdf' });
      expect(sent.form!.file!.data.toString()).toBe('%PDF-1.4 fake');
      expect(externalId).toBe(harness.graph.seen.at(-1)!.externalId);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('reacts with the react sender action', async () => {
    await harness.postWebhook('facebook', facebook.token!, webhookBody('facebook', [textEvent('react to me', { mid: 'm_r' })]));
    await waitFor(() => events('message')[0], 'the message');
    const { session } = await startedSession();
    const result = await session.react!('m_r', '👍', { address: PSID });
    expect(harness.graph.messageRequests().at(-1)!.json).toEqual({
      recipient: { id: PSID },
      sender_action: 'react',
      payload: { message_id: 'm_r', reaction: '👍' },
    });
    expect(result.externalId.length).toBeGreaterThan(0);
  });

  it('refuses a send outside the 24-hour window before calling Graph', async () => {
    const dayAndAnHourAgo = Date.now() - 25 * 60 * 60 * 1000;
    await harness.postWebhook('facebook', facebook.token!, webhookBody('facebook', [textEvent('old', { timestamp: dayAndAnHourAgo })]));
    await waitFor(() => events('message')[0], 'the message');
    const { session } = await startedSession();
    const before = harness.graph.messageRequests().length;
    await expect(session.send({ messageId: 9, to: { address: PSID }, body: 'too late' })).rejects.toMatchObject({
      code: 'ERR_OUTSIDE_REPLY_WINDOW',
    });
    // A contact who never wrote is outside the window too.
    await expect(session.send({ messageId: 10, to: { address: '999' }, body: 'cold' })).rejects.toMatchObject({
      code: 'ERR_OUTSIDE_REPLY_WINDOW',
    });
    expect(harness.graph.messageRequests()).toHaveLength(before);
  });

  it('describes facebook with secret settings, a 24-hour reply window and the useFacebook plan flag', () => {
    expect(harness.contributions.map((c) => c.channel)).toEqual(['facebook']);
    const description = harness.contribution('facebook').description;
    expect(description.capabilities).toMatchObject({ media: true, react: true, replyWindowHours: 24 });
    expect(description.planFlag).toBe('useFacebook');
    const secret = description.settings.filter((f) => f.secret).map((f) => f.key);
    expect(secret.sort()).toEqual(['appSecret', 'pageAccessToken', 'verifyToken']);
    expect(description.settings.find((f) => f.address)?.key).toBe('pageId');
  });
});
