import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { planFlags } from '../../platform/auth/auth-context.js';
import type { RouteAccessCase } from '../../testing/route-access.js';
import { api, startTestServer, type CompanyFixture, type TestServer } from '../../testing/test-server.js';

/*
 * The router-enumerating test: every route the server registers must have a case in some module's
 * __tests__/*.access.ts, and each case is checked for its access rule (401 without a token, 403 for a
 * profile user on admin routes and for a non-super on super routes, 403 when the plan flag is off) and,
 * for routes that address a company's record, 404 for another company's admin and not 404 for its own.
 */
const modulesDir = new URL('../', import.meta.url);
const accessFiles = readdirSync(modulesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((entry) => {
    const testsDir = new URL(`${entry.name}/__tests__/`, modulesDir);
    try {
      return readdirSync(testsDir)
        .filter((file) => file.endsWith('.access.ts'))
        .map((file) => new URL(file, testsDir).href);
    } catch {
      return [];
    }
  });
// Imported one after another: jest's ESM loader trips over parallel first imports of the same builtin.
const cases: RouteAccessCase[] = [];
for (const file of accessFiles) cases.push(...((await import(file)) as { routeAccessCases: RouteAccessCase[] }).routeAccessCases);

let server: TestServer;
let companyA: CompanyFixture;
let companyB: CompanyFixture;
let planless: CompanyFixture;

beforeAll(async () => {
  server = await startTestServer();
  companyA = await server.createCompany({ users: [{ profile: 'user' }] });
  companyB = await server.createCompany({ users: [{ profile: 'user' }] });
  const flagsOff = Object.fromEntries(planFlags.map((flag) => [flag.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`), false]));
  planless = await server.createCompany({ plan: flagsOff });
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

function concretePath(route: string, accessCase: RouteAccessCase): string {
  return accessCase.path ?? route.split(' ')[1]!.replace(/:[A-Za-z]+\??/g, '999999');
}

describe('router enumeration', () => {
  it('every registered route has an access case, and every case names a registered route', () => {
    const registered = server.routes.map((route) => `${route.method.toUpperCase()} ${route.path}`);
    const covered = new Set(cases.map((accessCase) => accessCase.route));
    expect(registered.filter((route) => !covered.has(route))).toEqual([]);
    expect([...covered].filter((route) => !registered.includes(route))).toEqual([]);
  });

  it.each(cases.map((accessCase) => [accessCase.route, accessCase] as const))(
    '%s keeps its access rule and companies apart',
    async (route, accessCase) => {
      const info = server.routes.find((candidate) => `${candidate.method.toUpperCase()} ${candidate.path}` === route);
      expect(info).toBeDefined();
      const access = info!.access;
      const method = route.split(' ')[0]!;
      const path = concretePath(route, accessCase);
      if (access === 'public') return;

      const anonymous = await api(server, method, path, { body: accessCase.body });
      expect(anonymous.status).toBe(401);

      if (access.profiles && !access.profiles.includes('user')) {
        const asUser = await api(server, method, path, { token: companyA.users[0]!.token, body: accessCase.body });
        expect(asUser.status).toBe(403);
      }
      if (access.superOnly) {
        const asAdmin = await api(server, method, path, { token: companyA.admin.token, body: accessCase.body });
        expect(asAdmin.status).toBe(403);
      }
      if (access.planFlag) {
        const withoutFeature = await api(server, method, path, { token: planless.admin.token, body: accessCase.body });
        expect(withoutFeature.status).toBe(403);
      }
      if (accessCase.record && !access.superOnly) {
        const target = await accessCase.record({ knex: server.ports.database.knex, companyId: companyA.companyId });
        const body = target.body ?? accessCase.body;
        const foreign = await api(server, method, target.path, { token: companyB.admin.token, body });
        expect(foreign.status).toBe(404);
        // The owner reaches the same record with the same request: the 404 above is the company boundary, not a
        // fixture that names nothing.
        const owner = await api(server, method, target.path, { token: companyA.admin.token, body });
        expect({ owner: owner.status === 404 ? owner.body : 'reached' }).toEqual({ owner: 'reached' });
      }
    },
  );
});
