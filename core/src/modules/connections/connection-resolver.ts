import { inject, injectable, type ConnectionInfo } from '@switchboard/sdk';
import { SecretKeys } from '../../platform/auth/app-secret.js';
import { SystemData } from '../../platform/system-data.js';
import { toConnectionInfo } from './connection-info.js';
import { tokenHash } from './connection-tokens.js';

/**
 * Finds the connection a request from outside speaks for before any company is known (a system path, DESIGN §4):
 * by its secret token (the external API, a page's own webhook), by its public id (the widget) or by the channel
 * address it owns (the product app's webhooks). Each answers at most one connection: an address and a public id
 * are unique on the installation, so nothing here searches across companies.
 */
@injectable()
export class ConnectionResolver {
  constructor(
    @inject(SystemData) private readonly system: SystemData,
    @inject(SecretKeys) private readonly secrets: SecretKeys,
  ) {}

  /** The connection whose token this is; of the given channel when one is named. */
  async byToken(token: string | undefined, channel?: string): Promise<ConnectionInfo | undefined> {
    if (!token) return undefined;
    const query = this.system.knex('connections').where('token_hash', tokenHash(this.secrets, token));
    return this.found(await (channel ? query.where('channel', channel) : query).first());
  }

  async byPublicId(channel: string, publicId: string): Promise<ConnectionInfo | undefined> {
    if (!publicId) return undefined;
    return this.found(await this.system.knex('connections').where({ channel, public_id: publicId }).first());
  }

  async byAddress(channel: string, address: string): Promise<ConnectionInfo | undefined> {
    if (!address) return undefined;
    return this.found(await this.system.knex('connections').where({ channel, channel_address: address }).first());
  }

  private found(row: Parameters<typeof toConnectionInfo>[0] | undefined): ConnectionInfo | undefined {
    return row ? toConnectionInfo(row, this.secrets) : undefined;
  }
}
