import { describe, expect, it } from '@jest/globals';
import { lastMessageKind } from '../list/ticket-card-format';

describe("the card's last message kind", () => {
  it('names a location or a contact card by the stored type, whatever the text', () => {
    expect(lastMessageKind('', 'locationMessage')).toBe('location');
    expect(lastMessageKind('Maria', 'contactMessage')).toBe('contact');
    expect(lastMessageKind('-23.55,-46.63', 'chat')).toBe('text');
  });

  it('recognises the shape when a ticket has no type', () => {
    expect(lastMessageKind('BEGIN:VCARD\nFN:Maria\nEND:VCARD', null)).toBe('contact');
    expect(lastMessageKind('Estou aqui\n-23.5505,-46.6333')).toBe('location');
  });
});
