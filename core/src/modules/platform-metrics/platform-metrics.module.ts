import { ContainerModule } from '@switchboard/sdk';
import { RouteContribution } from '../../platform/http/api-router.js';
import { PlatformMetricsRoutes } from './platform-metrics.routes.js';
import { PlatformMetricsService } from './platform-metrics.service.js';

export const platformMetricsModule = new ContainerModule((bind) => {
  bind(PlatformMetricsService).toSelf();
  bind(RouteContribution).to(PlatformMetricsRoutes);
});
