import { inject, injectable } from '@switchboard/sdk';
import type { ApiRouter, RouteContribution } from '../../platform/http/api-router.js';
import { signedIn, type Access } from '../../platform/http/access.js';
import { idParam, validate } from '../../platform/http/validation.js';
import { PluginRegistry } from '../../platform/plugins/channel-registry.js';
import { createConnectionSchema } from './connections.schema.js';
import { ConnectionsService } from './connections.service.js';

/** Spec 2 §2: admins, or users with allowConnections. */
const manageConnections: Access = { profiles: ['admin'], orPermission: 'allowConnections' };

@injectable()
export class ConnectionsRoutes implements RouteContribution {
  readonly area = 'connections';

  constructor(
    @inject(ConnectionsService) private readonly connections: ConnectionsService,
    @inject(PluginRegistry) private readonly registry: PluginRegistry,
  ) {}

  register(api: ApiRouter): void {
    api.get('/whatsapp', signedIn, ({ auth }) => this.connections.list({ auth }));
    api.get('/whatsapp/:id', manageConnections, ({ auth, params }) =>
      this.connections.show({ auth, id: idParam(params.id, 'ERR_NO_WAPP_FOUND') }),
    );
    api.post(
      '/whatsapp',
      manageConnections,
      async ({ auth, body }) => this.connections.create({ auth, input: (await validate(createConnectionSchema, body)) as never }),
      { status: 201 },
    );
    // What the web builds its channel menus and forms from (DESIGN §3).
    api.get('/plugins', signedIn, () => ({
      channels: this.registry.channels.map((channel) => ({ channel: channel.channel, description: channel.description })),
      integrations: this.registry.integrations.map((integration) => ({ type: integration.type, description: integration.description })),
    }));
  }
}
