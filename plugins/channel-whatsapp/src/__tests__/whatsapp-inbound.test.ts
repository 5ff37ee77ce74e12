import { afterEach, describe, expect, it } from '@jest/globals';
import type { InboundEvent, InboundMessage } from '@switchboard/sdk';
import { proto } from '@whiskeysockets/baileys';
import { messageId, waMessage } from './fake-whatsapp.js';
import { connectedSession, eventsBeforeNext, type Harness } from './session-harness.js';

const ALICE = '5511912345678';
const ALICE_JID = `${ALICE}@s.whatsapp.net`;
const ALICE_LID = '118406583238732@lid';
const GROUP = '120363040000000000@g.us';

let h: Harness;
afterEach(async () => {
  await h?.session.stop({ logout: false });
});

function next<E extends InboundEvent>(type: E['type'], from = h.ctx.events.length): Promise<E> {
  return h.ctx.waitForEvent<E>((e) => e.type === type, { from, timeoutMs: 2000 });
}

describe('WhatsappSession inbound', () => {
  it('hands a text over with sender, timestamp and the pushName as contact name', async () => {
    h = await connectedSession();
    const id = messageId();
    const wait = next<InboundMessage>('message');
    h.whatsapp.upsert(
      waMessage({
        key: { remoteJid: ALICE_JID, id, fromMe: false },
        pushName: 'Alice',
        messageTimestamp: 1_700_000_000,
        message: { conversation: 'oi' },
      }),
    );
    const message = await wait;
    expect(message).toMatchObject({
      externalId: id,
      body: 'oi',
      mediaType: 'chat',
      fromMe: false,
      chat: { address: ALICE, name: 'Alice' },
    });
    expect(message.timestamp?.getTime()).toBe(1_700_000_000_000);
  });

  it('reads extendedTextMessage with its quoted message id; append upserts count too', async () => {
    h = await connectedSession();
    const wait = next<InboundMessage>('message');
    h.whatsapp.upsert(
      waMessage({
        key: { remoteJid: ALICE_JID, id: messageId(), fromMe: true },
        message: { extendedTextMessage: { text: 'replying', contextInfo: { stanzaId: 'QUOTED1', isForwarded: true } } },
      }),
      'append',
    );
    expect(await wait).toMatchObject({ body: 'replying', quotedExternalId: 'QUOTED1', fromMe: true, isForwarded: true });
  });

  it('hands an image with a caption over as one message with its media and the caption as body', async () => {
    h = await connectedSession();
    const image = Buffer.from('fake-jpeg-bytes');
    const id = messageId();
    const download = async (): Promise<Buffer> => image;
    await h.session.stop({ logout: false });
    h = await connectedSession({ download });
    const from = h.ctx.events.length;
    h.whatsapp.upsert(
      waMessage({
        key: { remoteJid: ALICE_JID, id, fromMe: false },
        message: { imageMessage: { mimetype: 'image/jpeg', caption: 'look' } },
      }),
    );
    const message = await next<InboundMessage>('message', from);
    await eventsBeforeNext(h.whatsapp, h.ctx);
    expect(h.ctx.messages()).toHaveLength(1);
    expect(message).toMatchObject({
      externalId: id,
      body: 'look',
      mediaType: 'image',
      media: { mimeType: 'image/jpeg', fileName: `${id}.jpg` },
    });
    expect(message.media!.data.equals(image)).toBe(true);
  });

  it('maps voice notes, documents, locations and contact cards', async () => {
    h = await connectedSession({ download: async () => Buffer.from('x') });
    const messages: Record<string, unknown>[] = [
      { audioMessage: { mimetype: 'audio/ogg; codecs=opus', ptt: true } },
      { documentMessage: { mimetype: 'application/pdf', fileName: 'invoice.pdf', caption: 'the invoice' } },
      { locationMessage: { degreesLatitude: -23.5, degreesLongitude: -46.6, name: 'Office' } },
      { contactMessage: { displayName: 'Bob', vcard: 'BEGIN:VCARD\nFN:Bob\nEND:VCARD' } },
    ];
    for (const message of messages)
      h.whatsapp.upsert(waMessage({ key: { remoteJid: ALICE_JID, id: messageId(), fromMe: false }, message }));
    await h.ctx.waitFor(() => (h.ctx.messages().length === 4 ? true : undefined), '4 messages', { timeoutMs: 2000 });
    const [audio, document, location, contact] = h.ctx.messages();
    expect(audio).toMatchObject({ mediaType: 'audio', media: { mimeType: 'audio/ogg; codecs=opus' } });
    expect(audio!.media!.fileName).toMatch(/\.ogg$/);
    expect(document).toMatchObject({ mediaType: 'application', body: 'the invoice', media: { fileName: 'invoice.pdf' } });
    expect(location).toMatchObject({ mediaType: 'locationMessage', body: 'Office\n-23.5,-46.6' });
    expect(contact).toMatchObject({ mediaType: 'contactMessage', body: 'Bob', vCard: 'BEGIN:VCARD\nFN:Bob\nEND:VCARD' });
  });

  it('gives the same externalId when the same upsert arrives twice', async () => {
    h = await connectedSession();
    const message = waMessage({ key: { remoteJid: ALICE_JID, id: messageId(), fromMe: false }, message: { conversation: 'twice' } });
    h.whatsapp.upsert(message);
    h.whatsapp.upsert(message);
    await h.ctx.waitFor(() => (h.ctx.messages().length === 2 ? true : undefined), 'two deliveries', { timeoutMs: 2000 });
    const [first, second] = h.ctx.messages();
    expect(first!.externalId).toBe(second!.externalId);
  });

  it('puts a LID-addressed message on the phone-number contact', async () => {
    h = await connectedSession();
    h.whatsapp.upsert(
      waMessage(
        { key: { remoteJid: ALICE_LID, id: messageId(), fromMe: false }, message: { conversation: 'by lid' } },
        { remoteJidAlt: ALICE_JID },
      ),
    );
    h.whatsapp.upsert(waMessage({ key: { remoteJid: ALICE_JID, id: messageId(), fromMe: false }, message: { conversation: 'by phone' } }));
    // No alternate on the key: the LID mapping store answers.
    h.whatsapp.socket.lids.set(ALICE_LID, `${ALICE}:3@s.whatsapp.net`);
    h.whatsapp.upsert(waMessage({ key: { remoteJid: ALICE_LID, id: messageId(), fromMe: false }, message: { conversation: 'mapped' } }));
    await h.ctx.waitFor(() => (h.ctx.messages().length === 3 ? true : undefined), 'three messages', { timeoutMs: 2000 });
    expect(h.ctx.messages().map((m) => m.chat.address)).toEqual([ALICE, ALICE, ALICE]);
  });

  it('hands a group message over with the group as chat and the member as participant', async () => {
    h = await connectedSession();
    h.whatsapp.socket.groups.set(GROUP, 'Support team');
    const wait = next<InboundMessage>('message');
    h.whatsapp.upsert(
      waMessage(
        {
          key: { remoteJid: GROUP, id: messageId(), fromMe: false, participant: ALICE_LID },
          pushName: 'Alice',
          message: { conversation: 'hi all' },
        },
        { participantAlt: ALICE_JID },
      ),
    );
    const message = await wait;
    expect(message.chat).toEqual({ address: GROUP, isGroup: true, name: 'Support team' });
    expect(message.participant).toEqual({ address: ALICE, name: 'Alice' });
  });

  it('maps reactions, edits and revokes', async () => {
    h = await connectedSession();
    const reactionId = messageId();
    h.whatsapp.upsert(
      waMessage({
        key: { remoteJid: ALICE_JID, id: reactionId, fromMe: false },
        message: { reactionMessage: { key: { remoteJid: ALICE_JID, id: 'TARGET', fromMe: true }, text: '👍' } },
      }),
    );
    h.whatsapp.upsert(
      waMessage({
        key: { remoteJid: ALICE_JID, id: messageId(), fromMe: false },
        message: {
          protocolMessage: {
            type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT,
            key: { remoteJid: ALICE_JID, id: 'EDITED', fromMe: false },
            editedMessage: { conversation: 'fixed text' },
          },
        },
      }),
    );
    h.whatsapp.upsert(
      waMessage({
        key: { remoteJid: ALICE_JID, id: messageId(), fromMe: false },
        message: {
          protocolMessage: { type: proto.Message.ProtocolMessage.Type.REVOKE, key: { remoteJid: ALICE_JID, id: 'GONE', fromMe: false } },
        },
      }),
    );
    await h.ctx.waitFor(() => (h.ctx.events.length >= 3 ? true : undefined), 'three events', { timeoutMs: 2000 });
    expect(h.ctx.events).toEqual([
      { type: 'reaction', externalId: reactionId, targetExternalId: 'TARGET', emoji: '👍', chat: { address: ALICE }, fromMe: false },
      { type: 'edit', externalId: 'EDITED', body: 'fixed text' },
      { type: 'delete', externalId: 'GONE' },
    ]);
  });

  it('maps status updates and receipts to acks, presence updates and calls', async () => {
    h = await connectedSession();
    const ev = h.whatsapp.socket.ev;
    ev.fire('messages.update', [
      { key: { remoteJid: ALICE_JID, id: 'M1', fromMe: true }, update: { status: proto.WebMessageInfo.Status.SERVER_ACK } },
      { key: { remoteJid: ALICE_JID, id: 'M1', fromMe: true }, update: { status: proto.WebMessageInfo.Status.READ } },
      { key: { remoteJid: ALICE_JID, id: 'M1', fromMe: true }, update: { starred: true } },
    ]);
    ev.fire('message-receipt.update', [
      { key: { remoteJid: GROUP, id: 'M2', fromMe: true }, receipt: { userJid: ALICE_JID, playedTimestamp: 1 } },
    ]);
    ev.fire('presence.update', { id: ALICE_LID, presences: { [ALICE_LID]: { lastKnownPresence: 'composing' } } });
    await h.ctx.waitFor(() => (h.ctx.events.length >= 4 ? true : undefined), 'four events', { timeoutMs: 2000 });
    h.whatsapp.socket.lids.set(ALICE_LID, ALICE_JID);
    ev.fire('presence.update', { id: ALICE_LID, presences: { [ALICE_LID]: { lastKnownPresence: 'recording' } } });
    ev.fire('call', [{ chatId: ALICE_JID, from: ALICE_JID, id: 'CALL1', date: new Date(), status: 'offer', offline: false }]);
    ev.fire('call', [{ chatId: ALICE_JID, from: ALICE_JID, id: 'CALL1', date: new Date(), status: 'ringing', offline: false }]);
    expect(await eventsBeforeNext(h.whatsapp, h.ctx)).toEqual([
      { type: 'ack', externalId: 'M1', ack: 1 },
      { type: 'ack', externalId: 'M1', ack: 3 },
      { type: 'ack', externalId: 'M2', ack: 4 },
      // Unmapped LID: the LID digits stand in until the mapping is known.
      { type: 'presence', chat: { address: '118406583238732' }, presence: 'composing' },
      { type: 'presence', chat: { address: ALICE }, presence: 'recording' },
      { type: 'call', externalId: 'CALL1', chat: { address: ALICE }, status: 'offer' },
    ]);
  });
});
