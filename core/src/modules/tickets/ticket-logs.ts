import { inject, injectable } from '@switchboard/sdk';
import type { Knex } from 'knex';
import { Tenancy } from '../../platform/tenancy.js';

/**
 * Ticket log entry types (spec 1 §3 plus the transitions of §4): create, chatBot, queue, open (accepted),
 * access, transfered, receivedTransfer, pending (returned to the queue), reopen, closed.
 */
export type TicketLogType =
  'create' | 'chatBot' | 'queue' | 'open' | 'access' | 'transfered' | 'receivedTransfer' | 'pending' | 'reopen' | 'closed';

export interface TicketLogEntry {
  ticketId: number;
  type: TicketLogType;
  userId: number | null;
  queueId: number | null;
}

export interface TicketLogView {
  id: number;
  type: string;
  createdAt: Date;
  user: { id: number; name: string } | null;
  queue: { id: number; name: string } | null;
}

/** Writes and reads the ticket log (ticket_logs). Writes join the caller's transaction. */
@injectable()
export class TicketLogs {
  constructor(@inject(Tenancy) private readonly tenancy: Tenancy) {}

  async write(connection: Knex | Knex.Transaction, companyId: number, entries: TicketLogEntry[]): Promise<void> {
    if (entries.length === 0) return;
    await connection('ticket_logs').insert(
      entries.map((entry) => ({
        company_id: companyId,
        ticket_id: entry.ticketId,
        type: entry.type,
        user_id: entry.userId,
        queue_id: entry.queueId,
      })),
    );
  }

  /** The log of one ticket, newest first, with user {id, name} and queue {id, name}. */
  async list(companyId: number, ticketId: number): Promise<TicketLogView[]> {
    const rows = await this.tenancy
      .of(companyId)
      .table('ticket_logs as l')
      .leftJoin('users as u', 'u.id', 'l.user_id')
      .leftJoin('queues as q', 'q.id', 'l.queue_id')
      .where('l.ticket_id', ticketId)
      .orderBy('l.created_at', 'desc')
      .orderBy('l.id', 'desc')
      .select('l.id', 'l.type', 'l.created_at', 'u.id as user_id', 'u.name as user_name', 'q.id as queue_id', 'q.name as queue_name');
    return rows.map((row) => ({
      id: row.id,
      type: row.type,
      createdAt: row.created_at,
      user: row.user_id ? { id: row.user_id, name: row.user_name } : null,
      queue: row.queue_id ? { id: row.queue_id, name: row.queue_name } : null,
    }));
  }
}
