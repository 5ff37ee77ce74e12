import type { Server as HttpServer } from 'node:http';
import type { Server as SocketServer } from 'socket.io';
import type { ServerEventName, ServerToClientEvents } from '@switchboard/sdk/contracts';
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
   * The only room of an expired company's admins (their expiry page pays an invoice): they hear its `payment` event
   * and nothing else of the company until the payment lets them back in.
   */
  expired: (companyId: number) => `company:${companyId}:expired`,
  /**
   * The variant of a room joined, instead of the room, by sockets that see contact numbers masked (lgpdHideNumber
   * for profile users): emitViews sends them the masked payload it is given, emit the payload with every contact
   * number masked (withMaskedContactNumbers).
   */
  masked: (room: string) => `${room}#masked`,
};

/**
 * What the server may hand over for a payload of type T: JSON serialisation turns a Date (a model's timestamps)
 * into the string the web reads (a field typed as a literal, such as an action, stays that literal); every other
 * field must already have the contract's type. A record's open index signature is left out, so a model instance
 * (which has none) fits when its named fields do.
 */
export type Sendable<T> = T extends string
  ? string extends T
    ? string | Date
    : T
  : T extends readonly (infer U)[]
    ? Sendable<U>[]
    : T extends object
      ? { [K in keyof T as string extends K ? never : K]: Sendable<T[K]> }
      : T;

export const RealtimeBus = Symbol('RealtimeBus');
/** socket.io for this node; with Redis the events reach the clients of every node. */
export interface RealtimeBus extends Port {
  /** Binds socket.io to the HTTP server; called once by the server at start. */
  attach(httpServer: HttpServer): SocketServer;
  /** The socket.io server (after attach). */
  readonly io: SocketServer;
  /**
   * Sends to the sockets in `room` (either variant), leaving out those also in `except`. Events and payloads are the
   * contracts' map, which the web's handlers are typed by too.
   */
  emit<E extends ServerEventName>(
    room: string | string[],
    event: E,
    payload: Sendable<ServerToClientEvents[E]>,
    except?: string | string[],
  ): void;
  /**
   * As emit, with `maskedPayload` for the sockets in the rooms' masked variants. Given as a function, it is made only
   * when a masked variant may hold a socket: most companies have no masked viewer, and masking copies the payload.
   */
  emitViews<E extends ServerEventName>(
    room: string | string[],
    event: E,
    payload: Sendable<ServerToClientEvents[E]>,
    maskedPayload: MaskedView<Sendable<ServerToClientEvents[E]>>,
    except?: string | string[],
  ): void;
}

/** The masked view of a payload, or how to make it when it is needed. */
export type MaskedView<T> = T | (() => T);
