import type { Knex } from 'knex';
import type { Migration } from './index.js';
import { companyId, dropTables, foreignKey, jsonb, timestamps } from './helpers.js';

// Queues and what a queue points at: queue integrations, file lists, AI prompts, chatbot options,
// and the users of each queue. queues.prompt_id and prompts.queue_id reference each other: the
// queues -> prompts key is added once prompts exists.

async function up(knex: Knex): Promise<void> {
  // spec 3 §3 "Queue integration". json_content holds credentials (Dialogflow key file): it is text,
  // encrypted at rest, not jsonb. url_n8_n is what snakeCaseMappers makes of urlN8N (and reads back as urlN8N).
  await knex.schema.createTable('queue_integrations', (t) => {
    t.increments('id').primary();
    companyId(t, { index: false });
    t.text('type').notNullable(); // dialogflow | n8n | webhook | typebot | openai | a plugin's type
    t.text('name').notNullable();
    t.text('project_name');
    t.text('json_content'); // encrypted
    t.text('language');
    t.text('url_n8_n');
    t.text('typebot_slug');
    t.integer('typebot_expires').notNullable().defaultTo(1);
    t.integer('typebot_delay_message').notNullable().defaultTo(1000);
    t.text('typebot_keyword_finish');
    t.text('typebot_keyword_restart');
    t.text('typebot_unknown_message');
    t.text('typebot_restart_message');
    jsonb(knex, t, 'settings', '{}'); // plugin-declared settings; secret fields stored encrypted
    timestamps(knex, t);
    t.index(['company_id', 'name']);
  });

  // File lists (spec 3 "File list" / "File option").
  await knex.schema.createTable('files', (t) => {
    t.increments('id').primary();
    companyId(t, { index: false });
    t.text('name').notNullable();
    t.text('message');
    foreignKey(t, 'user_id', 'users', 'SET NULL', { index: true });
    timestamps(knex, t);
    t.index(['company_id', 'name']);
  });

  await knex.schema.createTable('file_options', (t) => {
    t.increments('id').primary();
    companyId(t);
    foreignKey(t, 'file_id', 'files', 'CASCADE', { notNull: true, index: true });
    t.text('name');
    t.text('path');
    t.text('media_type');
    timestamps(knex, t);
  });

  // spec 2 §3 "Queue".
  await knex.schema.createTable('queues', (t) => {
    t.increments('id').primary();
    companyId(t, { index: false });
    t.text('name').notNullable();
    t.text('color').notNullable();
    t.text('greeting_message');
    t.text('out_of_hours_message');
    t.integer('order_queue');
    t.boolean('ativar_roteador').notNullable().defaultTo(false);
    t.integer('tempo_roteador').notNullable().defaultTo(0); // minutes; 0 = unset
    foreignKey(t, 'integration_id', 'queue_integrations', 'SET NULL', { index: true });
    foreignKey(t, 'file_list_id', 'files', 'SET NULL', { index: true });
    t.integer('prompt_id').nullable(); // fk prompts, below
    t.boolean('close_ticket').notNullable().defaultTo(false);
    jsonb(knex, t, 'schedules', '[]'); // service-hours entries
    timestamps(knex, t);
    t.unique(['company_id', 'name']);
    t.unique(['company_id', 'color']);
  });

  // spec 3 §3 "Prompt". api_key encrypted at rest.
  await knex.schema.createTable('prompts', (t) => {
    t.increments('id').primary();
    companyId(t, { index: false });
    t.text('name').notNullable();
    t.text('prompt').notNullable();
    t.text('voice').notNullable().defaultTo('texto');
    t.text('voice_key');
    t.text('voice_region');
    t.integer('max_tokens').notNullable().defaultTo(100);
    t.double('temperature').notNullable().defaultTo(1);
    t.text('api_key'); // encrypted
    foreignKey(t, 'queue_id', 'queues', 'SET NULL', { index: true });
    t.integer('max_messages').notNullable().defaultTo(10);
    timestamps(knex, t);
    t.index(['company_id', 'name']);
  });
  await knex.schema.alterTable('queues', (t) => {
    t.foreign('prompt_id').references('id').inTable('prompts').onDelete('SET NULL');
    t.index(['prompt_id']);
  });

  await knex.schema.createTable('user_queues', (t) => {
    foreignKey(t, 'user_id', 'users', 'CASCADE', { notNull: true });
    foreignKey(t, 'queue_id', 'queues', 'CASCADE', { notNull: true, index: true });
    companyId(t);
    timestamps(knex, t);
    t.primary(['user_id', 'queue_id']);
  });

  // spec 2 §3 "Chatbot option": a tree. Top-level options have queue_id; nested ones chatbot_id (parent).
  await knex.schema.createTable('chatbots', (t) => {
    t.increments('id').primary();
    companyId(t);
    t.text('name').notNullable();
    foreignKey(t, 'queue_id', 'queues', 'CASCADE', { index: true });
    foreignKey(t, 'chatbot_id', 'chatbots', 'CASCADE', { index: true });
    t.text('greeting_message');
    t.text('queue_type').notNullable().defaultTo('text'); // text | attendent | queue | integration | file
    foreignKey(t, 'opt_queue_id', 'queues', 'SET NULL', { index: true });
    foreignKey(t, 'opt_user_id', 'users', 'SET NULL', { index: true });
    foreignKey(t, 'opt_integration_id', 'queue_integrations', 'SET NULL', { index: true });
    foreignKey(t, 'opt_file_id', 'files', 'SET NULL', { index: true });
    t.boolean('close_ticket').notNullable().defaultTo(false);
    timestamps(knex, t);
  });
}

async function down(knex: Knex): Promise<void> {
  await dropTables(knex, ['chatbots', 'user_queues']);
  await knex.schema.alterTable('queues', (t) => {
    t.dropForeign(['prompt_id']);
  });
  await dropTables(knex, ['prompts', 'queues', 'file_options', 'files', 'queue_integrations']);
}

export const migration: Migration = { name: '0003_queues', up, down };
