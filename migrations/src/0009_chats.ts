import type { Knex } from 'knex';
import type { Migration } from './index.js';
import { companyId, dropTables, foreignKey, timestamps } from './helpers.js';

// Internal staff chat (spec 3 "Chat", "Chat message").

async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('chats', (t) => {
    t.increments('id').primary();
    companyId(t, { index: false });
    t.uuid('uuid').notNullable().unique().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('title').notNullable().defaultTo('');
    foreignKey(t, 'owner_id', 'users', 'SET NULL', { index: true });
    t.text('last_message');
    timestamps(knex, t);
    t.index(['company_id', 'updated_at']);
  });

  await knex.schema.createTable('chat_users', (t) => {
    foreignKey(t, 'chat_id', 'chats', 'CASCADE', { notNull: true });
    foreignKey(t, 'user_id', 'users', 'CASCADE', { notNull: true, index: true });
    companyId(t);
    t.integer('unreads').notNullable().defaultTo(0);
    timestamps(knex, t);
    t.primary(['chat_id', 'user_id']);
  });

  await knex.schema.createTable('chat_messages', (t) => {
    t.increments('id').primary();
    companyId(t);
    foreignKey(t, 'chat_id', 'chats', 'CASCADE', { notNull: true });
    foreignKey(t, 'sender_id', 'users', 'SET NULL', { index: true });
    t.text('message').notNullable().defaultTo('');
    t.text('media_path');
    t.text('media_name');
    t.text('media_type');
    timestamps(knex, t);
    t.index(['chat_id', 'created_at']);
  });
}

async function down(knex: Knex): Promise<void> {
  await dropTables(knex, ['chat_messages', 'chat_users', 'chats']);
}

export const migration: Migration = { name: '0009_chats', up, down };
