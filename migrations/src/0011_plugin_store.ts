import type { Knex } from 'knex';
import type { Migration } from './index.js';
import { companyId, dropTables, foreignKey, timestamps } from './helpers.js';

// Key/value rows owned by plugins (channel auth state such as Baileys keys, integration sessions).
// scope is '' for company-wide rows, 'connection:<id>' for a connection's rows (whatsapp_id set too, so
// they go when the connection goes); a plugin may use other scopes ('ticket:<id>'...).

async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('plugin_store', (t) => {
    t.increments('id').primary();
    companyId(t, { index: false });
    t.text('plugin_id').notNullable();
    foreignKey(t, 'whatsapp_id', 'connections', 'CASCADE', { index: true });
    t.text('scope').notNullable().defaultTo('');
    t.text('key').notNullable();
    t.text('value');
    timestamps(knex, t);
    t.unique(['company_id', 'plugin_id', 'scope', 'key']);
  });
}

async function down(knex: Knex): Promise<void> {
  await dropTables(knex, ['plugin_store']);
}

export const migration: Migration = { name: '0011_plugin_store', up, down };
