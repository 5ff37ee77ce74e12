import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChannelSession, InboundEvent, InboundMessage } from '@switchboard/sdk';
import { MemoryPluginStore, RecordingSessionContext } from '@switchboard/sdk/testing';
import { ACCESS_TOKEN, APPROVED_TEMPLATE, cloudDelivery, contactMessage, PHONE_NUMBER_ID } from './fake-cloud-api.js';
import { cloudConnection, startCloudHarness, VERIFY_TOKEN, type CloudHarness } from './cloud-harness.js';

const MARIA = { address: '5511987654321', name: 'Maria Souza' };
const OTHER_NUMBER_ID = '106540352249999';
const mine = cloudConnection();
// Another company's number, with its own app.
const theirs = cloudConnection({
  id: 22,
  companyId: 8,
  token: 'their-token',
  settings: { ...cloudConnection().settings, phoneNumberId: OTHER_NUMBER_ID, appSecret: 'their-app-secret' },
});

let harness: CloudHarness;
let clock: number;

beforeEach(async () => {
  clock = Date.now();
  harness = await startCloudHarness([mine, theirs], () => clock);
});

afterEach(async () => {
  await harness.close();
});

function events(type?: InboundEvent['type']): InboundEvent[] {
  return harness.host.events.map((e) => e.event).filter((e) => !type || e.type === type);
}

