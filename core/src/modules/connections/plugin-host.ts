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
import { RealtimeBus } from '../../platform/realtime/realtime-bus.js';
import { Tenancy } from '../../platform/tenancy.js';
import { Logger } from '../../platform/tokens.js';
import { InboundPipeline } from '../conversations/index.js';
import { ConnectionResolver } from './connection-resolver.js';
import { connectionStore } from './plugin-store.js';

/** Core's services for the routes of channel plugins (webhooks, the widget). */
@injectable()
export class CorePluginHost implements PluginHost {
  readonly log: PluginLogger;

  constructor(
    @inject(ConnectionResolver) private readonly resolver: ConnectionResolver,
    @inject(Tenancy) private readonly tenancy: Tenancy,
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

  findConnectionByToken(channel: string, token: string): Promise<ConnectionInfo | undefined> {
    return this.resolver.byToken(token, channel);
  }

  findConnectionByPublicId(channel: string, publicId: string): Promise<ConnectionInfo | undefined> {
    return this.resolver.byPublicId(channel, publicId);
  }

  findConnectionByAddress(channel: string, address: string): Promise<ConnectionInfo | undefined> {
    return this.resolver.byAddress(channel, address);
  }

  inbound(connection: ConnectionInfo, event: InboundEvent): Promise<void> {
    return this.pipeline.receive(connection, event);
  }

  namespace(name: string): Namespace {
    return this.realtime.io.of(name);
  }

  store(connection: ConnectionInfo): PluginStore {
    return connectionStore(this.tenancy, this.secrets, connection);
  }
}
