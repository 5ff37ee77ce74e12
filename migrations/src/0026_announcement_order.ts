import type { Knex } from 'knex';
import type { Migration } from './index.js';

// Announcements are read in one order, on the super user's page and in every user's popover: highest priority first
// (1 Alta), then newest. An index in that order gives a page, or the popover's first active ones, without a sort.

async function up(knex: Knex): Promise<void> {
  await knex.raw('create index announcements_company_order on announcements (company_id, priority, created_at desc, id desc)');
}

async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index announcements_company_order');
}

export const migration: Migration = { name: '0026_announcement_order', up, down };
