import type { AuthContext } from '../../platform/auth/auth-context.js';

/** What decides a socket's ticket rooms (spec 1 §6): admins hear every ticket; others their queues' and more. */
export interface RoomViewer {
  admin: boolean;
  queueIds: number[];
  /** allTicket 'enable': also tickets without a queue. */
  allTicket: boolean;
  /** allowGroup: also group conversations. */
  allowGroup: boolean;
}

export const TicketRoomAccess = Symbol('TicketRoomAccess');
/** The ticket visibility rule as sockets need it. The tickets module, which owns the rule, binds it. */
export interface TicketRoomAccess {
  viewer(auth: AuthContext): Promise<RoomViewer>;
  /** Whether the user may see this ticket (and so join its room). */
  canSee(auth: AuthContext, ticketId: number): Promise<boolean>;
}
