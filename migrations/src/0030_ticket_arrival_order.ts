import type { Knex } from 'knex';
import type { Migration } from './index.js';

// The ticket report reads a company's tickets newest arrival first, ties by id, both for its pages (deep offsets)
// and for the keyset batches of its export: an index in exactly that order serves both from the index alone. It
// also serves the arrival ranges the dashboard reads, so it replaces 0029's (company_id, created_at).

async function up(knex: Knex): Promise<void> {
  await knex.raw('create index tickets_company_arrival on tickets (company_id, created_at desc, id desc)');
  await knex.raw('drop index tickets_company_created');
}

async function down(knex: Knex): Promise<void> {
  await knex.raw('create index tickets_company_created on tickets (company_id, created_at)');
  await knex.raw('drop index tickets_company_arrival');
}

export const migration: Migration = { name: '0030_ticket_arrival_order', up, down };
