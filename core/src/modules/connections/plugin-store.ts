import type { Knex } from 'knex';
import type { PluginStore } from '@switchboard/sdk';

/** A plugin's key/value rows for one scope ('connection:ID' or '' for the company), one row per key. */
export class DatabasePluginStore implements PluginStore {
  constructor(
    private readonly knex: Knex,
    private readonly where: { company_id: number; plugin_id: string; scope: string },
    /** Set for a connection's scope, so its rows go when the connection is deleted. */
    private readonly whatsappId: number | null = null,
  ) {}

  async get(key: string): Promise<string | undefined> {
    const row = await this.knex('plugin_store')
      .where({ ...this.where, key })
      .first('value');
    return row?.value ?? undefined;
  }

  async set(key: string, value: string): Promise<void> {
    await this.knex('plugin_store')
      .insert({ ...this.where, whatsapp_id: this.whatsappId, key, value })
      .onConflict(['company_id', 'plugin_id', 'scope', 'key'])
      .merge({ value, updated_at: new Date() });
  }

  async delete(key: string): Promise<void> {
    await this.knex('plugin_store')
      .where({ ...this.where, key })
      .delete();
  }

  async list(prefix = ''): Promise<[string, string][]> {
    const rows = await this.knex('plugin_store')
      .where(this.where)
      .andWhere('key', 'like', `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
      .orderBy('key')
      .select('key', 'value');
    return rows.map((row) => [row.key, row.value]);
  }

  async clear(): Promise<void> {
    await this.knex('plugin_store').where(this.where).delete();
  }
}
