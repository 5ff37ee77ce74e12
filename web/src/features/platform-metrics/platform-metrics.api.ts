import type { PlatformMetrics } from '@switchboard/sdk/contracts';
import { api } from '../../app/api';

export const platformMetricsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /admin/metrics (spec 2 §7, super only): read afresh each time the page opens. */
    platformMetrics: build.query<PlatformMetrics, void>({ query: () => 'admin/metrics', keepUnusedDataFor: 0 }),
  }),
});

export const { usePlatformMetricsQuery } = platformMetricsApi;
