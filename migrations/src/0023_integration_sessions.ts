import type { Knex } from 'knex';
import type { Migration } from './index.js';
import { companyId, dropTables, foreignKey, jsonb, timestamps } from './helpers.js';

// What an integration keeps between the messages of a ticket (a Typebot session id, when it expires): one row per
// ticket, so a restart of the server keeps the bot's session. Forgotten when the bot stops. Prompts get a settings
// column like queue integrations: what the AI plugin declares beyond the spec's fields (the hand-off phrase).

async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('integration_sessions', (t) => {
    t.increments('id').primary();
    companyId(t, { index: false });
    foreignKey(t, 'ticket_id', 'tickets', 'CASCADE', { notNull: true });
    jsonb(knex, t, 'state', '{}');
    timestamps(knex, t);
    t.unique(['ticket_id']);
  });
  await knex.schema.alterTable('prompts', (t) => {
    jsonb(knex, t, 'settings', '{}');
  });
}

async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('prompts', (t) => {
    t.dropColumn('settings');
  });
  await dropTables(knex, ['integration_sessions']);
}

export const migration: Migration = { name: '0023_integration_sessions', up, down };
