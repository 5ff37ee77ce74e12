import type { Knex } from 'knex';
import type { Migration } from './index.js';
import { companyId, dropTables, enabledOption, jsonb, timestamps, timestamptz } from './helpers.js';

// Platform and tenant roots: plans, companies, and the per-company settings, invoices and help entries.

async function up(knex: Knex): Promise<void> {
  // Trigram search (contacts.name / number, messages.body). PGlite ships it loaded; on PostgreSQL it is contrib.
  await knex.raw('create extension if not exists pg_trgm');

  // Platform-wide: no company_id.
  await knex.schema.createTable('plans', (t) => {
    t.increments('id').primary();
    t.text('name').notNullable().unique();
    t.integer('users').notNullable().defaultTo(0);
    t.integer('connections').notNullable().defaultTo(0);
    t.integer('queues').notNullable().defaultTo(0);
    t.decimal('amount', 12, 2).notNullable().defaultTo(0);
    for (const flag of [
      'use_whatsapp',
      'use_facebook',
      'use_instagram',
      'use_campaigns',
      'use_schedules',
      'use_internal_chat',
      'use_external_api',
      'use_kanban',
      'use_open_ai',
      'use_integrations',
    ]) {
      t.boolean(flag).notNullable().defaultTo(true);
    }
    t.boolean('is_public').notNullable().defaultTo(true);
    t.text('recurrence').notNullable().defaultTo('MENSAL');
    timestamps(knex, t);
  });

  await knex.schema.createTable('companies', (t) => {
    t.increments('id').primary();
    t.text('name').notNullable().unique();
    t.text('email');
    t.text('phone');
    // Nullable so that a company row can exist before its plan is chosen; a plan in use cannot be deleted.
    t.integer('plan_id').nullable().references('id').inTable('plans').onDelete('RESTRICT');
    t.index(['plan_id']);
    t.boolean('status').notNullable().defaultTo(true);
    timestamptz(t, 'due_date');
    t.text('recurrence').notNullable().defaultTo('MENSAL');
    t.text('document');
    t.text('payment_method');
    timestamptz(t, 'last_login');
    t.text('address_street');
    t.text('address_state');
    t.text('address_city');
    jsonb(knex, t, 'schedules', '[]');
    t.text('timezone').notNullable().defaultTo('America/Sao_Paulo');
    timestamps(knex, t);
  });

  // Help entries are platform content, owned by the super-admin company (1).
  await knex.schema.createTable('helps', (t) => {
    t.increments('id').primary();
    companyId(t);
    t.text('title').notNullable();
    t.text('video');
    t.text('description');
    timestamps(knex, t);
  });

  await knex.schema.createTable('invoices', (t) => {
    t.increments('id').primary();
    companyId(t, { index: false });
    t.text('detail');
    t.integer('users').notNullable().defaultTo(0);
    t.integer('connections').notNullable().defaultTo(0);
    t.integer('queues').notNullable().defaultTo(0);
    t.decimal('value', 12, 2).notNullable().defaultTo(0);
    timestamptz(t, 'due_date');
    t.text('status').notNullable().defaultTo('open'); // 'paid' or another value (open)
    t.text('txid'); // payment-provider transaction id (Pix)
    t.jsonb('payload'); // provider response (Pix code, amounts)
    timestamps(knex, t);
    t.index(['company_id', 'due_date']);
    t.index(['txid']);
  });

  // Key/value settings (userCreation lives here).
  await knex.schema.createTable('settings', (t) => {
    t.increments('id').primary();
    companyId(t, { index: false });
    t.text('key').notNullable();
    t.text('value');
    timestamps(knex, t);
    t.unique(['company_id', 'key']);
  });

  // One row per company; one column per option of spec 2 §3 "Company setting options" (except userCreation).
  // Defaults (from the reference product's company creation):
  //   enabled:  accept_call_whatsapp, user_random, send_greeting_message_one_queues, send_sign_message,
  //             send_greeting_accepted, accept_audio_message_contact
  //   disabled: everything else on/off (user_rating, send_farewell_waiting_ticket, send_message_out_expedient_ticket_open,
  //             send_queue_position, enable_lgpd, required_tag, send_msg_transf_ticket, lgpd_delete_message,
  //             lgpd_hide_number, lgpd_consent); schedule_type 'disabled' (disabled|queue|company|connection);
  //   chat_bot_type 'text'; lgpd_message and lgpd_link ''; asaas null.
  // Note: enable_lgpd is the column of spec key enableLGPD (snakeCaseMappers reads it back as enableLgpd).
  await knex.schema.createTable('company_settings', (t) => {
    t.increments('id').primary();
    t.integer('company_id').notNullable().unique().references('id').inTable('companies').onDelete('CASCADE');
    enabledOption(t, 'user_rating', 'disabled');
    t.text('schedule_type').notNullable().defaultTo('disabled');
    t.text('chat_bot_type').notNullable().defaultTo('text');
    enabledOption(t, 'accept_call_whatsapp', 'enabled');
    enabledOption(t, 'user_random', 'enabled');
    enabledOption(t, 'send_greeting_message_one_queues', 'enabled');
    enabledOption(t, 'send_sign_message', 'enabled');
    enabledOption(t, 'send_farewell_waiting_ticket', 'disabled');
    enabledOption(t, 'send_greeting_accepted', 'enabled');
    enabledOption(t, 'send_message_out_expedient_ticket_open', 'disabled');
    enabledOption(t, 'send_queue_position', 'disabled');
    enabledOption(t, 'accept_audio_message_contact', 'enabled');
    enabledOption(t, 'enable_lgpd', 'disabled');
    enabledOption(t, 'required_tag', 'disabled');
    enabledOption(t, 'send_msg_transf_ticket', 'disabled');
    enabledOption(t, 'lgpd_delete_message', 'disabled');
    enabledOption(t, 'lgpd_hide_number', 'disabled');
    enabledOption(t, 'lgpd_consent', 'disabled');
    t.text('lgpd_message').notNullable().defaultTo('');
    t.text('lgpd_link').notNullable().defaultTo('');
    t.text('asaas'); // payment-provider token, encrypted at rest
    timestamps(knex, t);
  });
}

async function down(knex: Knex): Promise<void> {
  await dropTables(knex, ['company_settings', 'settings', 'invoices', 'helps', 'companies', 'plans']);
  // pg_trgm is left installed: it may predate this migration and other objects may use it.
}

export const migration: Migration = { name: '0001_companies', up, down };
