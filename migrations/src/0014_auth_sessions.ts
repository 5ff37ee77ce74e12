import type { Knex } from 'knex';
import type { Migration } from './index.js';
import { companyId, dropTables, foreignKey, timestamps, timestamptz } from './helpers.js';

// One row per sign-in (a refresh-token family). Each refresh replaces current_token; a refresh token that is not
// the current one was used before (stolen or replayed), and its use ends the whole family (ended_at).

async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('auth_sessions', (t) => {
    t.uuid('id').primary();
    companyId(t);
    foreignKey(t, 'user_id', 'users', 'CASCADE', { notNull: true, index: true });
    t.uuid('current_token').notNullable();
    timestamptz(t, 'ended_at');
    t.text('end_reason');
    timestamps(knex, t);
  });
}

async function down(knex: Knex): Promise<void> {
  await dropTables(knex, ['auth_sessions']);
}

export const migration: Migration = { name: '0014_auth_sessions', up, down };
