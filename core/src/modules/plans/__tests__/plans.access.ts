import type { RouteAccessCase } from '../../../testing/route-access.js';

const platform = 'plans are platform-wide rows (no company_id), managed by the super user';
const plan = { name: 'Access check plan', users: 1, connections: 1, queues: 1 };

export const routeAccessCases: RouteAccessCase[] = [
  { route: 'GET /plans/list', note: 'public plans plus the caller company plan; names no record' },
  { route: 'GET /plans/listPublic', note: 'public (sign-up): no token, public plans only' },
  { route: 'GET /plans/all', note: platform },
  { route: 'GET /plans', note: platform },
  { route: 'GET /plans/:id', path: '/plans/1', note: platform },
  { route: 'POST /plans', body: plan, note: platform },
  { route: 'PUT /plans/:id', path: '/plans/1', body: { users: 2 }, note: platform },
  { route: 'DELETE /plans/:id', path: '/plans/1', note: platform },
];
