import { randomUUID } from 'node:crypto';
import type { Socket as ClientSocket } from 'socket.io-client';
import type { RealtimeBus } from '../platform/realtime/realtime-bus.js';

/**
 * Resolves once every event the node sent this client so far has arrived: the node sends a marker straight to the
 * client's socket, and one socket's events arrive in the order sent. A test that proves an event did not reach a
 * client waits on this (after the event that would have carried it was emitted), never on a sleep.
 */
export async function caughtUp(realtime: RealtimeBus, client: ClientSocket): Promise<void> {
  const marker = `test:caught-up:${randomUUID()}`;
  const arrived = new Promise<void>((resolve) => client.once(marker, () => resolve()));
  realtime.io.to(client.id!).emit(marker);
  await arrived;
}
