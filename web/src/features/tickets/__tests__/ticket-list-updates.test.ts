import { describe, expect, it } from '@jest/globals';
import { applyTicketUpdate, clearUnread, mergedTickets, removeTicket, setPresence, type TicketPages } from '../ticket-list-updates';
import { lastMessageKind, ticketTime, truncate } from '../list/ticket-card-format';
import type { Ticket, TicketListParams } from '../tickets.api';

function ticket(id: number, fields: Partial<Ticket> = {}): Ticket {
  return {
    id,
    uuid: `uuid-${id}`,
    status: 'pending',
    isGroup: false,
    channel: 'webchat',
    queueId: null,
    queue: null,
    userId: null,
    user: null,
    whatsappId: 1,
    whatsapp: null,
    contactId: id,
    contact: null,
    tags: [],
    unreadMessages: 0,
    lastMessage: '',
    updatedAt: `2026-01-01T00:00:0${id % 10}.000Z`,
    ...fields,
  };
}

function pages(...lists: Ticket[][]): TicketPages {
  return {
    pages: lists.map((tickets, index) => ({ tickets, hasMore: index < lists.length - 1, count: index === 0 ? 10 : undefined })),
    pageParams: lists.map((_list, index) => index + 1),
  };
}

const pending: TicketListParams = { status: 'pending', queueIds: [0, 5], showAll: false };

describe('ticket list live updates', () => {
  it('inserts a ticket that now belongs to the list at the top and counts it', () => {
    const data = pages([ticket(1)]);
    applyTicketUpdate(data, ticket(2, { unreadMessages: 1 }), pending);
    expect(data.pages[0]!.tickets.map((t) => t.id)).toEqual([2, 1]);
    expect(data.pages[0]!.count).toBe(11);
  });

  it('moves a ticket out of a list whose status it left (accept: pending to open)', () => {
    const data = pages([ticket(1), ticket(2)]);
    applyTicketUpdate(data, { ...ticket(2), status: 'open', userId: 7 }, pending);
    expect(data.pages[0]!.tickets.map((t) => t.id)).toEqual([1]);
    expect(data.pages[0]!.count).toBe(9);
    const open = pages([]);
    applyTicketUpdate(open, { ...ticket(2), status: 'open', userId: 7 }, { ...pending, status: 'open' });
    expect(open.pages[0]!.tickets.map((t) => t.id)).toEqual([2]);
  });

  it("keeps another agent's ticket out of an admin's list without show-all, and counts only what it lists (spec 1 §6)", () => {
    const admin = { userId: 1, admin: true };
    const open: TicketListParams = { ...pending, status: 'open' };
    const data = pages([]);
    applyTicketUpdate(data, ticket(2, { status: 'open', userId: 7 }), open, admin);
    applyTicketUpdate(data, ticket(3, { status: 'open', userId: 1 }), open, admin);
    expect(data.pages[0]!.tickets.map((t) => t.id)).toEqual([3]);
    expect(data.pages[0]!.count).toBe(11);
    // Transferred to another agent: it leaves the admin's list and its count.
    applyTicketUpdate(data, { id: 3, userId: 7 }, open, admin);
    expect(data.pages[0]!.tickets).toEqual([]);
    expect(data.pages[0]!.count).toBe(10);
    const all = pages([]);
    applyTicketUpdate(all, ticket(2, { status: 'open', userId: 7 }), { ...open, showAll: true }, admin);
    expect(all.pages[0]!.tickets.map((t) => t.id)).toEqual([2]);
  });

  it('removes a ticket whose queue is not selected', () => {
    const data = pages([ticket(1, { queueId: 5 })]);
    applyTicketUpdate(data, { id: 1, queueId: 9 }, pending);
    expect(data.pages[0]!.tickets).toEqual([]);
  });

  it('merges a partial update and moves it to the top only when it has new activity', () => {
    const data = pages([ticket(1), ticket(2, { queue: { id: 5, name: 'Vendas', color: '#f00' }, queueId: 5 })]);
    applyTicketUpdate(data, { id: 2, unreadMessages: 3, updatedAt: ticket(2).updatedAt }, pending);
    expect(data.pages[0]!.tickets.map((t) => t.id)).toEqual([1, 2]);
    applyTicketUpdate(data, { id: 2, lastMessage: 'oi', unreadMessages: 4, updatedAt: '2026-02-01T00:00:00.000Z' }, pending);
    expect(data.pages[0]!.tickets[0]).toMatchObject({ id: 2, lastMessage: 'oi', unreadMessages: 4, queue: { name: 'Vendas' } });
    expect(data.pages[0]!.count).toBe(10);
  });

  it('keeps a search list to the tickets it already holds', () => {
    const search = { searchParam: 'ana', queueIds: [0] };
    const data = pages([ticket(1)]);
    applyTicketUpdate(data, ticket(2), search);
    applyTicketUpdate(data, { id: 1, lastMessage: 'novo' }, search);
    expect(data.pages[0]!.tickets.map((t) => [t.id, t.lastMessage])).toEqual([[1, 'novo']]);
  });

  it('clears unread, sets presence and removes deleted tickets on any page', () => {
    const data = pages([ticket(1)], [ticket(2, { unreadMessages: 2 })]);
    clearUnread(data, 2);
    setPresence(data, 2, 'composing');
    expect(data.pages[1]!.tickets[0]).toMatchObject({ unreadMessages: 0, presence: 'composing' });
    removeTicket(data, 2);
    expect(data.pages[1]!.tickets).toEqual([]);
    expect(data.pages[0]!.count).toBe(9);
  });

  it('merges pages without duplicates and hides tickets without a queue when no queue is unselected', () => {
    const data = pages([ticket(1), ticket(2, { queueId: 5 })], [ticket(2, { queueId: 5 }), ticket(3)]);
    expect(mergedTickets(data, pending).map((t) => t.id)).toEqual([1, 2, 3]);
    expect(mergedTickets(data, { ...pending, queueIds: [5] }).map((t) => t.id)).toEqual([2]);
    expect(mergedTickets(data, { ...pending, queueIds: [5], showAll: true }).map((t) => t.id)).toEqual([1, 2, 3]);
  });
});

describe('ticket card texts', () => {
  it('cuts long texts', () => {
    expect(truncate('a'.repeat(31), 30)).toBe(`${'a'.repeat(30)}...`);
    expect(truncate('Maria', 10)).toBe('Maria');
  });

  it('shows HH:mm for today and dd/MM/yyyy before', () => {
    const now = new Date(2026, 10, 21, 15, 0);
    expect(ticketTime(new Date(2026, 10, 21, 9, 5).toISOString(), now)).toBe('09:05');
    expect(ticketTime(new Date(2026, 10, 20, 9, 5).toISOString(), now)).toBe('20/11/2026');
  });

  it('recognises locations and contact cards', () => {
    expect(lastMessageKind('Padaria\nRua A, 10\n-23.55,-46.63')).toBe('location');
    expect(lastMessageKind('BEGIN:VCARD\nVERSION:3.0\nEND:VCARD')).toBe('contact');
    expect(lastMessageKind('Olá, tudo bem?')).toBe('text');
  });
});
