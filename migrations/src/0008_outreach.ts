import type { Knex } from 'knex';
import type { Migration } from './index.js';
import { companyId, dropTables, foreignKey, jsonb, timestamps, timestamptz } from './helpers.js';

// Quick messages, scheduled messages, contact lists, campaigns and their shipping rows, campaign
// settings, announcements. The database is the source of truth for due work: the sweepers read
// schedules (status, send_at) and campaign_shippings (send_at where delivered_at is null).

async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('quick_messages', (t) => {
    t.increments('id').primary();
    companyId(t, { index: false });
    t.text('shortcode').notNullable();
    t.text('message');
    t.boolean('geral').notNullable().defaultTo(false); // company-wide
    t.text('status').notNullable().defaultTo('active');
    t.boolean('is_category').notNullable().defaultTo(false);
    foreignKey(t, 'category_id', 'quick_messages', 'SET NULL', { index: true });
    t.boolean('is_media').notNullable().defaultTo(false);
    t.text('media_path');
    t.text('media_name');
    foreignKey(t, 'user_id', 'users', 'SET NULL', { index: true }); // owner
    timestamps(knex, t);
    t.index(['company_id', 'shortcode']);
  });

  // status: PENDENTE (default, waiting) | AGENDADA (enqueued) | ENVIADA (sent) | ERRO — the reference
  // product's Portuguese upper-case values; the list shows them capitalised.
  await knex.schema.createTable('schedules', (t) => {
    t.increments('id').primary();
    companyId(t);
    t.text('body').notNullable();
    t.timestamp('send_at', { useTz: true }).notNullable();
    timestamptz(t, 'sent_at');
    t.text('status').notNullable().defaultTo('PENDENTE');
    foreignKey(t, 'contact_id', 'contacts', 'CASCADE', { notNull: true, index: true });
    foreignKey(t, 'ticket_id', 'tickets', 'SET NULL', { index: true });
    foreignKey(t, 'user_id', 'users', 'SET NULL', { index: true });
    foreignKey(t, 'whatsapp_id', 'connections', 'SET NULL', { index: true });
    foreignKey(t, 'queue_id', 'queues', 'SET NULL', { index: true });
    t.text('media_path');
    t.text('media_name');
    t.integer('attempts').notNullable().defaultTo(0);
    t.text('last_error');
    timestamps(knex, t);
  });
  await knex.raw('create index schedules_due on schedules (send_at) where sent_at is null');

  await knex.schema.createTable('contact_lists', (t) => {
    t.increments('id').primary();
    companyId(t, { index: false });
    t.text('name').notNullable();
    timestamps(knex, t);
    t.index(['company_id', 'name']);
  });

  await knex.schema.createTable('contact_list_items', (t) => {
    t.increments('id').primary();
    companyId(t);
    foreignKey(t, 'contact_list_id', 'contact_lists', 'CASCADE', { notNull: true });
    t.text('name').notNullable();
    t.text('number').notNullable();
    t.text('email').notNullable().defaultTo('');
    t.boolean('is_whatsapp_valid').notNullable().defaultTo(false);
    timestamps(knex, t);
    t.index(['contact_list_id', 'name']);
  });

  // spec 3 §3 "Campaign". The API's whatsappId is a comma-joined list of connection ids: whatsapp_ids
  // holds them all (jsonb array of numbers), whatsapp_id the first (the connection shown, a real key).
  // tagListId 'Nenhuma' (none) is stored as tag_list_id null.
  await knex.schema.createTable('campaigns', (t) => {
    t.increments('id').primary();
    companyId(t, { index: false });
    t.text('name').notNullable();
    for (let i = 1; i <= 5; i += 1) t.text(`message${i}`);
    for (let i = 1; i <= 5; i += 1) t.text(`confirmation_message${i}`);
    t.text('status').notNullable().defaultTo('INATIVA'); // INATIVA | PROGRAMADA | EM_ANDAMENTO | CANCELADA | FINALIZADA
    t.boolean('confirmation').notNullable().defaultTo(false);
    timestamptz(t, 'scheduled_at');
    timestamptz(t, 'completed_at');
    foreignKey(t, 'contact_list_id', 'contact_lists', 'SET NULL', { index: true });
    foreignKey(t, 'tag_list_id', 'tags', 'SET NULL', { index: true });
    foreignKey(t, 'whatsapp_id', 'connections', 'SET NULL', { index: true });
    jsonb(knex, t, 'whatsapp_ids', '[]');
    foreignKey(t, 'file_list_id', 'files', 'SET NULL', { index: true });
    t.text('media_path');
    t.text('media_name');
    timestamps(knex, t);
    t.index(['company_id', 'status']);
  });
  await knex.raw("create index campaigns_scheduled on campaigns (scheduled_at) where status = 'PROGRAMADA'");

  await knex.schema.createTable('campaign_shippings', (t) => {
    t.increments('id').primary();
    companyId(t);
    foreignKey(t, 'campaign_id', 'campaigns', 'CASCADE', { notNull: true });
    foreignKey(t, 'contact_list_item_id', 'contact_list_items', 'SET NULL', { index: true });
    foreignKey(t, 'contact_id', 'contacts', 'SET NULL', { index: true });
    foreignKey(t, 'whatsapp_id', 'connections', 'SET NULL', { index: true }); // connection that sends it
    t.text('number').notNullable();
    t.text('message');
    t.text('confirmation_message');
    t.boolean('confirmation').notNullable().defaultTo(false);
    timestamptz(t, 'send_at'); // when it is due (intervals applied)
    timestamptz(t, 'confirmation_requested_at');
    timestamptz(t, 'confirmed_at');
    timestamptz(t, 'delivered_at');
    t.text('job_id');
    t.integer('attempts').notNullable().defaultTo(0);
    t.text('last_error');
    timestamps(knex, t);
    t.unique(['campaign_id', 'number']);
  });
  await knex.raw('create index campaign_shippings_due on campaign_shippings (send_at) where delivered_at is null');

  // messageInterval, longerIntervalAfter, greaterInterval, variables: key/value, value JSON.
  await knex.schema.createTable('campaign_settings', (t) => {
    t.increments('id').primary();
    companyId(t, { index: false });
    t.text('key').notNullable();
    t.jsonb('value');
    timestamps(knex, t);
    t.unique(['company_id', 'key']);
  });

  // Announcements are published by the super-admin company (company_id 1) to all.
  await knex.schema.createTable('announcements', (t) => {
    t.increments('id').primary();
    companyId(t);
    t.text('title').notNullable();
    t.text('text').notNullable();
    t.integer('priority').notNullable().defaultTo(3); // 1 high, 2 medium, 3 low
    t.boolean('status').notNullable().defaultTo(true);
    t.text('media_path');
    t.text('media_name');
    timestamps(knex, t);
  });
}

async function down(knex: Knex): Promise<void> {
  await dropTables(knex, [
    'announcements',
    'campaign_settings',
    'campaign_shippings',
    'campaigns',
    'contact_list_items',
    'contact_lists',
    'schedules',
    'quick_messages',
  ]);
}

export const migration: Migration = { name: '0008_outreach', up, down };
