import type { Knex } from 'knex';
import { TenantScope } from './database/model.js';

/** Hands out tenant scopes; services ask it for the caller's company and never build queries without one. */
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
