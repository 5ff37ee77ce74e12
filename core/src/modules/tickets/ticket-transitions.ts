import type { TicketLogEntry } from './ticket-logs.js';
import type { UpdateTicketInput } from './tickets.schema.js';

/** What a PUT /tickets/:id does, in the words of spec 1 §4. */
export type TransitionKind =
  'accept' | 'returnToQueue' | 'resolve' | 'reopen' | 'transferToUser' | 'transferToQueue' | 'queue' | 'status' | 'none';

export interface TicketState {
  id: number;
  status: string;
  userId: number | null;
  queueId: number | null;
  isGroup: boolean;
}

export interface TransitionPlan {
  kind: TransitionKind;
  status: string;
  userId: number | null;
  queueId: number | null;
  logs: Omit<TicketLogEntry, 'ticketId'>[];
}

const liveStatuses = new Set(['open', 'group']);

/**
 * The next status, owner and queue of a ticket for one update, and the log rows it writes (spec 1 §4):
 * - status closed: resolve (or close a pending ticket from the list); log 'closed'.
 * - a closed ticket set to any other status: reopen, assigned to the given user or the caller; log 'reopen'.
 * - a pending ticket taken by the caller (status open or userId = caller): accept; log 'open' (and 'queue' when
 *   the accept dialog chose a queue). Open becomes group for a group ticket.
 * - another owner (a user who is not the caller, or any change of an owned ticket): transfer to that user;
 *   status open (group); logs 'transfered' (previous owner and queue) and 'receivedTransfer' (new owner and queue).
 * - owner cleared: return to queue (status pending; log 'pending') or, with another queue, transfer to that queue
 *   (status pending, userId null; 'transfered' and 'receivedTransfer'). A pending ticket sent to another queue
 *   with status pending is a transfer to that queue too.
 * - only the queue changed: log 'queue'.
 */
export function planTransition(ticket: TicketState, input: UpdateTicketInput, callerId: number): TransitionPlan {
  const liveStatus = ticket.isGroup ? 'group' : 'open';
  const queueId = input.queueId !== undefined ? input.queueId : ticket.queueId;
  let status = ticket.status;
  let userId = ticket.userId;

  if (input.status === 'closed') {
    status = 'closed';
  } else if (input.status === 'open' || input.status === 'group') {
    status = liveStatus;
    userId = input.userId ?? callerId;
  } else if (input.status === 'pending') {
    status = 'pending';
    userId = input.userId !== undefined ? input.userId : null;
  } else if (input.userId !== undefined && input.userId !== ticket.userId) {
    userId = input.userId;
    if (ticket.status !== 'closed') status = userId === null ? 'pending' : liveStatus;
  }

  const queueChanged = queueId !== ticket.queueId;
  const userChanged = userId !== ticket.userId;
  const plan = (kind: TransitionKind, logs: TransitionPlan['logs']): TransitionPlan => ({ kind, status, userId, queueId, logs });

  if (status === 'closed' && ticket.status !== 'closed') return plan('resolve', [{ type: 'closed', userId: callerId, queueId }]);
  if (ticket.status === 'closed' && status !== 'closed') {
    if (status !== 'pending' && userId === null) userId = callerId;
    return plan('reopen', [{ type: 'reopen', userId: userId ?? callerId, queueId }]);
  }
  if (status === 'closed') return plan(queueChanged ? 'queue' : 'none', queueChanged ? [{ type: 'queue', userId: callerId, queueId }] : []);

  if (
    ticket.status === 'pending' &&
    liveStatuses.has(status) &&
    userId === callerId &&
    (ticket.userId === null || ticket.userId === callerId)
  ) {
    const logs: TransitionPlan['logs'] = [{ type: 'open', userId: callerId, queueId }];
    if (queueChanged) logs.unshift({ type: 'queue', userId: callerId, queueId });
    return plan('accept', logs);
  }
  const transferLogs = (): TransitionPlan['logs'] => [
    { type: 'transfered', userId: ticket.userId ?? callerId, queueId: ticket.queueId },
    { type: 'receivedTransfer', userId, queueId },
  ];
  if (userChanged && userId !== null) return plan('transferToUser', transferLogs());
  if (userChanged && userId === null) {
    if (queueChanged) return plan('transferToQueue', transferLogs());
    return plan('returnToQueue', [{ type: 'pending', userId: callerId, queueId }]);
  }
  if (queueChanged && input.status === 'pending' && userId === null) return plan('transferToQueue', transferLogs());
  if (queueChanged) return plan('queue', [{ type: 'queue', userId: callerId, queueId }]);
  if (status !== ticket.status) {
    return plan('status', [{ type: status === 'pending' ? 'pending' : 'open', userId: callerId, queueId }]);
  }
  return plan('none', []);
}
