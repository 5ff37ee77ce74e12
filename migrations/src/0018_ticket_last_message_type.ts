import type { Knex } from 'knex';
import type { Migration } from './index.js';

// The ticket card names a location or a contact card by the last message's type (spec 1 §2), so the ticket keeps
// that type beside the last message's text. Existing tickets take it from their newest message.

async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tickets', (t) => {
    t.text('last_message_type');
  });
  await knex.raw(`
    update tickets t set last_message_type = m.media_type
      from (select distinct on (ticket_id) ticket_id, media_type from messages
             where not is_private and media_type is distinct from 'reactionMessage'
             order by ticket_id, created_at desc, id desc) m
     where m.ticket_id = t.id`);
}

async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tickets', (t) => {
    t.dropColumn('last_message_type');
  });
}

export const migration: Migration = { name: '0018_ticket_last_message_type', up, down };
