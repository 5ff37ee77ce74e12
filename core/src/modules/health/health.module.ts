import { ContainerModule } from '@switchboard/sdk';
import { RouteContribution } from '../../platform/http/api-router.js';
import { HealthRoutes } from './health.routes.js';

export const healthModule = new ContainerModule((bind) => {
  bind(RouteContribution).to(HealthRoutes);
});
