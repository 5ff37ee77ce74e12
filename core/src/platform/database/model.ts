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

  /** The same scope inside a transaction. */
  within(trx: Transaction): TenantScope {
    return new TenantScope(this.companyId, trx);
  }

  get connection(): Knex | Transaction {
    return this.knex;
  }
}
