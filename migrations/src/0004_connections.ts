import type { Knex } from 'knex';
import type { Migration } from './index.js';
import { companyId, dropTables, foreignKey, jsonb, timestamps, timestamptz } from './helpers.js';

// Channel connections (JSON name "whatsapp"; every foreign key to this table is named whatsapp_id),
// their queues, and users.whatsapp_id's foreign key.
// expires_ticket_nps / max_use_bot_queues_nps are the columns of expiresTicketNPS / maxUseBotQueuesNPS
// (snakeCaseMappers reads them back as ...Nps: the model renames them).

async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('connections', (t) => {
    t.increments('id').primary();
    companyId(t, { index: false });
    t.text('name').notNullable();
    t.text('number');
    t.text('status').notNullable().defaultTo('DISCONNECTED'); // CONNECTED | DISCONNECTED | OPENING | qrcode | PAIRING | TIMEOUT
    t.text('channel').notNullable().defaultTo('whatsapp'); // whatsapp | whatsappapi | facebook | instagram | webchat | ...
    t.boolean('is_default').notNullable().defaultTo(false);
    t.text('token'); // external-API token, encrypted at rest
    t.text('token_hash'); // deterministic hash of the token (HMAC), to find the connection of an API call
    t.text('qrcode');
    t.text('greeting_message');
    t.text('complation_message');
    t.text('out_of_hours_message');
    t.text('rating_message');
    t.integer('max_use_bot_queues').notNullable().defaultTo(3);
    t.text('provider').notNullable().defaultTo('beta');
    t.integer('expires_ticket').notNullable().defaultTo(0);
    t.boolean('allow_group').notNullable().defaultTo(false);
    t.text('group_as_ticket').notNullable().defaultTo('disabled'); // disabled | enabled
    t.integer('time_use_bot_queues').notNullable().defaultTo(0);
    t.integer('time_send_queue').notNullable().defaultTo(0); // minutes; 0 = disabled
    foreignKey(t, 'send_id_queue', 'queues', 'SET NULL', { index: true });
    t.integer('expires_ticket_nps').notNullable().defaultTo(0);
    t.text('expires_inactive_message');
    t.integer('time_inactive_message').notNullable().defaultTo(0);
    t.text('inactive_message');
    t.integer('max_use_bot_queues_nps').notNullable().defaultTo(3);
    t.integer('when_expires_ticket').notNullable().defaultTo(0); // 0 | 1
    t.integer('time_create_new_ticket').notNullable().defaultTo(0);
    t.text('greeting_media_attachment');
    timestamptz(t, 'import_old_messages');
    timestamptz(t, 'import_recent_messages');
    t.boolean('import_old_messages_groups').notNullable().defaultTo(false);
    t.boolean('closed_tickets_post_imported').notNullable().defaultTo(false);
    foreignKey(t, 'integration_id', 'queue_integrations', 'SET NULL', { index: true });
    t.text('wavoip'); // call token, shown to agents (not a secret of ours)
    foreignKey(t, 'prompt_id', 'prompts', 'SET NULL', { index: true });
    jsonb(knex, t, 'schedules', '[]'); // service-hours entries
    t.text('status_import_messages');
    t.integer('retries').notNullable().defaultTo(0);
    jsonb(knex, t, 'settings', '{}'); // channel plugin settings (page ids, tokens...); secret fields encrypted
    timestamps(knex, t);
    t.unique(['company_id', 'name']);
    t.index(['company_id', 'status']);
  });
  // At most one default connection per company.
  await knex.raw('create unique index connections_company_default_unique on connections (company_id) where is_default');
  await knex.raw('create unique index connections_token_hash_unique on connections (token_hash) where token_hash is not null');

  await knex.schema.createTable('connection_queues', (t) => {
    foreignKey(t, 'whatsapp_id', 'connections', 'CASCADE', { notNull: true });
    foreignKey(t, 'queue_id', 'queues', 'CASCADE', { notNull: true, index: true });
    companyId(t);
    timestamps(knex, t);
    t.primary(['whatsapp_id', 'queue_id']);
  });

  await knex.schema.alterTable('users', (t) => {
    t.foreign('whatsapp_id').references('id').inTable('connections').onDelete('SET NULL');
    t.index(['whatsapp_id']);
  });
}

async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropForeign(['whatsapp_id']);
    t.dropIndex(['whatsapp_id']);
  });
  await dropTables(knex, ['connection_queues', 'connections']);
}

export const migration: Migration = { name: '0004_connections', up, down };
