import type { Knex } from 'knex';
import type { Migration } from './index.js';

// The on-call notifier (core on-call module) keeps, on each entry, when its person was last told how many tickets
// wait: a sweeper claims an entry again only `interval` minutes later, atomically, so a restart loses nothing and two
// nodes never notify twice for one slot.

async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('on_call_entries', (t) => {
    t.timestamp('last_notified_at', { useTz: true }).nullable();
  });
}

async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('on_call_entries', (t) => {
    t.dropColumn('last_notified_at');
  });
}

export const migration: Migration = { name: '0027_on_call_notices', up, down };
