import { ContainerModule, PluginHost } from '@switchboard/sdk';
import { RouteContribution } from '../../platform/http/api-router.js';
import { ConnectionResolver } from './connection-resolver.js';
import { ConnectionsRoutes } from './connections.routes.js';
import { ConnectionsService } from './connections.service.js';
import { CorePluginHost } from './plugin-host.js';
import { SessionManager } from './session-manager.js';

export const connectionsModule = new ContainerModule((bind) => {
  bind(ConnectionResolver).toSelf();
  bind(SessionManager).toSelf();
  bind(ConnectionsService).toSelf();
  bind(PluginHost).to(CorePluginHost);
  bind(RouteContribution).to(ConnectionsRoutes);
});
