import type { Knex } from 'knex';
import { TenantScope } from './database/model.js';

/**
 * Hands out tenant scopes: the only way modules reach company data (DESIGN §4). A scope needs the company id, and
 * every table it opens already carries `company_id = ?`, so forgetting the company does not compile. The raw
 * database is for `platform/` and the named system paths (`SystemData`); lint refuses it anywhere else.
 */
export class Tenancy {
  constructor(private readonly knex: Knex) {}

  of(companyId: number): TenantScope {
    return new TenantScope(companyId, this.knex);
  }

  /** Runs work in one transaction, scoped to the company. */
  transaction<T>(companyId: number, work: (scope: TenantScope) => Promise<T>): Promise<T> {
    return this.knex.transaction((trx) => work(new TenantScope(companyId, trx)));
  }
}
