import type { Knex } from 'knex';

/**
 * How the router-enumerating test exercises one route. Every module's tests folder holds a `*.access.ts`
 * exporting `routeAccessCases: RouteAccessCase[]`; the test fails for any registered route without a case.
 */
export interface RouteAccessCase {
  /** 'METHOD /path' exactly as registered, e.g. 'GET /helps/:id'. */
  route: string;
  /**
   * For routes that address one company-owned record: create such a record for `companyId` and answer the
   * concrete path (and body) to reach it. The test then calls it as another company's admin and expects 404, and
   * as the record's own company admin and expects anything but 404 (so the fixture really names the record).
   */
  record?: (fixture: { knex: Knex; companyId: number }) => Promise<{ path: string; body?: unknown }>;
  /** The path to call for the 401/403 checks when the route has parameters and no `record`. */
  path?: string;
  body?: unknown;
  /** Why the route is exempt from the cross-company check (it names no record), for the reader. */
  note?: string;
}
