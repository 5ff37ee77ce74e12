import type { Knex } from 'knex';
import type { Migration } from './index.js';
import { companyId, dropTables, foreignKey, timestamps, timestamptz } from './helpers.js';

// Tickets and what hangs off a ticket: tags, log, notes, ratings.

const TICKET_STATUSES = ['open', 'pending', 'closed', 'group', 'lgpd', 'nps'] as const;

async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('tickets', (t) => {
    t.increments('id').primary();
    companyId(t, { index: false });
    t.uuid('uuid').notNullable().unique().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('status').notNullable().defaultTo('pending');
    t.boolean('is_group').notNullable().defaultTo(false);
    t.boolean('is_bot').notNullable().defaultTo(false);
    t.text('channel').notNullable().defaultTo('whatsapp');
    foreignKey(t, 'queue_id', 'queues', 'SET NULL');
    foreignKey(t, 'user_id', 'users', 'SET NULL');
    foreignKey(t, 'whatsapp_id', 'connections', 'SET NULL', { index: true });
    foreignKey(t, 'contact_id', 'contacts', 'CASCADE', { notNull: true, index: true });
    t.integer('unread_messages').notNullable().defaultTo(0);
    t.text('last_message').notNullable().defaultTo('');
    t.boolean('from_me').notNullable().defaultTo(false); // last message was ours
    t.boolean('use_integration').notNullable().defaultTo(false);
    foreignKey(t, 'integration_id', 'queue_integrations', 'SET NULL');
    foreignKey(t, 'prompt_id', 'prompts', 'SET NULL');
    t.text('protocol');
    t.integer('amount_used_bot_queues').notNullable().defaultTo(0);
    t.integer('amount_used_bot_queues_nps').notNullable().defaultTo(0);
    foreignKey(t, 'chatbot_id', 'chatbots', 'SET NULL'); // current chatbot option (menu position)
    t.boolean('is_out_of_hour').notNullable().defaultTo(false);
    t.boolean('send_inactive_message').notNullable().defaultTo(false);
    timestamptz(t, 'lgpd_send_message_at');
    timestamptz(t, 'lgpd_accepted_at');
    timestamptz(t, 'nps_sent_at'); // rating request sent (status nps)
    timestamptz(t, 'imported_at'); // created by a history import
    timestamptz(t, 'closed_at');
    timestamps(knex, t);
  });
  await knex.raw(
    `alter table tickets add constraint tickets_status_check check (status in (${TICKET_STATUSES.map((s) => `'${s}'`).join(', ')}))`,
  );
  await knex.raw('create index tickets_company_status_updated on tickets (company_id, status, updated_at desc)');
  await knex.raw('create index tickets_company_queue_status on tickets (company_id, queue_id, status)');
  await knex.raw('create index tickets_company_user_status on tickets (company_id, user_id, status)');
  // One active ticket per (contact, connection): concurrent first messages end in one ticket.
  await knex.raw(
    "create unique index tickets_one_active_per_contact on tickets (contact_id, whatsapp_id) where status in ('open', 'pending', 'group')",
  );

  await knex.schema.createTable('ticket_tags', (t) => {
    foreignKey(t, 'ticket_id', 'tickets', 'CASCADE', { notNull: true });
    foreignKey(t, 'tag_id', 'tags', 'CASCADE', { notNull: true, index: true });
    companyId(t);
    timestamps(knex, t);
    t.primary(['ticket_id', 'tag_id']);
  });

  // type: create | chatBot | queue | open | access | transfered | receivedTransfer | closed | ...
  await knex.schema.createTable('ticket_logs', (t) => {
    t.increments('id').primary();
    companyId(t);
    foreignKey(t, 'ticket_id', 'tickets', 'CASCADE', { notNull: true });
    t.text('type').notNullable();
    foreignKey(t, 'user_id', 'users', 'SET NULL', { index: true });
    foreignKey(t, 'queue_id', 'queues', 'SET NULL', { index: true });
    timestamps(knex, t);
    t.index(['ticket_id', 'created_at']);
  });

  await knex.schema.createTable('ticket_notes', (t) => {
    t.increments('id').primary();
    companyId(t);
    t.text('note').notNullable();
    foreignKey(t, 'user_id', 'users', 'SET NULL', { index: true });
    foreignKey(t, 'ticket_id', 'tickets', 'CASCADE', { index: true });
    foreignKey(t, 'contact_id', 'contacts', 'CASCADE', { index: true });
    timestamps(knex, t);
  });

  await knex.schema.createTable('user_ratings', (t) => {
    t.increments('id').primary();
    companyId(t, { index: false });
    foreignKey(t, 'ticket_id', 'tickets', 'CASCADE', { notNull: true, index: true });
    foreignKey(t, 'user_id', 'users', 'SET NULL', { index: true });
    t.integer('rate').notNullable();
    timestamps(knex, t);
    t.index(['company_id', 'created_at']);
  });
  await knex.raw('alter table user_ratings add constraint user_ratings_rate_check check (rate between 1 and 5)');
}

async function down(knex: Knex): Promise<void> {
  await dropTables(knex, ['user_ratings', 'ticket_notes', 'ticket_logs', 'ticket_tags', 'tickets']);
}

export const migration: Migration = { name: '0006_tickets', up, down };
