import { inject, injectable } from '@switchboard/sdk';
import { isAdmin, type AuthContext } from '../../platform/auth/auth-context.js';
import { Tenancy } from '../../platform/tenancy.js';
import type { TicketRoomAccess } from '../realtime/index.js';

/** Who is looking at tickets, with what the visibility rule needs (spec 1 §6). */
export interface TicketViewer {
  userId: number;
  companyId: number;
  admin: boolean;
  queueIds: number[];
  /** allTicket 'enable': also tickets without a queue. */
  allTicket: boolean;
  /** allowGroup: also group conversations. */
  allowGroup: boolean;
}

/**
 * The visibility rule of spec 1 §6 as one SQL predicate over the tickets table (`alias`), so that lists, counts
 * and single reads all apply it in the database. Admins see the whole company (answers null: no restriction).
 * Anyone else sees: tickets assigned to them; unassigned tickets of their queues; unassigned tickets without a
 * queue when allTicket is 'enable'; group conversations when allowGroup is set. A group is never seen through the
 * queue or allTicket branches.
 */
export function visibilityPredicate(viewer: TicketViewer, alias = 'tickets'): { sql: string; bindings: number[] } | null {
  if (viewer.admin) return null;
  const branches = [`${alias}.user_id = ?`];
  const bindings: number[] = [viewer.userId];
  if (viewer.queueIds.length > 0) {
    branches.push(
      `(${alias}.status <> 'group' and ${alias}.user_id is null and ${alias}.queue_id in (${viewer.queueIds.map(() => '?').join(', ')}))`,
    );
    bindings.push(...viewer.queueIds);
  }
  if (viewer.allTicket) branches.push(`(${alias}.status <> 'group' and ${alias}.user_id is null and ${alias}.queue_id is null)`);
  if (viewer.allowGroup) branches.push(`${alias}.status = 'group'`);
  return { sql: `(${branches.join(' or ')})`, bindings };
}

/** Loads the viewer of a request: the caller's profile switches and queues. */
@injectable()
export class TicketVisibility implements TicketRoomAccess {
  constructor(@inject(Tenancy) private readonly tenancy: Tenancy) {}

  async viewer(auth: AuthContext): Promise<TicketViewer> {
    const admin = isAdmin(auth);
    const rows = admin
      ? []
      : await this.tenancy.of(auth.companyId).table<{ queue_id: number }>('user_queues').where('user_id', auth.userId).select('queue_id');
    return {
      userId: auth.userId,
      companyId: auth.companyId,
      admin,
      queueIds: rows.map((row: { queue_id: number }) => row.queue_id),
      allTicket: auth.allTicket === 'enable',
      allowGroup: Boolean(auth.allowGroup),
    };
  }

  async canSee(auth: AuthContext, ticketId: number): Promise<boolean> {
    const query = this.tenancy.of(auth.companyId).table('tickets').where('id', ticketId);
    const predicate = visibilityPredicate(await this.viewer(auth));
    if (predicate) query.whereRaw(predicate.sql, predicate.bindings);
    return Boolean(await query.first('id'));
  }
}
