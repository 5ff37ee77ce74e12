import type { RouteAccessCase } from '../../../testing/route-access.js';

// The metrics page (core/src/platform/metrics) sits beside /health: public to the router, its own bearer token inside.
export const routeAccessCases: RouteAccessCase[] = [{ route: 'GET /metrics', note: 'public: METRICS_TOKEN checked by the route' }];
