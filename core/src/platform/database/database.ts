import type { Knex } from 'knex';
import type { Port } from '../port.js';

export const Database = Symbol('Database');
/** The relational store: PostgreSQL when scaled, PGlite (the same SQL, in process) when embedded. */
export interface Database extends Port {
  readonly knex: Knex;
  /** Applies the core migrations not yet applied; safe to run from several nodes at once. */
  migrate(): Promise<void>;
}
