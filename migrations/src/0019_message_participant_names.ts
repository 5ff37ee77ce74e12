import type { Knex } from 'knex';
import type { Migration } from './index.js';

// The name a group participant shows on the channel, kept with each of their messages so a group conversation
// names its senders (the participant column holds only their address).

async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('messages', (t) => {
    t.text('participant_name');
  });
}

async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('messages', (t) => {
    t.dropColumn('participant_name');
  });
}

export const migration: Migration = { name: '0019_message_participant_names', up, down };
