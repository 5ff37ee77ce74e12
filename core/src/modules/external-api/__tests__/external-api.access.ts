import type { RouteAccessCase } from '../../../testing/route-access.js';

export const routeAccessCases: RouteAccessCase[] = [
  { route: 'POST /api/messages/send', note: 'authenticated by the connection token, tested in external-api.test.ts' },
  { route: 'GET /api-docs', note: 'public documentation' },
  { route: 'GET /api-docs/assets/:name', note: 'public files of the rendered documentation' },
];
