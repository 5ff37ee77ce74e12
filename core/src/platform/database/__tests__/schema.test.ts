import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import type { Knex } from 'knex';
import { coreMigrations, ListMigrationSource } from '@switchboard/migrations';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database.js';

// session_owners: which node runs each connection's session (a node's, not a company's, record).
// company_status_history: the platform's record of companies' status changes; it outlives a deleted company.
const PLATFORM_TABLES = ['plans', 'companies', 'session_owners', 'company_status_history'];

const TENANT_TABLES = [
  'helps',
  'invoices',
  'settings',
  'company_settings',
  'users',
  'password_recovery_codes',
  'queue_integrations',
  'files',
  'file_options',
  'queues',
  'prompts',
  'user_queues',
  'chatbots',
  'connections',
  'connection_queues',
  'contacts',
  'contact_custom_fields',
  'tags',
  'contact_tags',
  'tickets',
  'ticket_tags',
  'ticket_logs',
  'ticket_notes',
  'user_ratings',
  'messages',
  'quick_messages',
  'schedules',
  'contact_lists',
  'contact_list_items',
  'campaigns',
  'campaign_shippings',
  'campaign_settings',
  'announcements',
  'chats',
  'chat_users',
  'chat_messages',
  'on_call_entries',
  'plugin_store',
  'conversation_timers',
  'auth_sessions',
  'integration_sessions',
  'ticket_protocol_counters',
];

const ALL_TABLES = [...PLATFORM_TABLES, ...TENANT_TABLES].sort();

async function schemaTables(knex: Knex): Promise<string[]> {
  const rows = await knex('information_schema.tables')
    .select<{ table_name: string }[]>('table_name')
    .where({ table_schema: knex.raw('current_schema()'), table_type: 'BASE TABLE' })
    .andWhereNot('table_name', 'like', 'knex\\_%');
  return rows.map((r) => r.table_name).sort();
}

/** Resolves to the error a promise rejects with (fails the test if it resolves). */
async function rejection(promise: Promise<unknown>): Promise<{ code?: string; constraint?: string }> {
  try {
    await promise;
  } catch (error) {
    return error as { code?: string };
  }
  throw new Error('expected the statement to fail');
}

