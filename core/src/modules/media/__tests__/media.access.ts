import type { RouteAccessCase } from '../../../testing/route-access.js';

export const routeAccessCases: RouteAccessCase[] = [
  { route: 'GET /media/*path', note: 'authenticates itself (header or signed link); tested in media.test.ts' },
  // A link is signed without the file existing (an mp3 copy is made on its first request): the path is the record.
  { route: 'GET /media-link', record: async ({ companyId }) => ({ path: `/media-link?path=company${companyId}/users/1/foto.png` }) },
];
