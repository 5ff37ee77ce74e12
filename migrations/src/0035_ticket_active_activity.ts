import type { Knex } from 'knex';
import type { Migration } from './index.js';

// The kanban board reads a company's open and waiting tickets, newest activity first, 500 cards a page. Read through
// the activity index (company_id, updated_at desc, id desc) it walks past every closed ticket in between; this index
// holds only the active tickets, so a page is read straight from it, and it stays small (most tickets are closed).

async function up(knex: Knex): Promise<void> {
  await knex.raw(
    "create index tickets_company_active_activity on tickets (company_id, updated_at desc, id desc) where status in ('open', 'pending')",
  );
}

async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index tickets_company_active_activity');
}

export const migration: Migration = { name: '0035_ticket_active_activity', up, down };
