import { ContainerModule } from '@switchboard/sdk';
import { RouteContribution } from '../../platform/http/api-router.js';
import { PortsHealth } from '../../platform/ports.js';
import { HealthRoutes } from './health.routes.js';

export const healthModule = new ContainerModule((bind) => {
  bind(PortsHealth).toSelf();
  bind(RouteContribution).to(HealthRoutes);
});
