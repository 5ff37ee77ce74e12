import type { RouteAccessCase } from '../../../testing/route-access.js';

const superOnly = 'super only: manages every company, so there is no other-company case';

export const routeAccessCases: RouteAccessCase[] = [
  { route: 'POST /companies', body: { name: 'Access check company', email: 'access@check.test', planId: 1 }, note: superOnly },
  { route: 'GET /companies', note: superOnly },
  { route: 'GET /companies/list', note: superOnly },
  { route: 'GET /companiesPlan', note: superOnly },
  // The company is the record: another company's admin (or user) gets 404.
  { route: 'GET /companies/:id', record: async ({ companyId }) => ({ path: `/companies/${companyId}` }) },
  { route: 'GET /companies/listPlan/:companyId', record: async ({ companyId }) => ({ path: `/companies/listPlan/${companyId}` }) },
  {
    route: 'PUT /companies/:id/schedules',
    record: async ({ companyId }) => ({
      path: `/companies/${companyId}/schedules`,
      body: {
        id: companyId,
        schedules: [
          { weekday: 'Segunda', weekdayEn: 'monday', startTimeA: '08:00', endTimeA: '12:00', startTimeB: '13:00', endTimeB: '18:00' },
        ],
      },
    }),
  },
  { route: 'PUT /companies/:id', path: '/companies/1', body: { phone: '5511900000000' }, note: superOnly },
  { route: 'POST /companies/:id/renew', path: '/companies/1/renew', note: superOnly },
  { route: 'DELETE /companies/:id', path: '/companies/1', note: superOnly },
];
