import type { RouteAccessCase } from '../../../testing/route-access.js';

export const routeAccessCases: RouteAccessCase[] = [
  { route: 'GET /ticket/reports', note: "the caller's own company's tickets (admins, or users with showDashboard)" },
  { route: 'GET /ticket/reports/export', note: "the caller's own company's tickets as a workbook (admins, or users with showDashboard)" },
];
