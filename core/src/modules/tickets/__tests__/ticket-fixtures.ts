import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { CompanyCache } from '../../../platform/cache/company-cache.js';

/** Rows for ticket tests, inserted with knex (the test's own company fixtures). */
export class TicketFixtures {
  private sequence = 0;

  constructor(
    private readonly knex: Knex,
    /** The server's cache, for fixtures that write what services read cached (company options). */
    private readonly cache?: CompanyCache,
  ) {}

  private next(): string {
    this.sequence += 1;
    return `${this.sequence}${randomBytes(3).toString('hex')}`;
  }

  async queue(companyId: number, name = `Fila ${this.next()}`): Promise<number> {
    const [row] = await this.knex('queues')
      .insert({ company_id: companyId, name, color: `#${randomBytes(3).toString('hex')}` })
      .returning('id');
    return row.id as number;
  }

  async userQueue(companyId: number, userId: number, queueId: number): Promise<void> {
    await this.knex('user_queues').insert({ company_id: companyId, user_id: userId, queue_id: queueId });
  }

  async connection(companyId: number, columns: Record<string, unknown> = {}): Promise<number> {
    const [row] = await this.knex('connections')
      .insert({ company_id: companyId, name: `Conexão ${this.next()}`, ...columns })
      .returning('id');
    return row.id as number;
  }

  async contact(companyId: number, columns: Record<string, unknown> = {}): Promise<number> {
    const [row] = await this.knex('contacts')
      .insert({ company_id: companyId, name: `Contato ${this.next()}`, number: `5511${Date.now()}${this.next()}`, ...columns })
      .returning('id');
    return row.id as number;
  }

  /** A ticket; its contact is created unless given. */
  async ticket(
    companyId: number,
    columns: { whatsapp_id: number; contact_id?: number; [column: string]: unknown },
  ): Promise<{ id: number; uuid: string; contactId: number }> {
    const contactId = columns.contact_id ?? (await this.contact(companyId, columns.is_group ? { is_group: true } : {}));
    const [row] = await this.knex('tickets')
      .insert({ company_id: companyId, status: 'pending', ...columns, contact_id: contactId })
      .returning(['id', 'uuid']);
    return { id: row.id as number, uuid: row.uuid as string, contactId };
  }

  async tag(companyId: number, name = `Tag ${this.next()}`): Promise<number> {
    const [row] = await this.knex('tags').insert({ company_id: companyId, name, color: '#123456' }).returning('id');
    return row.id as number;
  }

  async setting(companyId: number, values: Record<string, string>): Promise<void> {
    await this.knex('company_settings').where('company_id', companyId).update(values);
    await this.cache?.invalidate(companyId);
  }

  async logTypes(ticketId: number): Promise<{ type: string; user_id: number | null; queue_id: number | null }[]> {
    return this.knex('ticket_logs').where('ticket_id', ticketId).orderBy('id').select('type', 'user_id', 'queue_id');
  }

  async messageBodies(ticketId: number): Promise<string[]> {
    const rows = await this.knex('messages').where('ticket_id', ticketId).orderBy('id').select('body');
    return rows.map((row: { body: string }) => row.body);
  }

  async ticketRow(ticketId: number): Promise<Record<string, any>> {
    return this.knex('tickets').where('id', ticketId).first();
  }
}
