import type { RouteAccessCase } from '../../../testing/route-access.js';

export const routeAccessCases: RouteAccessCase[] = [
  { route: 'GET /dashboard/moments', note: "the caller's own company's open and pending tickets (admins, or users with allowRealTime)" },
];
