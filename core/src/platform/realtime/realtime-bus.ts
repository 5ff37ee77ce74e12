import type { Server as HttpServer } from 'node:http';
import type { Server as SocketServer } from 'socket.io';
import type { Port } from '../port.js';

/** Room names, so that every emitter and joiner spells them the same way. */
export const rooms = {
  company: (companyId: number) => `company:${companyId}`,
  user: (userId: number) => `user:${userId}`,
  ticket: (ticketId: number | string) => `ticket:${ticketId}`,
  /** Sockets that see every ticket of the company (admins). */
  allTickets: (companyId: number) => `company:${companyId}:tickets`,
  /** Sockets that see the unassigned tickets of a queue. */
  queue: (queueId: number) => `queue:${queueId}`,
  /** Sockets that see unassigned tickets without a queue (allTicket 'enable'). */
  unqueued: (companyId: number) => `company:${companyId}:unqueued`,
  /** Sockets that see group conversations (allowGroup). */
  groups: (companyId: number) => `company:${companyId}:groups`,
  /**
   * The variant of a room joined, instead of the room, by sockets that see contact numbers masked (lgpdHideNumber
   * for profile users): emitViews sends them the masked payload it is given, emit the payload with every contact
   * number masked (withMaskedContactNumbers).
   */
  masked: (room: string) => `${room}#masked`,
};

export const RealtimeBus = Symbol('RealtimeBus');
/** socket.io for this node; with Redis the events reach the clients of every node. */
export interface RealtimeBus extends Port {
  /** Binds socket.io to the HTTP server; called once by the server at start. */
  attach(httpServer: HttpServer): SocketServer;
  /** The socket.io server (after attach). */
  readonly io: SocketServer;
  /** Sends to the sockets in `room` (either variant), leaving out those also in `except`. */
  emit(room: string | string[], event: string, payload: unknown, except?: string | string[]): void;
  /** As emit, with `maskedPayload` for the sockets in the rooms' masked variants. */
  emitViews(room: string | string[], event: string, payload: unknown, maskedPayload: unknown, except?: string | string[]): void;
}
