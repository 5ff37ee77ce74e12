import type { RouteAccessCase } from '../../../testing/route-access.js';

const platformContent = 'announcements are platform content owned by company 1';
const superWrites = `super only; ${platformContent}`;

export const routeAccessCases: RouteAccessCase[] = [
  { route: 'GET /announcements', note: superWrites },
  { route: 'GET /announcements/active', note: `${platformContent}, whose active ones every signed-in user reads` },
  { route: 'GET /announcements/:id', path: '/announcements/1', note: superWrites },
  { route: 'POST /announcements', body: { title: 'Access check', text: 'Access check' }, note: superWrites },
  { route: 'PUT /announcements/:id', path: '/announcements/1', body: { title: 'Access check' }, note: superWrites },
  { route: 'DELETE /announcements/:id', path: '/announcements/1', note: superWrites },
  { route: 'POST /announcements/:id/media-upload', path: '/announcements/1/media-upload', note: superWrites },
  { route: 'DELETE /announcements/:id/media-upload', path: '/announcements/1/media-upload', note: superWrites },
  {
    route: 'GET /announcements/:id/media',
    path: '/announcements/1/media',
    note: `${platformContent}; an active one's image is read by every signed-in user`,
  },
];
