import { ContainerModule } from '@switchboard/sdk';
import { RouteContribution } from '../http/api-router.js';
import { Metrics } from './metrics.js';
import { MetricsRoutes } from './metrics.routes.js';

export { Metrics, queueFamily } from './metrics.js';
export { currentRequestId, outsideRequest, requestIds, requestLogFields, withRequestId } from './request-context.js';

/** The server's metrics and their page (off without METRICS_TOKEN). */
export const metricsModule = new ContainerModule((bind) => {
  bind(Metrics).toSelf();
  bind(RouteContribution).to(MetricsRoutes);
});
