import type { ConnectionInfo, PluginStore } from '@switchboard/sdk';
import type { SecretKeys } from '../../platform/auth/app-secret.js';
import { escapeLike } from '../../platform/database/like-pattern.js';
import type { TenantScope } from '../../platform/database/model.js';
import type { Tenancy } from '../../platform/tenancy.js';

interface StoreRow {
  id: number;
  key: string;
  value: string | null;
  sealed: boolean;
}

/**
 * A plugin's key/value rows for one scope ('connection:ID' or '' for the company), one row per key. Values are
 * encrypted at rest with the app's key (DESIGN §4: they hold channel credentials such as WhatsApp's keys); rows
 * written before encryption (sealed false) are read as they are and sealed on that read.
 */
export class DatabasePluginStore implements PluginStore {
  constructor(
    private readonly tenant: TenantScope,
    private readonly secrets: SecretKeys,
    private readonly where: { plugin_id: string; scope: string },
    /** Set for a connection's scope, so its rows go when the connection is deleted. */
    private readonly whatsappId: number | null = null,
  ) {}

  async get(key: string): Promise<string | undefined> {
    const row = await this.rows().where({ key }).first<StoreRow | undefined>('id', 'key', 'value', 'sealed');
    return row ? ((await this.open(row)) ?? undefined) : undefined;
  }

  async set(key: string, value: string): Promise<void> {
    const sealed = this.secrets.encrypt(value);
    await this.tenant
      .insertInto('plugin_store', { ...this.where, whatsapp_id: this.whatsappId, key, value: sealed, sealed: true })
      .onConflict(['company_id', 'plugin_id', 'scope', 'key'])
      .merge({ value: sealed, sealed: true, updated_at: new Date() });
  }

  async delete(key: string): Promise<void> {
    await this.rows().where({ key }).delete();
  }

  async list(prefix = ''): Promise<[string, string][]> {
    const rows: StoreRow[] = await this.rows()
      .andWhere('key', 'like', `${escapeLike(prefix)}%`)
      .orderBy('key')
      .select('id', 'key', 'value', 'sealed');
    const entries: [string, string][] = [];
    for (const row of rows) {
      const value = await this.open(row);
      if (value !== null) entries.push([row.key, value]);
    }
    return entries;
  }

  async clear(): Promise<void> {
    await this.rows().delete();
  }

  private rows() {
    return this.tenant.table('plugin_store').where(this.where);
  }

  /** The plain value of a row; a row still plain from before encryption is sealed now. */
  private async open(row: StoreRow): Promise<string | null> {
    if (row.value === null) return null;
    if (row.sealed) return this.secrets.decrypt(row.value);
    // Only if nobody rewrote it meanwhile (a concurrent set already sealed its own value).
    await this.rows()
      .where({ id: row.id, sealed: false, value: row.value })
      .update({ value: this.secrets.encrypt(row.value), sealed: true });
    return row.value;
  }
}

/** A connection's plugin store: the same rows for its session's ctx.store and for the plugin's routes. */
export function connectionStore(tenancy: Tenancy, secrets: SecretKeys, connection: Pick<ConnectionInfo, 'id' | 'companyId' | 'channel'>) {
  return new DatabasePluginStore(
    tenancy.of(connection.companyId),
    secrets,
    { plugin_id: connection.channel, scope: `connection:${connection.id}` },
    connection.id,
  );
}