async function waitFor<T>(probe: () => T | undefined | false, what: string): Promise<T> {
  const until = Date.now() + 3000;
  for (;;) {
    const value = probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * The events handed on before a signed delivery posted now: one connection's deliveries are handled in order, so once
 * this one is handed on, every earlier one was handled.
 */
async function eventsBeforeNextDelivery(): Promise<InboundEvent[]> {
  const marker = contactMessage({ address: '5511900000099' }, 'text', { body: 'marker' });
  expect((await harness.post(cloudDelivery(marker))).status).toBe(200);
  const isMarker = (e: InboundEvent) => e.type === 'message' && e.externalId === marker.messages[0]!.id;
  await waitFor(() => events().some(isMarker), 'the marker delivery');
  return events().filter((e) => !isMarker(e));
}

async function startedSession(): Promise<{ session: ChannelSession; context: RecordingSessionContext }> {
  const context = new RecordingSessionContext(mine, harness.host.store(mine) as MemoryPluginStore);
  const session = harness.contribution.createSession(context);
  await session.start();
  return { session, context };
}

describe('webhook handshake', () => {
  const url = (numberId: string, token: string) =>
    `${harness.baseUrl}/webhooks/whatsappapi/${numberId}?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`;

  it("answers the challenge with the number's connection verify token, and 403 otherwise", async () => {
    const answered = await fetch(url(PHONE_NUMBER_ID, VERIFY_TOKEN));
    expect([answered.status, await answered.text()]).toEqual([200, '1158201444']);
    expect((await fetch(url(PHONE_NUMBER_ID, 'wrong'))).status).toBe(403);
    expect((await fetch(url('999', VERIFY_TOKEN))).status).toBe(403);
  });
});

describe('webhook deliveries', () => {
  it('refuses an unsigned or mis-signed delivery with 401 and hands nothing on', async () => {
    const payload = cloudDelivery(contactMessage(MARIA, 'text', { body: 'forged' }));
    expect((await harness.post(payload, null)).status).toBe(401);
    expect((await harness.post(payload, 'not-the-app-secret')).status).toBe(401);
    // Signed by the other company's app: its secret does not speak for this number.
    expect((await harness.post(payload, 'their-app-secret')).status).toBe(401);
    expect(await eventsBeforeNextDelivery()).toHaveLength(0);
  });

  it('routes each change to the connection owning its phone number id, and a number nobody owns to no one', async () => {
    const theirs = cloudDelivery(contactMessage(MARIA, 'text', { body: 'para a outra empresa' }), OTHER_NUMBER_ID);
    expect((await harness.post(theirs, 'their-app-secret')).status).toBe(200);
    const routed = await waitFor(() => harness.host.events.find((e) => e.event.type === 'message'), 'the routed message');
    expect(routed.connection.id).toBe(22);

    const nobody = cloudDelivery(contactMessage(MARIA, 'text', { body: 'ninguém' }), '100000000000001');
    expect((await harness.post(nobody)).status).toBe(200);
    const before = await eventsBeforeNextDelivery();
    expect(before.filter((e) => e.type === 'message' && e.body === 'ninguém')).toHaveLength(0);
    expect(harness.host.events.filter((e) => e.connection.id === mine.id).map((e) => (e.event as InboundMessage).body)).toEqual(['marker']);
  });

  it('hands on text with the profile name, replies quoting their message, locations, contacts and reactions', async () => {
    await harness.post(
      cloudDelivery(contactMessage(MARIA, 'text', { body: 'olá' }, { context: { from: '551130004000', id: 'wamid.ours' } })),
    );
    await harness.post(
      cloudDelivery(contactMessage(MARIA, 'location', { latitude: -23.5, longitude: -46.6, name: 'Loja', address: 'Rua A, 1' })),
    );
    await harness.post(
      cloudDelivery(
        contactMessage(MARIA, 'contacts', [
          { name: { formatted_name: 'João Lima' }, phones: [{ phone: '+55 11 91234-5678', wa_id: '5511912345678' }] },
        ] as never),
      ),
    );
    await harness.post(cloudDelivery(contactMessage(MARIA, 'reaction', { message_id: 'wamid.ours', emoji: '👍' })));
    await harness.post(
      cloudDelivery(contactMessage(MARIA, 'interactive', { type: 'button_reply', button_reply: { id: 'b1', title: 'Sim' } })),
    );
    const [text, location, card, answer] = await waitFor(
      () => (events('message').length === 4 ? (events('message') as InboundMessage[]) : undefined),
      'four messages',
    );
    expect(text).toMatchObject({ body: 'olá', chat: MARIA, fromMe: false, mediaType: 'chat', quotedExternalId: 'wamid.ours' });
    expect(location).toMatchObject({ mediaType: 'locationMessage', body: 'Loja\nRua A, 1\n-23.5,-46.6' });
    expect(card).toMatchObject({ mediaType: 'contactMessage', body: 'João Lima' });
    expect(card!.vCard).toContain('TEL;type=CELL;waid=5511912345678:+55 11 91234-5678');
    expect(answer).toMatchObject({ body: 'Sim' });
    expect(events('reaction')[0]).toMatchObject({ targetExternalId: 'wamid.ours', emoji: '👍', chat: MARIA, fromMe: false });
  });

  it('downloads media through the Graph media URL with the token, keeping caption and document name', async () => {
    const pdf = Buffer.from('%PDF-1.4 boleto');
    const id = harness.api.storeInboundMedia(pdf, 'application/pdf');
    await harness.post(
      cloudDelivery(contactMessage(MARIA, 'document', { id, mime_type: 'application/pdf', filename: 'boleto.pdf', caption: 'segue' })),
    );
    const audioId = harness.api.storeInboundMedia(Buffer.from('OggS'), 'audio/ogg');
    await harness.post(cloudDelivery(contactMessage(MARIA, 'audio', { id: audioId, mime_type: 'audio/ogg; codecs=opus' })));
    const stickerId = harness.api.storeInboundMedia(Buffer.from('RIFF'), 'image/webp');
    await harness.post(cloudDelivery(contactMessage(MARIA, 'sticker', { id: stickerId, mime_type: 'image/webp' })));
    const [document, audio, sticker] = await waitFor(
      () => (events('message').length === 3 ? (events('message') as InboundMessage[]) : undefined),
      'three media messages',
    );
    expect(document).toMatchObject({
      body: 'segue',
      mediaType: 'application',
      media: { fileName: 'boleto.pdf', mimeType: 'application/pdf' },
    });
    expect(Buffer.compare(document!.media!.data, pdf)).toBe(0);
    expect(audio).toMatchObject({ mediaType: 'audio', media: { mimeType: 'audio/ogg', fileName: `audio-${audioId}.ogg` } });
    expect(sticker).toMatchObject({ mediaType: 'image', media: { mimeType: 'image/webp' } });
    const downloads = harness.api.requests.filter((r) => r.path.startsWith('/download/'));
    expect(downloads).toHaveLength(3);
    expect(downloads.every((r) => r.authorization === `Bearer ${ACCESS_TOKEN}`)).toBe(true);
  });

  it('turns statuses into acks, and a failure into an ack carrying its reason', async () => {
    const status = (id: string, value: string, extra: Record<string, unknown> = {}) =>
      cloudDelivery({ statuses: [{ id, status: value, timestamp: '1700000000', recipient_id: MARIA.address, ...extra }] });
    await harness.post(status('wamid.a', 'sent'));
    await harness.post(status('wamid.a', 'delivered'));
    await harness.post(status('wamid.a', 'read'));
    await harness.post(
      status('wamid.b', 'failed', {
        errors: [{ code: 131047, title: 'Re-engagement message', error_data: { details: 'More than 24 hours have passed' } }],
      }),
    );
    const acks = await waitFor(() => (events('ack').length === 4 ? events('ack') : undefined), 'four acks');
    expect(acks).toEqual([
      { type: 'ack', externalId: 'wamid.a', ack: 1 },
      { type: 'ack', externalId: 'wamid.a', ack: 2 },
      { type: 'ack', externalId: 'wamid.a', ack: 3 },
      { type: 'ack', externalId: 'wamid.b', ack: 0, failure: '131047: More than 24 hours have passed' },
    ]);
  });
});

describe('session', () => {
  it('connects when GET /{phone-number-id} confirms the number, showing it with its quality rating', async () => {
    harness.api.qualityRating = 'YELLOW';
    const { context } = await startedSession();
    expect(context.status).toBe('CONNECTED');
    expect(context.statuses.at(-1)!.extra).toEqual({ number: '551130004000 (YELLOW)' });
    expect(harness.api.requests[0]).toMatchObject({
      method: 'GET',
      path: `/v21.0/${PHONE_NUMBER_ID}`,
      authorization: `Bearer ${ACCESS_TOKEN}`,
    });

    const refused = new RecordingSessionContext(cloudConnection({ settings: { ...mine.settings, accessToken: 'revoked' } }));
    await harness.contribution.createSession(refused).start();
    expect(refused.status).toBe('DISCONNECTED');
  });

  it('sends replies, uploaded media and reactions inside the window', async () => {
    await harness.post(cloudDelivery(contactMessage(MARIA, 'text', { body: 'oi' })));
    const incoming = (await waitFor(() => events('message')[0], 'the message')) as InboundMessage;
    const { session } = await startedSession();
    const reply = await session.send({
      messageId: 1,
      to: MARIA,
      body: 'Olá Maria!',
      quoted: { externalId: incoming.externalId, fromMe: false },
    });
    expect(harness.api.sent.at(-1)).toEqual({
      wamid: reply.externalId,
      json: {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: MARIA.address,
        type: 'text',
        text: { body: 'Olá Maria!', preview_url: false },
        context: { message_id: incoming.externalId },
      },
    });
    const dir = await mkdtemp(join(tmpdir(), 'sb-cloud-'));
    try {
      await writeFile(join(dir, 'nota.pdf'), Buffer.from('%PDF nota'));
      const media = await session.send({
        messageId: 2,
        to: MARIA,
        body: 'sua nota',
        media: { path: join(dir, 'nota.pdf'), fileName: 'nota.pdf', mimeType: 'application/pdf', mediaType: 'application' },
      });
      const sent = harness.api.sent.at(-1)!;
      expect(sent.wamid).toBe(media.externalId);
      expect(sent.json).toMatchObject({ type: 'document', document: { caption: 'sua nota', filename: 'nota.pdf' } });
      expect(harness.api.seen.at(-1)).toMatchObject({ media: { fileName: 'nota.pdf', mimeType: 'application/pdf' } });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    await session.react!(incoming.externalId, '❤️', MARIA);
    expect(harness.api.sent.at(-1)!.json).toMatchObject({ type: 'reaction', reaction: { message_id: incoming.externalId, emoji: '❤️' } });
  });

  it('refuses free text 25 hours after the contact wrote, and sends an approved template with its variables', async () => {
    await harness.post(cloudDelivery(contactMessage(MARIA, 'text', { body: 'oi' })));
    await waitFor(() => events('message')[0], 'the message');
    const { session } = await startedSession();
    clock += 25 * 60 * 60 * 1000;
    const before = harness.api.sent.length;
    await expect(session.send({ messageId: 3, to: MARIA, body: 'ainda aí?' })).rejects.toMatchObject({
      code: 'ERR_OUTSIDE_REPLY_WINDOW',
      status: 400,
    });
    await expect(session.react!('wamid.x', '👍', MARIA)).rejects.toMatchObject({ code: 'ERR_OUTSIDE_REPLY_WINDOW' });
    expect(harness.api.sent).toHaveLength(before);

    const templates = await harness.contribution.templates!(mine);
    expect(templates).toEqual([
      { name: APPROVED_TEMPLATE.name, language: 'pt_BR', body: APPROVED_TEMPLATE.components[0]!.text, variables: 2 },
    ]);
    const { externalId } = await session.send({
      messageId: 4,
      to: MARIA,
      template: { name: APPROVED_TEMPLATE.name, language: 'pt_BR', variables: ['Maria', 'hoje'] },
    });
    expect(harness.api.sent.at(-1)).toEqual({
      wamid: externalId,
      json: {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: MARIA.address,
        type: 'template',
        template: {
          name: APPROVED_TEMPLATE.name,
          language: { code: 'pt_BR' },
          components: [
            {
              type: 'body',
              parameters: [
                { type: 'text', text: 'Maria' },
                { type: 'text', text: 'hoje' },
              ],
            },
          ],
        },
      },
    });
  });

  it('describes whatsappapi: secret settings, the phone number id as address, a 24-hour window', () => {
    const { description } = harness.contribution;
    expect(description.settings.filter((f) => f.secret).map((f) => f.key)).toEqual(['accessToken', 'appSecret', 'verifyToken']);
    expect(description.settings.find((f) => f.address)?.key).toBe('phoneNumberId');
    expect(description.capabilities).toMatchObject({ media: true, react: true, replyWindowHours: 24 });
  });
});
