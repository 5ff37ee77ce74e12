import type { RouteAccessCase } from '../../../testing/route-access.js';

const figures = "figures of the caller's own company only (admins, or users with showDashboard)";

export const routeAccessCases: RouteAccessCase[] = [
  { route: 'GET /dashboard/moments', note: "the caller's own company's open and pending tickets (admins, or users with allowRealTime)" },
  { route: 'GET /dashboard', note: figures },
  { route: 'GET /dashboard/total-atendimentos', note: figures },
  { route: 'GET /dashboard/queues', note: figures },
  { route: 'GET /dashboard/ticketsUsers', note: figures },
  { route: 'GET /dashboard/user-info', note: figures },
  { route: 'GET /dashboard/nps-info', note: figures },
  { route: 'GET /dashboard/atendimentos-encerrados', note: figures },
];
