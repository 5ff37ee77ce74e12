import type { RouteAccessCase } from '../../../testing/route-access.js';

const platformContent = 'help entries are platform content owned by company 1 and readable by every signed-in user';

export const routeAccessCases: RouteAccessCase[] = [
  { route: 'GET /helps', note: platformContent },
  { route: 'GET /helps/list', note: platformContent },
  { route: 'GET /helps/:id', path: '/helps/1', note: platformContent },
  { route: 'POST /helps', body: { title: 'Access check' }, note: 'super only; writes platform content' },
  { route: 'PUT /helps/:id', path: '/helps/1', body: { title: 'Access check' }, note: 'super only; writes platform content' },
  { route: 'DELETE /helps/:id', path: '/helps/1', note: 'super only; writes platform content' },
];
