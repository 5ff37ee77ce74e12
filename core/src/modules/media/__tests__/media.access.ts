import type { RouteAccessCase } from '../../../testing/route-access.js';

export const routeAccessCases: RouteAccessCase[] = [
  { route: 'GET /media/*path', note: 'authenticates itself (header or signed link); tested in media.test.ts' },
  {
    route: 'GET /media-link',
    path: '/media-link?path=company1/users/1/x.png',
    note: 'names a file by path; cross-company case in media.test.ts',
  },
];
