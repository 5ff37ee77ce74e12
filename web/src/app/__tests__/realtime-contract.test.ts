import { describe, expect, it } from '@jest/globals';
import type { ServerToClientEvents } from '@switchboard/sdk/contracts';
import { realtime } from '../realtime';

/**
 * The socket handlers are typed by the contracts' event map (`tsc -p web/tsconfig.test.json` checks this file):
 * a handler reading another payload than the map names, or an event the server never sends, does not compile.
 * Changing a payload in sdk/src/contracts/events.ts therefore breaks the web's build wherever it is read.
 */
describe('socket events typed by the shared contracts', () => {
  it('hands each handler the payload the server emits for its event', () => {
    const seen: number[] = [];
    const offs = [
      realtime.on('presence', (event) => seen.push(event.ticketId)),
      realtime.on('ticket', (event) => {
        if (event.action === 'update') seen.push(event.ticket.id);
        else seen.push(event.ticketId);
      }),
      // @ts-expect-error presence's ticketId is a number, not a string
      realtime.on('presence', (event: { ticketId: string; presence: string }) => event),
      // @ts-expect-error a ticket update carries `ticket`, not `record`
      realtime.on('ticket', (event: { action: 'update'; record: { id: number } }) => event),
      // @ts-expect-error the server sends no such event
      realtime.on('ticket:updated', () => undefined),
    ];
    for (const off of offs) off();
    expect(seen).toEqual([]);
  });

  it('names every event the server emits to the app', () => {
    const events: Record<keyof ServerToClientEvents, true> = {
      ticket: true,
      appMessage: true,
      presence: true,
      contact: true,
      whatsapp: true,
      whatsappSession: true,
      importMessages: true,
      user: true,
      auth: true,
      queue: true,
      tag: true,
      schedule: true,
      quickMessage: true,
      queueIntegration: true,
      prompt: true,
      contactList: true,
      contactListItem: true,
      campaign: true,
      file: true,
      announcement: true,
      chat: true,
      payment: true,
      resync: true,
    };
    expect(Object.keys(events)).toHaveLength(23);
  });
});
