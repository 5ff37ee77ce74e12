import type { Knex } from 'knex';
import type { Migration } from './index.js';

// The language a company writes to its customers in (the product's automatic texts, {{ms}}, dates): one of the web's
// languages, Brazilian Portuguese unless the company chooses another.

async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('company_settings', (t) => {
    t.text('customer_language').notNullable().defaultTo('pt-BR');
  });
}

async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('company_settings', (t) => {
    t.dropColumn('customer_language');
  });
}

export const migration: Migration = { name: '0021_company_customer_language', up, down };
