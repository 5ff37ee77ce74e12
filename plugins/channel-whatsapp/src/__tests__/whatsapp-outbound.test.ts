import { afterEach, describe, expect, it } from '@jest/globals';
import { connectedSession, type Harness } from './session-harness.js';

const ALICE = { address: '5511912345678' };
const ALICE_JID = '5511912345678@s.whatsapp.net';
const GROUP = { address: '120363040000000000@g.us', isGroup: true };

let h: Harness;
afterEach(async () => {
  await h?.session.stop({ logout: false });
});

describe('WhatsappSession outbound', () => {
  it('sends a text as a reply quoting the given message', async () => {
    h = await connectedSession();
    const { externalId } = await h.session.send({
      messageId: 1,
      to: ALICE,
      body: 'hello',
      quoted: { externalId: 'Q1', fromMe: false, body: 'question' },
    });
    const [sent] = h.whatsapp.socket.sent;
    expect(sent!.id).toBe(externalId);
    expect(sent!.jid).toBe(ALICE_JID);
    expect(sent!.content).toEqual({ text: 'hello' });
    expect(sent!.options?.quoted).toEqual({
      key: { remoteJid: ALICE_JID, id: 'Q1', fromMe: false },
      message: { conversation: 'question' },
    });
  });

  it('sends media from the stored file: voice notes, videos and documents; and contact cards', async () => {
    h = await connectedSession();
    await h.session.send({
      messageId: 2,
      to: ALICE,
      media: { path: '/files/a.ogg', fileName: 'a.ogg', mimeType: 'audio/ogg', mediaType: 'audio', asVoiceNote: true },
    });
    await h.session.send({
      messageId: 3,
      to: GROUP,
      body: 'clip',
      media: { path: '/files/v.mp4', fileName: 'v.mp4', mimeType: 'video/mp4', mediaType: 'video' },
    });
    await h.session.send({
      messageId: 4,
      to: ALICE,
      media: { path: '/files/r.pdf', fileName: 'r.pdf', mimeType: 'application/pdf', mediaType: 'application' },
    });
    await h.session.send({ messageId: 5, to: ALICE, vCard: 'BEGIN:VCARD\nVERSION:3.0\nFN:Bob Smith\nEND:VCARD' });
    const [audio, video, document, card] = h.whatsapp.socket.sent;
    expect(audio!.content).toEqual({ audio: { url: '/files/a.ogg' }, mimetype: 'audio/ogg', ptt: true });
    expect(video!.jid).toBe(GROUP.address);
    expect(video!.content).toEqual({ video: { url: '/files/v.mp4' }, mimetype: 'video/mp4', caption: 'clip' });
    expect(document!.content).toEqual({ document: { url: '/files/r.pdf' }, mimetype: 'application/pdf', fileName: 'r.pdf' });
    expect(card!.content).toEqual({
      contacts: {
        displayName: 'Bob Smith',
        contacts: [{ displayName: 'Bob Smith', vcard: 'BEGIN:VCARD\nVERSION:3.0\nFN:Bob Smith\nEND:VCARD' }],
      },
    });
  });

  it('edits, revokes and reacts with the message key', async () => {
    h = await connectedSession();
    const { externalId } = await h.session.send({ messageId: 6, to: ALICE, body: 'typo' });
    await h.session.edit(externalId, 'fixed', ALICE);
    await h.session.remove(externalId, ALICE);
    const reaction = await h.session.react(externalId, '❤️', ALICE);
    await h.session.react('THEIRS', '👍', ALICE);
    const [, edit, revoke, react, reactTheirs] = h.whatsapp.socket.sent;
    const key = { remoteJid: ALICE_JID, id: externalId, fromMe: true };
    expect(edit!.content).toEqual({ text: 'fixed', edit: key });
    expect(revoke!.content).toEqual({ delete: key });
    expect(react!.content).toEqual({ react: { text: '❤️', key } });
    expect(reaction.externalId).toBe(react!.id);
    expect(reactTheirs!.content).toEqual({ react: { text: '👍', key: { remoteJid: ALICE_JID, id: 'THEIRS', fromMe: false } } });
  });

  it('marks read, sends presence, checks numbers and fetches profile pictures', async () => {
    h = await connectedSession();
    await h.session.markRead(['A', 'B'], ALICE);
    expect(h.whatsapp.socket.read).toEqual([
      { remoteJid: ALICE_JID, id: 'A', fromMe: false },
      { remoteJid: ALICE_JID, id: 'B', fromMe: false },
    ]);
    await h.session.sendPresence(ALICE, 'recording');
    expect(h.whatsapp.socket.presences).toEqual([{ type: 'recording', jid: ALICE_JID }]);
    expect(await h.session.checkNumber('+55 (11) 91234-5678')).toEqual({ exists: true, address: '5511912345678' });
    expect(await h.session.checkNumber('5511900000000')).toEqual({ exists: false });
    expect(await h.session.profilePicture(ALICE.address)).toBe(`https://pps.example/${ALICE_JID}.jpg`);
  });

  it('refuses to send while not connected', async () => {
    h = await connectedSession();
    await h.session.stop({ logout: false });
    await expect(h.session.send({ messageId: 7, to: ALICE, body: 'x' })).rejects.toThrow('not connected');
  });
});
