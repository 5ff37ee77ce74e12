import type { Knex } from 'knex';
import type { Migration } from './index.js';
import { companyId, dropTables, foreignKey, timestamps, timestamptz } from './helpers.js';

// Contacts, their extra info (JSON extraInfo), tags and contact tags.

async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('contacts', (t) => {
    t.increments('id').primary();
    companyId(t, { index: false });
    t.text('name').notNullable();
    t.text('number').notNullable(); // phone number, group id, or the channel's user id (PSID...)
    t.text('email').notNullable().defaultTo('');
    t.text('url_picture');
    t.text('profile_pic_url');
    t.boolean('active').notNullable().defaultTo(true); // false = blocked
    t.text('channel').notNullable().defaultTo('whatsapp');
    t.boolean('is_group').notNullable().defaultTo(false);
    t.boolean('disable_bot').notNullable().defaultTo(false);
    t.boolean('accept_audio_message').notNullable().defaultTo(true);
    timestamptz(t, 'lgpd_accepted_at');
    foreignKey(t, 'whatsapp_id', 'connections', 'SET NULL', { index: true }); // connection it was last seen on
    timestamps(knex, t);
    // One contact per number per channel within a company (a group id and a phone never collide by channel).
    t.unique(['company_id', 'channel', 'number']);
    t.index(['company_id', 'name']);
  });
  await knex.raw('create index contacts_name_trgm on contacts using gin (name gin_trgm_ops)');
  await knex.raw('create index contacts_number_trgm on contacts using gin (number gin_trgm_ops)');

  // JSON: contact.extraInfo [{id, name, value}].
  await knex.schema.createTable('contact_custom_fields', (t) => {
    t.increments('id').primary();
    companyId(t);
    foreignKey(t, 'contact_id', 'contacts', 'CASCADE', { notNull: true, index: true });
    t.text('name').notNullable();
    t.text('value').notNullable().defaultTo('');
    timestamps(knex, t);
  });

  await knex.schema.createTable('tags', (t) => {
    t.increments('id').primary();
    companyId(t, { index: false });
    t.text('name').notNullable();
    t.text('color');
    t.integer('kanban').notNullable().defaultTo(0); // 1 = a kanban lane
    foreignKey(t, 'user_id', 'users', 'SET NULL', { index: true });
    timestamps(knex, t);
    t.index(['company_id', 'kanban', 'name']);
  });

  await knex.schema.createTable('contact_tags', (t) => {
    foreignKey(t, 'contact_id', 'contacts', 'CASCADE', { notNull: true });
    foreignKey(t, 'tag_id', 'tags', 'CASCADE', { notNull: true, index: true });
    companyId(t);
    timestamps(knex, t);
    t.primary(['contact_id', 'tag_id']);
  });
}

async function down(knex: Knex): Promise<void> {
  await dropTables(knex, ['contact_tags', 'tags', 'contact_custom_fields', 'contacts']);
}

export const migration: Migration = { name: '0005_contacts', up, down };
