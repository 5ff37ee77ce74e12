import type { Knex } from 'knex';
import type { Migration } from './index.js';
import { companyId, dropTables, foreignKey, jsonb, timestamps, timestamptz } from './helpers.js';

// Pending conversation timers (queue rotation, auto-transfer, inactivity, rating expiry, bot menu expiry...):
// one row per (ticket, kind), swept by every node, so a restart or a lost Redis loses none (DESIGN §2).

async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('conversation_timers', (t) => {
    t.increments('id').primary();
    companyId(t, { index: false });
    foreignKey(t, 'ticket_id', 'tickets', 'CASCADE', { notNull: true });
    t.text('kind').notNullable();
    timestamptz(t, 'due_at').notNullable();
    jsonb(knex, t, 'payload', '{}');
    timestamptz(t, 'claimed_at'); // set by the sweeper that runs it; a claim older than the timeout is taken again
    t.integer('attempts').notNullable().defaultTo(0);
    timestamps(knex, t);
    t.unique(['ticket_id', 'kind']);
    t.index(['due_at']);
  });
}

async function down(knex: Knex): Promise<void> {
  await dropTables(knex, ['conversation_timers']);
}

export const migration: Migration = { name: '0013_conversation_timers', up, down };
