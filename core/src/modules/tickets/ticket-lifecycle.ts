import type { TransitionKind } from './ticket-transitions.js';

/** A ticket's status, owner and queue on one side of a change. */
export interface TicketSide {
  status: string;
  userId: number | null;
  queueId: number | null;
}

/** One committed change of a ticket made by a user (PUT /tickets/:id or Close All). */
export interface TicketTransition {
  companyId: number;
  ticketId: number;
  kind: TransitionKind;
  before: TicketSide;
  after: TicketSide & { contactId: number; whatsappId: number | null; isGroup: boolean };
  /** The user who made the change. */
  actorUserId: number;
  /** Closed without the automatic messages (Close All, or "close without farewell"): no farewell, no rating request. */
  quiet: boolean;
  /** A resolve that recorded the agent's rating (userRating in the body). */
  agentRated: boolean;
}

export const TicketTransitionListener = Symbol('TicketTransitionListener');
/**
 * Told after a ticket change is committed (routing: timers to cancel or set, the rating request after a close).
 * A listener that fails is logged; the change stands.
 */
export interface TicketTransitionListener {
  readonly name: string;
  afterTransition(transition: TicketTransition): Promise<void>;
}

/** Every bound TicketTransitionListener, or none. */
export const TicketTransitionListeners = Symbol('TicketTransitionListeners');
