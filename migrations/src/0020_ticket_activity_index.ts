import type { Knex } from 'knex';
import type { Migration } from './index.js';

// Lists without a status (the search tab, filters across statuses) read a company's tickets newest activity first:
// an index in that order gives the first page without sorting every ticket of the company.

async function up(knex: Knex): Promise<void> {
  await knex.raw('create index tickets_company_activity on tickets (company_id, updated_at desc, id desc)');
}

async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index tickets_company_activity');
}

export const migration: Migration = { name: '0020_ticket_activity_index', up, down };
