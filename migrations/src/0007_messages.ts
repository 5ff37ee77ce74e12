import type { Knex } from 'knex';
import type { Migration } from './index.js';
import { companyId, dropTables, foreignKey, timestamps, timestamptz } from './helpers.js';

// Ticket messages. Idempotent ingest: unique (whatsapp_id, external_id); messages we create before the
// channel answers, and private notes, have external_id null (nulls never collide).
// A reaction is a message with media_type 'reactionMessage', body the emoji, quoted_msg_id the target.

async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('messages', (t) => {
    t.increments('id').primary();
    companyId(t);
    foreignKey(t, 'ticket_id', 'tickets', 'CASCADE', { notNull: true });
    foreignKey(t, 'contact_id', 'contacts', 'SET NULL', { index: true }); // sender (in groups: the participant's contact)
    foreignKey(t, 'whatsapp_id', 'connections', 'SET NULL');
    foreignKey(t, 'queue_id', 'queues', 'SET NULL');
    foreignKey(t, 'user_id', 'users', 'SET NULL'); // agent who sent it
    t.text('external_id'); // the channel's message id
    t.text('body').notNullable().defaultTo('');
    t.boolean('from_me').notNullable().defaultTo(false);
    t.boolean('read').notNullable().defaultTo(false);
    t.text('media_type'); // image | audio | video | application | locationMessage | contactMessage | reactionMessage | call_log | ...
    t.text('media_url');
    foreignKey(t, 'quoted_msg_id', 'messages', 'SET NULL', { index: true });
    t.boolean('is_private').notNullable().defaultTo(false);
    t.boolean('is_deleted').notNullable().defaultTo(false);
    t.boolean('is_edited').notNullable().defaultTo(false);
    t.boolean('is_forwarded').notNullable().defaultTo(false);
    t.text('v_card'); // JSON vCard
    t.integer('ack').notNullable().defaultTo(0); // 0..4
    t.text('participant'); // group sender id on the channel
    t.jsonb('data'); // raw channel payload (needed to quote, react, download media)
    timestamptz(t, 'edited_at');
    timestamps(knex, t);
    t.index(['ticket_id', 'created_at']);
    t.unique(['whatsapp_id', 'external_id']);
  });
  await knex.raw('create index messages_body_trgm on messages using gin (body gin_trgm_ops)');
}

async function down(knex: Knex): Promise<void> {
  await dropTables(knex, ['messages']);
}

export const migration: Migration = { name: '0007_messages', up, down };
