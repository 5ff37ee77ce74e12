import type { Knex } from 'knex';

/**
 * The database without a company scope, for the few paths that must work across companies before a company is
 * known or for all of them at once: sweepers and dispatchers, the first start, sign-in and token checks, and a
 * webhook resolving its connection. Lint allows it only in the files listed in eslint.config.js; everything else
 * reaches data through `Tenancy`.
 */
export class SystemData {
  constructor(readonly knex: Knex) {}
}
