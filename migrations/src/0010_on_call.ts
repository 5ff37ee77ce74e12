import type { Knex } from 'knex';
import type { Migration } from './index.js';
import { companyId, dropTables, foreignKey, jsonb, timestamps } from './helpers.js';

// On-call (plantao) entries: days is seven {weekday, weekdayEn, startTime, endTime}.

async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('on_call_entries', (t) => {
    t.increments('id').primary();
    companyId(t);
    foreignKey(t, 'user_id', 'users', 'CASCADE', { notNull: true, index: true });
    t.text('phone').notNullable();
    t.integer('interval').notNullable().defaultTo(1);
    jsonb(knex, t, 'days', '[]');
    timestamps(knex, t);
  });
}

async function down(knex: Knex): Promise<void> {
  await dropTables(knex, ['on_call_entries']);
}

export const migration: Migration = { name: '0010_on_call', up, down };
