import { inject, injectable } from '@switchboard/sdk';
import type { AuthContext, PlanFlag } from '../../platform/auth/auth-context.js';
import { SecretKeys } from '../../platform/auth/app-secret.js';
import { isUniqueViolation } from '../../platform/database/errors.js';
import { AppError } from '../../platform/http/app-error.js';
import { PluginRegistry } from '../../platform/plugins/channel-registry.js';
import { RealtimeBus, rooms } from '../../platform/realtime/realtime-bus.js';
import { Tenancy } from '../../platform/tenancy.js';
import { PlanLimits } from '../plans/plan-limits.service.js';
import { ConnectionModel } from './connection.model.js';
import { newConnectionToken, storedToken } from './connection-tokens.js';
import { SessionManager } from './session-manager.js';

/** The plan flag that allows each channel; channels not listed need none. */
const channelFlags: Record<string, PlanFlag> = {
  whatsapp: 'useWhatsapp',
  whatsappapi: 'useWhatsapp',
  facebook: 'useFacebook',
  instagram: 'useInstagram',
};

export interface CreateConnectionInput {
  name: string;
  channel: string;
  isDefault: boolean;
  [field: string]: unknown;
}

/** Channel connections: creation with a fresh token, listing, and their sessions. */
@injectable()
export class ConnectionsService {
  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(SecretKeys) private readonly secrets: SecretKeys,
    @inject(PluginRegistry) private readonly registry: PluginRegistry,
    @inject(PlanLimits) private readonly limits: PlanLimits,
    @inject(SessionManager) private readonly sessions: SessionManager,
    @inject(RealtimeBus) private readonly realtime: RealtimeBus,
  ) {}

  async create(options: { auth: AuthContext; input: CreateConnectionInput }): Promise<Record<string, unknown>> {
    const { auth, input } = options;
    if (!this.registry.channel(input.channel)) {
      throw new AppError('ERR_VALIDATION', 400, {
        message: `No plugin provides the channel ${input.channel}`,
        fields: { channel: 'Canal indisponível' },
      });
    }
    const flag = channelFlags[input.channel];
    if (flag && !auth.plan[flag]) throw new AppError('ERR_PLAN_FEATURE_DISABLED', 403);
    await this.limits.assertCanCreate(auth.companyId, 'connections');
    const token = newConnectionToken();
    const created = await this.tenancy.transaction(auth.companyId, async (scope) => {
      const existingDefault = await scope.query(ConnectionModel).where('is_default', true).first();
      // The company's first connection is its default (ERR_NO_OTHER_WHATSAPP otherwise later).
      const isDefault = input.isDefault || !existingDefault;
      if (isDefault && existingDefault)
        await scope
          .query(ConnectionModel)
          .where('is_default', true)
          .patch({ isDefault: false } as Partial<ConnectionModel>);
      try {
        const { name, channel, ...rest } = input;
        return await scope.insert(ConnectionModel, {
          ...rest,
          name,
          channel,
          isDefault,
          status: 'DISCONNECTED',
          ...camel(storedToken(this.secrets, token)),
        } as Partial<ConnectionModel>);
      } catch (error) {
        if (isUniqueViolation(error))
          throw new AppError('ERR_CONNECTION_ALREADY_EXISTS', 409, {
            message: 'Já existe uma conexão com este nome',
            fields: { name: 'Já existe uma conexão com este nome' },
          });
        throw error;
      }
    });
    const answer = { ...created.toJSON(), token };
    this.realtime.emit(rooms.company(auth.companyId), 'whatsapp', { action: 'update', whatsapp: created.toJSON() });
    await this.sessions.ensureStarted(created.id);
    return answer;
  }

  async list(options: { auth: AuthContext }): Promise<ConnectionModel[]> {
    return this.tenancy.of(options.auth.companyId).query(ConnectionModel).orderBy('name');
  }

  /** One connection with its token in clear, for the admin's form (copy button). */
  async show(options: { auth: AuthContext; id: number }): Promise<Record<string, unknown>> {
    const connection = await this.tenancy.of(options.auth.companyId).findOrFail(ConnectionModel, options.id, 'ERR_NO_WAPP_FOUND');
    return { ...connection.toJSON(), token: connection.token ? this.secrets.decrypt(connection.token) : null };
  }
}

function camel(stored: { token: string; token_hash: string }): { token: string; tokenHash: string } {
  return { token: stored.token, tokenHash: stored.token_hash };
}
