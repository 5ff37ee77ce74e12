import type { RouteAccessCase } from '../../../testing/route-access.js';

export const routeAccessCases: RouteAccessCase[] = [
  { route: 'POST /auth/login', note: 'public' },
  { route: 'POST /auth/refresh_token', note: 'public: the cookie identifies the user' },
  { route: 'DELETE /auth/logout', note: 'public: the token or cookie identifies the user' },
  { route: 'GET /auth/me', note: 'the caller only' },
  { route: 'POST /auth/signup', note: 'public' },
  { route: 'POST /api/enviar-email', note: 'public' },
  { route: 'GET /api/verificar-code/:number', note: 'public' },
  { route: 'PUT /api/atualizar-senha', note: 'public: the reset token identifies the user' },
];
