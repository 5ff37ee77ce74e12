import { inject, injectable } from '@switchboard/sdk';
import type { ApiRouter, RouteContribution } from '../../platform/http/api-router.js';
import { superOnly } from '../../platform/http/access.js';
import { PlatformMetricsService } from './platform-metrics.service.js';

/** Spec 2 §7 Admin metrics: the super user's figures of the whole platform. */
@injectable()
export class PlatformMetricsRoutes implements RouteContribution {
  readonly area = 'platform-metrics';

  constructor(@inject(PlatformMetricsService) private readonly platformMetrics: PlatformMetricsService) {}

  register(api: ApiRouter): void {
    api.get('/admin/metrics', superOnly, () => this.platformMetrics.metrics());
  }
}
