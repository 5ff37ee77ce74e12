import type { Knex } from 'knex';
import type { Migration } from './index.js';

// The internal chat's top-bar popover asks, on every page, which of the user's chats hold unread messages: a partial
// index keeps that to the few rows with unreads (the list itself joins chat_users by its user_id index).

async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX chat_users_unread_index ON chat_users (user_id, chat_id) WHERE unreads > 0');
}

async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS chat_users_unread_index');
}

export const migration: Migration = { name: '0028_chat_unreads', up, down };