describe('core schema', () => {
  let test: TestDatabase;
  let knex: Knex;
  let companyId: number;
  let connectionId: number;
  let contactId: number;
  let ticketId: number;

  beforeAll(async () => {
    test = await createTestDatabase();
    knex = test.database.knex;

    const [plan] = await knex('plans').insert({ name: 'Schema test plan', users: 3, connections: 3, queues: 3 }).returning('id');
    const [company] = await knex('companies').insert({ name: 'Schema test company', plan_id: plan.id }).returning('id');
    companyId = company.id;
    const [connection] = await knex('connections').insert({ company_id: companyId, name: 'Main', is_default: true }).returning('id');
    connectionId = connection.id;
    const [contact] = await knex('contacts').insert({ company_id: companyId, name: 'Ana', number: '5511999990000' }).returning('id');
    contactId = contact.id;
    const [ticket] = await knex('tickets')
      .insert({ company_id: companyId, contact_id: contactId, whatsapp_id: connectionId, status: 'pending' })
      .returning('id');
    ticketId = ticket.id;
  });

  afterAll(async () => {
    await test?.drop();
  });

  it('creates every table of the core schema, and no other', async () => {
    expect(await schemaTables(knex)).toEqual(ALL_TABLES);
  });

  it('gives every tenant-owned table a company_id not null', async () => {
    const rows = await knex('information_schema.columns')
      .select<{ table_name: string; is_nullable: string }[]>('table_name', 'is_nullable')
      .where({ table_schema: knex.raw('current_schema()'), column_name: 'company_id' });
    const notNull = rows
      .filter((r) => r.is_nullable === 'NO')
      .map((r) => r.table_name)
      .sort();
    expect(notNull).toEqual([...TENANT_TABLES].sort());
  });

  it('gives every tenant-owned table a company_id foreign key to companies, on delete cascade', async () => {
    const { rows } = await knex.raw<{ rows: { table_name: string; on_delete: string }[] }>(`
      select c.conrelid::regclass::text as table_name, c.confdeltype as on_delete
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
      where c.contype = 'f'
        and c.confrelid = 'companies'::regclass
        and a.attname = 'company_id'
        and array_length(c.conkey, 1) = 1
    `);
    expect(rows.map((r) => r.table_name).sort()).toEqual([...TENANT_TABLES].sort());
    expect(rows.filter((r) => r.on_delete !== 'c')).toEqual([]);
  });

  it('stores a message (whatsapp_id, external_id) only once', async () => {
    const message = {
      company_id: companyId,
      ticket_id: ticketId,
      contact_id: contactId,
      whatsapp_id: connectionId,
      external_id: 'EXT-1',
      body: 'olá',
    };
    await knex('messages').insert(message);
    const error = await rejection(knex('messages').insert(message));
    expect(error.code).toBe('23505');
    // Messages without an external id (private notes, not yet sent) never collide.
    await knex('messages').insert({ ...message, external_id: null, is_private: true });
    await knex('messages').insert({ ...message, external_id: null, is_private: true });
    // The same external id on another connection is another message.
    const [other] = await knex('connections').insert({ company_id: companyId, name: 'Second' }).returning('id');
    await knex('messages').insert({ ...message, whatsapp_id: other.id });
  });

  it('allows one active ticket per (contact_id, whatsapp_id)', async () => {
    const active = { company_id: companyId, contact_id: contactId, whatsapp_id: connectionId };
    for (const status of ['open', 'pending', 'group']) {
      const error = await rejection(knex('tickets').insert({ ...active, status }));
      expect(error.code).toBe('23505');
    }
    // Closing the active one makes room for a new active one; closed ones accumulate.
    await knex('tickets').where({ id: ticketId }).update({ status: 'closed', closed_at: knex.fn.now() });
    await knex('tickets').insert({ ...active, status: 'closed' });
    const [fresh] = await knex('tickets')
      .insert({ ...active, status: 'open' })
      .returning(['id', 'uuid']);
    expect(fresh.uuid).toMatch(/^[0-9a-f-]{36}$/);
    const error = await rejection(knex('tickets').insert({ ...active, status: 'pending' }));
    expect(error.code).toBe('23505');
  });

  it('records the first acceptance of a ticket once, whichever statement opens it', async () => {
    const [contact] = await knex('contacts').insert({ company_id: companyId, name: 'Bia', number: '5511999990001' }).returning('id');
    const base = { company_id: companyId, contact_id: contact.id, whatsapp_id: connectionId };
    const arrival = new Date('2026-03-02T10:00:00Z');
    const [waiting] = await knex('tickets')
      .insert({ ...base, status: 'pending', created_at: arrival })
      .returning('id');
    const acceptedAt = async (id: number) => (await knex('tickets').where({ id }).first('accepted_at')).accepted_at as Date | null;
    expect(await acceptedAt(waiting.id)).toBeNull();

    await knex('tickets').where({ id: waiting.id }).update({ status: 'open' });
    const first = await acceptedAt(waiting.id);
    expect(first).not.toBeNull();
    // Returned to the queue, closed and reopened: the first acceptance stays.
    await knex('tickets').where({ id: waiting.id }).update({ status: 'pending' });
    await knex('tickets').where({ id: waiting.id }).update({ status: 'closed', closed_at: knex.fn.now() });
    await knex('tickets').where({ id: waiting.id }).update({ status: 'open' });
    expect(await acceptedAt(waiting.id)).toEqual(first);

    // Opened at creation (an agent starting the conversation): accepted on arrival.
    await knex('tickets').where({ id: waiting.id }).update({ status: 'closed' });
    const [started] = await knex('tickets')
      .insert({ ...base, status: 'open', created_at: arrival })
      .returning('id');
    expect(await acceptedAt(started.id)).toEqual(arrival);
  });

  it("gives every ticket a protocol of its day and the company's next number, unique within the company", async () => {
    const [plan] = await knex('plans').insert({ name: 'Protocol plan', users: 3, connections: 3, queues: 3 }).returning('id');
    const [other] = await knex('companies').insert({ name: 'Protocol company', plan_id: plan.id }).returning('id');
    const ticketOf = async (company: number, createdAt: Date) => {
      const [contact] = await knex('contacts')
        .insert({ company_id: company, name: 'P', number: `55${Math.random().toString().slice(2, 13)}` })
        .returning('id');
      const [row] = await knex('tickets')
        .insert({ company_id: company, contact_id: contact.id, status: 'closed', created_at: createdAt })
        .returning('protocol');
      return row.protocol as string;
    };
    const day = new Date('2026-03-02T12:00:00Z');
    expect(await ticketOf(other.id, day)).toBe('20260302000001');
    expect(await ticketOf(other.id, day)).toBe('20260302000002');
    // Each company counts its own.
    expect(await ticketOf(companyId, day)).toMatch(/^20260302\d{6}$/);
    expect(await ticketOf(other.id, new Date('2026-03-03T12:00:00Z'))).toBe('20260303000003');
    // Many at once on separate connections: never the same number twice.
    const together = await Promise.all(Array.from({ length: 20 }, () => ticketOf(other.id, day)));
    expect(new Set(together).size).toBe(20);
    const error = await rejection(
      knex('tickets').insert({ company_id: other.id, contact_id: contactId, status: 'closed', protocol: '20260302000001' }),
    );
    expect(error.code).toBe('23505');
  });

  it('rejects a ticket status outside the spec', async () => {
    const error = await rejection(knex('tickets').insert({ company_id: companyId, contact_id: contactId, status: 'archived' }));
    expect(error.code).toBe('23514');
  });

  it('finds users by e-mail case-insensitively and uniquely across companies', async () => {
    const user = { company_id: companyId, name: 'Bea', email: 'Bea@Example.com', password_hash: 'x' };
    await knex('users').insert(user);
    const error = await rejection(knex('users').insert({ ...user, email: 'bea@example.COM' }));
    expect(error.code).toBe('23505');
  });

  it('deletes a company with everything it owns', async () => {
    const [plan] = await knex('plans').insert({ name: 'Disposable plan' }).returning('id');
    const [company] = await knex('companies').insert({ name: 'Disposable', plan_id: plan.id }).returning('id');
    const [contact] = await knex('contacts').insert({ company_id: company.id, name: 'C', number: '1' }).returning('id');
    await knex('tickets').insert({ company_id: company.id, contact_id: contact.id, status: 'open' });
    await knex('companies').where({ id: company.id }).delete();
    expect(await knex('tickets').where({ company_id: company.id })).toEqual([]);
    // A plan still in use cannot be deleted.
    const error = await rejection(knex('plans').where({ name: 'Schema test plan' }).delete());
    // PostgreSQL 15 answers foreign_key_violation, PGlite (PostgreSQL 17) restrict_violation.
    expect(['23503', '23001']).toContain(error.code);
  });

  it('rolls every migration back and migrates again', async () => {
    const migrationSource = new ListMigrationSource(coreMigrations);
    await knex.migrate.rollback({ migrationSource }, true);
    expect(await schemaTables(knex)).toEqual([]);
    await test.database.migrate();
    expect(await schemaTables(knex)).toEqual(ALL_TABLES);
    const [, pending] = (await knex.migrate.list({ migrationSource })) as [unknown[], unknown[]];
    expect(pending).toEqual([]);
  });
});
