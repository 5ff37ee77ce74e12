import type { Knex } from 'knex';
import type { Migration } from './index.js';
import { companyId, dropTables, foreignKey, timestamps, timestamptz } from './helpers.js';

// Users and password-recovery codes. users.whatsapp_id gets its foreign key in 0004_connections
// (users and connections reference each other).

async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.increments('id').primary();
    companyId(t, { index: false });
    t.text('name').notNullable();
    t.text('email').notNullable();
    t.text('password_hash').notNullable();
    t.integer('token_version').notNullable().defaultTo(0);
    t.text('profile').notNullable().defaultTo('user'); // admin | user | supervisor
    t.boolean('super').notNullable().defaultTo(false);
    t.text('start_work').notNullable().defaultTo('00:00');
    t.text('end_work').notNullable().defaultTo('23:59');
    t.text('farewell_message');
    t.text('all_ticket').notNullable().defaultTo('disable'); // enable | disable
    t.boolean('allow_group').notNullable().defaultTo(false);
    t.text('default_theme').notNullable().defaultTo('light');
    t.text('default_menu').notNullable().defaultTo('closed');
    t.text('wpp');
    t.integer('whatsapp_id').nullable(); // fk connections(id) on delete set null, added in 0004
    t.text('profile_image');
    t.text('color'); // shown as ticket.user.color
    t.text('show_dashboard').notNullable().defaultTo('disabled');
    t.text('allow_real_time').notNullable().defaultTo('disabled');
    t.text('allow_connections').notNullable().defaultTo('disabled');
    t.boolean('online').notNullable().defaultTo(false);
    t.text('language');
    timestamptz(t, 'last_login');
    timestamps(knex, t);
    t.index(['company_id', 'name']);
  });
  // Login is by e-mail across all companies.
  await knex.raw('create unique index users_email_lower_unique on users (lower(email))');
  await knex.raw("alter table users add constraint users_profile_check check (profile in ('admin', 'user', 'supervisor'))");

  await knex.schema.createTable('password_recovery_codes', (t) => {
    t.increments('id').primary();
    companyId(t);
    foreignKey(t, 'user_id', 'users', 'CASCADE', { notNull: true });
    t.text('code_hash').notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.integer('attempts').notNullable().defaultTo(0);
    timestamptz(t, 'consumed_at');
    timestamps(knex, t);
    t.index(['user_id', 'created_at']);
  });
}

async function down(knex: Knex): Promise<void> {
  await dropTables(knex, ['password_recovery_codes', 'users']);
}

export const migration: Migration = { name: '0002_users', up, down };
