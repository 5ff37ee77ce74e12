import type { RouteAccessCase } from '../../../testing/route-access.js';

export const routeAccessCases: RouteAccessCase[] = [
  { route: 'GET /admin/metrics', note: 'super only; figures of every company, no record of one' },
];
