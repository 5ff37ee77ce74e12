import { Model, snakeCaseMappers, type QueryBuilder, type Transaction } from 'objection';
import type { Knex } from 'knex';
import { AppError } from '../http/app-error.js';

/** snake_case columns, camelCase properties (the spec's JSON names). Models are never bound to a global knex. */
export class BaseModel extends Model {
  id!: number;
  createdAt!: Date;
  updatedAt!: Date;

  static override get columnNameMappers() {
    return snakeCaseMappers();
  }

  override $beforeUpdate(): void {
    this.updatedAt = new Date();
  }
}

/** A row owned by one company. Reach it only through a TenantScope. */
export class TenantModel extends BaseModel {
  companyId!: number;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type TenantModelClass<M extends TenantModel> = (new (...args: any[]) => M) & typeof TenantModel;

/**
 * The only way services reach tenant-owned rows: every query carries `company_id = companyId`, so another
 * company's record is simply not found (404, like a missing one).
 */
export class TenantScope {
  constructor(
    readonly companyId: number,
    private readonly knex: Knex | Transaction,
  ) {}

  query<M extends TenantModel>(model: TenantModelClass<M>): QueryBuilder<M, M[]> {
    return model.query(this.knex).where(`${model.tableName}.company_id`, this.companyId) as unknown as QueryBuilder<M, M[]>;
  }

  async findOrFail<M extends TenantModel>(model: TenantModelClass<M>, id: number, notFoundCode: string): Promise<M> {
    const row = await this.query(model).findById(id);
    if (!row) throw AppError.notFound(notFoundCode);
    return row;
  }

  insert<M extends TenantModel>(model: TenantModelClass<M>, data: Partial<M>): Promise<M> {
    return model
      .query(this.knex)
      .insert({ ...data, companyId: this.companyId } as never)
      .returning('*') as unknown as Promise<M>;
  }

  /**
   * A query builder on a company-owned table (`'tickets'` or `'tickets as t'`) that already carries
   * `company_id = companyId`. Rows joined to it through its own foreign keys belong to the same company.
   */
  table<Row extends object = Record<string, unknown>>(table: string): Knex.QueryBuilder<Row, Row[]> {
    const alias = table.split(/\s+as\s+/i)[1]?.trim() ?? table;
    return this.knex<Row>(table).where(`${alias}.company_id`, this.companyId) as unknown as Knex.QueryBuilder<Row, Row[]>;
  }

  /** This company's own row of `companies` (keyed by its id, not by a company_id column). */
  company<Row extends object = Record<string, unknown>>(): Knex.QueryBuilder<Row, Row[]> {
    return this.knex<Row>('companies').where('companies.id', this.companyId) as unknown as Knex.QueryBuilder<Row, Row[]>;
  }

  /** Inserts rows into a company-owned table with this company's id on each. */
  insertInto<Row extends object>(table: string, rows: Row | Row[]): Knex.QueryBuilder {
    const list = (Array.isArray(rows) ? rows : [rows]).map((row) => ({ ...row, company_id: this.companyId }));
    return this.knex(table).insert(list);
  }

  /** A SQL fragment for expressions inside this scope's queries (no table is reached through it). */
  raw(sql: string, bindings: readonly Knex.RawBinding[] = []): Knex.Raw {
    return this.knex.raw(sql, bindings);
  }

  /** knex's function helpers (`fn.now()`) for this scope's queries. */
  get fn(): Knex.FunctionHelper {
    return this.knex.fn;
  }

  /** The same scope inside a transaction. */
  within(trx: Transaction): TenantScope {
    return new TenantScope(this.companyId, trx);
  }

  /** Runs work in one transaction (or inside the one this scope already is in). */
  transaction<T>(work: (scope: TenantScope) => Promise<T>): Promise<T> {
    if ('isTransaction' in this.knex && this.knex.isTransaction) return work(this);
    return (this.knex as Knex).transaction((trx) => work(new TenantScope(this.companyId, trx)));
  }

  /**
   * The transaction or connection underneath, for objection calls that take one and for tables that are not
   * company-owned. Every query made through it must carry the company itself: prefer `table()`.
   */
  get connection(): Knex | Transaction {
    return this.knex;
  }
}
