import { describe, expect, it } from '@jest/globals';
import { canEdit, groupSender, isContent, splitSignature } from '../message-rules';
import type { Message } from '../messages.api';
import { buildVCard, parseVCards } from '../vcard';

const message = (fields: Partial<Message>): Message =>
  ({
    id: 1,
    ticketId: 1,
    body: 'Olá',
    fromMe: true,
    userId: 7,
    mediaType: 'chat',
    isDeleted: false,
    createdAt: new Date().toISOString(),
    ...fields,
  }) as Message;

describe('message rules (spec 1 §5)', () => {
  it('lets the author edit for 15 minutes only', () => {
    const now = Date.parse('2026-01-01T12:00:00Z');
    expect(canEdit(message({ createdAt: '2026-01-01T11:46:00Z' }), 7, now)).toBe(true);
    expect(canEdit(message({ createdAt: '2026-01-01T11:44:59Z' }), 7, now)).toBe(false);
    expect(canEdit(message({ createdAt: '2026-01-01T11:50:00Z' }), 8, now)).toBe(false);
    expect(canEdit(message({ createdAt: '2026-01-01T11:50:00Z', fromMe: false }), 7, now)).toBe(false);
  });

  it('treats reactions, call logs and deleted messages as no content', () => {
    expect(isContent(message({}))).toBe(true);
    expect(isContent(message({ mediaType: 'reactionMessage' }))).toBe(false);
    expect(isContent(message({ mediaType: 'call_log' }))).toBe(false);
    expect(isContent(message({ isDeleted: true }))).toBe(false);
  });

  it("names a group message's sender by its participant", () => {
    expect(groupSender(message({ fromMe: false, participant: '5511988887777@s.whatsapp.net' }))).toBe('5511988887777');
    expect(groupSender(message({ fromMe: true, participant: '5511988887777' }))).toBeNull();
    // The name the channel gave the participant comes first.
    expect(groupSender(message({ fromMe: false, participant: '5511988887777', participantName: 'Carla Mendes' }))).toBe('Carla Mendes');
  });

  it("separates core's signature from the agent's text", () => {
    expect(splitSignature('*Ana:*\nBom dia', 'Ana')).toEqual({ signature: '*Ana:*\n', text: 'Bom dia' });
    expect(splitSignature('Bom dia', 'Ana')).toEqual({ signature: '', text: 'Bom dia' });
  });
});

describe('contact cards', () => {
  it('reads back the card it writes', () => {
    expect(parseVCards(buildVCard({ name: 'Maria Souza', number: '+55 (11) 98888-7777' }))).toEqual([
      { name: 'Maria Souza', number: '5511988887777' },
    ]);
  });

  it('reads several cards and a phone without waid', () => {
    const text =
      'BEGIN:VCARD\nVERSION:3.0\nFN:João\nTEL;type=CELL:+55 11 3333-4444\nEND:VCARD\nBEGIN:VCARD\nFN:Ana\nitem1.TEL;waid=5511912345678:+55 11 91234-5678\nEND:VCARD';
    expect(parseVCards(text)).toEqual([
      { name: 'João', number: '551133334444' },
      { name: 'Ana', number: '5511912345678' },
    ]);
  });
});
