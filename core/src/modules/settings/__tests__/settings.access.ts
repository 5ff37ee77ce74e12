import type { RouteAccessCase } from '../../../testing/route-access.js';

export const routeAccessCases: RouteAccessCase[] = [
  { route: 'GET /settings', note: "answers the caller's own company settings; names no record" },
  {
    route: 'PUT /settings/:key',
    path: '/settings/userCreation',
    body: { value: 'enabled' },
    note: "writes the caller's own company setting; userCreation is super only (403 for admins)",
  },
  {
    route: 'GET /companySettings/:companyId',
    record: async ({ knex, companyId }) => {
      await knex('company_settings').insert({ company_id: companyId }).onConflict('company_id').ignore();
      return { path: `/companySettings/${companyId}` };
    },
  },
  { route: 'GET /companySettingOne', path: '/companySettingOne?column=scheduleType', note: "reads the caller's own company row" },
  { route: 'PUT /companySettings', body: { column: 'scheduleType', data: 'queue' }, note: "writes the caller's own company row" },
];
