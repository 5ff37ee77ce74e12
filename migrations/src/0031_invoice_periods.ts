import type { Knex } from 'knex';
import type { Migration } from './index.js';

// One invoice per company per billing period: the period is named by the due date it pays, so every node's invoice
// sweeper may insert the same invoice at once and the database keeps one (insert ... on conflict do nothing).

async function up(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS invoices_company_id_due_date_index');
  await knex.raw('CREATE UNIQUE INDEX invoices_company_period_unique ON invoices (company_id, due_date)');
}

async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS invoices_company_period_unique');
  await knex.raw('CREATE INDEX invoices_company_id_due_date_index ON invoices (company_id, due_date)');
}

export const migration: Migration = { name: '0031_invoice_periods', up, down };
