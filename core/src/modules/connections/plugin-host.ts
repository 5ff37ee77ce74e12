import {
  inject,
  injectable,
  type ConnectionInfo,
  type InboundEvent,
  type PluginHost,
  type PluginLogger,
  type PluginStore,
} from '@switchboard/sdk';
import type { Namespace } from 'socket.io';
import { SecretKeys } from '../../platform/auth/app-secret.js';
import { Database } from '../../platform/database/database.js';
import { RealtimeBus } from '../../platform/realtime/realtime-bus.js';
import { Logger } from '../../platform/tokens.js';
import { InboundPipeline } from '../conversations/inbound-pipeline.js';
import { toConnectionInfo } from './connection-info.js';
import { tokenHash } from './connection-tokens.js';
import { DatabasePluginStore } from './plugin-store.js';

/** Core's services for the routes of channel plugins (webhooks, the widget). */
@injectable()
export class CorePluginHost implements PluginHost {
  readonly log: PluginLogger;

  constructor(
    @inject(Database) private readonly database: Database,
    @inject(SecretKeys) private readonly secrets: SecretKeys,
    @inject(InboundPipeline) private readonly pipeline: InboundPipeline,
    @inject(RealtimeBus) private readonly realtime: RealtimeBus,
    @inject(Logger) logger: Logger,
  ) {
    const child = logger.child({ area: 'plugins' });
    this.log = {
      debug: (message, data) => child.debug(data ?? {}, message),
      info: (message, data) => child.info(data ?? {}, message),
      warn: (message, data) => child.warn(data ?? {}, message),
      error: (message, data) => child.error(data ?? {}, message),
    };
  }

  async findConnectionByToken(channel: string, token: string): Promise<ConnectionInfo | undefined> {
    if (!token) return undefined;
    const row = await this.database
      .knex('connections')
      .where({ channel, token_hash: tokenHash(this.secrets, token) })
      .first();
    return row ? toConnectionInfo(row, this.secrets) : undefined;
  }

  async findConnectionsBySetting(channel: string, key: string, value: string): Promise<ConnectionInfo[]> {
    if (!key || !value) return [];
    const rows = await this.database.knex('connections').where({ channel }).whereRaw('settings ->> ? = ?', [key, value]);
    return rows.map((row) => toConnectionInfo(row, this.secrets));
  }

  inbound(connection: ConnectionInfo, event: InboundEvent): Promise<void> {
    return this.pipeline.receive(connection, event);
  }

  namespace(name: string): Namespace {
    return this.realtime.io.of(name);
  }

  store(connection: ConnectionInfo): PluginStore {
    return new DatabasePluginStore(
      this.database.knex,
      { company_id: connection.companyId, plugin_id: connection.channel, scope: `connection:${connection.id}` },
      connection.id,
    );
  }
}
