import type { RouteAccessCase } from '../../../testing/route-access.js';

export const routeAccessCases: RouteAccessCase[] = [
  { route: 'GET /media/*path', note: 'authenticates itself (header or ?token=); tested in media.test.ts' },
];
