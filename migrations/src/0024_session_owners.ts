import type { Knex } from 'knex';
import type { Migration } from './index.js';
import { dropTables } from './helpers.js';

// Which node runs each connection's channel session, with its heartbeat: the database fences the Redis session lock,
// so a session never runs on two nodes, also when Redis comes back empty and another node wins the freed lock.

async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('session_owners', (t) => {
    t.integer('connection_id').primary().references('id').inTable('connections').onDelete('CASCADE');
    t.string('node_id', 64).notNullable();
    t.timestamp('heartbeat_at', { useTz: true }).notNullable();
  });
}

async function down(knex: Knex): Promise<void> {
  await dropTables(knex, ['session_owners']);
}

export const migration: Migration = { name: '0024_session_owners', up, down };
