import type { Knex } from 'knex';
import { inject, injectable } from '@switchboard/sdk';
import { SystemData } from '../../platform/system-data.js';
import { AppError } from '../../platform/http/app-error.js';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import { deletedRows } from '../../platform/database/deleted-rows.js';
import { containsPattern } from '../../platform/database/like-pattern.js';
import { PlanModel } from './plan.model.js';
import { planFlagFields, type CreatePlanInput, type UpdatePlanInput } from './plans.schema.js';

export const PLANS_PAGE_SIZE = 20;

/** Spec 2 §8: the plan form's save failure (the company text with "plano", as the product writes it). */
export const PLAN_SAVE_FAILURE =
  'Não foi possível realizar a operação. Verifique se já existe uma plano com o mesmo nome ou se os campos foram preenchidos corretamente.';

/**
 * Subscription plans: platform-wide rows (no company owns one) managed by the super user; public ones are offered at
 * sign-up, before any company exists. A system path (DESIGN §4): it reads no company's data but the caller's plan id.
 */
@injectable()
export class PlanService {
  constructor(@inject(SystemData) private readonly system: SystemData) {}

  private get knex(): Knex {
    return this.system.knex;
  }

  /** Public plans, for the sign-up form (no token). */
  async listPublic(): Promise<PlanModel[]> {
    return await PlanModel.query(this.knex).where('is_public', true).orderBy('amount').orderBy('id');
  }

  /**
   * Plans a signed-in user may choose from: all for the super user; for everyone else the public plans
   * plus the plan their company is on (which may be private).
   */
  async listFor(options: { auth: AuthContext }): Promise<PlanModel[]> {
    const query = PlanModel.query(this.knex).orderBy('amount').orderBy('id');
    if (!options.auth.super) {
      query.where((where) =>
        where.where('is_public', true).orWhereIn('id', this.knex('companies').where('id', options.auth.companyId).select('plan_id')),
      );
    }
    return await query;
  }

  async all(): Promise<PlanModel[]> {
    return await PlanModel.query(this.knex).orderBy('id');
  }

  async page(options: { searchParam: string; pageNumber: number }): Promise<{ plans: PlanModel[]; count: number; hasMore: boolean }> {
    const query = PlanModel.query(this.knex);
    if (options.searchParam) query.whereRaw('lower(name) like ?', [containsPattern(options.searchParam.toLowerCase())]);
    const count = Number(((await query.clone().count({ count: '*' })) as unknown as { count: string }[])[0]?.count ?? 0);
    const offset = (options.pageNumber - 1) * PLANS_PAGE_SIZE;
    const plans = await query.orderBy('name').orderBy('id').limit(PLANS_PAGE_SIZE).offset(offset);
    return { plans, count, hasMore: count > offset + plans.length };
  }

  async show(options: { planId: number }): Promise<PlanModel> {
    const plan = await PlanModel.query(this.knex).findById(options.planId);
    if (!plan) throw AppError.notFound('ERR_NO_PLAN_FOUND');
    return plan;
  }

  async create(options: { input: CreatePlanInput }): Promise<PlanModel> {
    await this.assertNameFree(options.input.name);
    try {
      return await PlanModel.query(this.knex).insert(planColumns(options.input)).returning('*');
    } catch (error) {
      throw nameConflict(error);
    }
  }

  async update(options: { planId: number; input: UpdatePlanInput }): Promise<PlanModel> {
    if (options.input.name !== undefined) await this.assertNameFree(options.input.name, options.planId);
    const patch = planColumns(options.input);
    try {
      const plan =
        Object.keys(patch).length > 0
          ? await PlanModel.query(this.knex).patchAndFetchById(options.planId, patch)
          : await PlanModel.query(this.knex).findById(options.planId);
      if (!plan) throw AppError.notFound('ERR_NO_PLAN_FOUND');
      return plan;
    } catch (error) {
      throw nameConflict(error);
    }
  }

  /** A plan some company is on cannot be deleted (409 ERR_PLAN_IN_USE). */
  async remove(options: { planId: number }): Promise<void> {
    const inUse = await this.knex('companies').where('plan_id', options.planId).count({ count: '*' }).first();
    if (Number(inUse?.count ?? 0) > 0) throw planInUse(Number(inUse?.count));
    try {
      const deleted = await deletedRows(PlanModel.query(this.knex).delete().where('id', options.planId));
      if (deleted === 0) throw AppError.notFound('ERR_NO_PLAN_FOUND');
    } catch (error) {
      // A company took the plan between the check and the delete: the foreign key answers.
      if ((error as { code?: string })?.code === '23503') throw planInUse();
      throw error;
    }
  }

  private async assertNameFree(name: string, exceptId?: number): Promise<void> {
    const query = this.knex('plans').whereRaw('lower(name) = ?', [name.toLowerCase()]);
    if (exceptId !== undefined) query.whereNot('id', exceptId);
    if (await query.first('id')) throw planExists();
  }
}

/** The model columns of a validated body: useIntegration is the other spelling of useIntegrations. */
function planColumns(input: CreatePlanInput | UpdatePlanInput): Partial<PlanModel> {
  const columns: Record<string, unknown> = {};
  for (const key of ['name', 'users', 'connections', 'queues', 'amount', 'isPublic', 'recurrence', ...planFlagFields] as const) {
    if (input[key] !== undefined) columns[key] = input[key];
  }
  if (input.useIntegrations === undefined && input.useIntegration !== undefined) columns.useIntegrations = input.useIntegration;
  return columns as Partial<PlanModel>;
}

function planExists(): AppError {
  return new AppError('ERR_PLAN_ALREADY_EXISTS', 409, { message: PLAN_SAVE_FAILURE, fields: { name: 'Já existe um plano com este nome' } });
}

function planInUse(companies?: number): AppError {
  return new AppError('ERR_PLAN_IN_USE', 409, {
    message: 'Não foi possível realizar a operação. O plano está em uso por uma ou mais empresas.',
    ...(companies ? { extra: { companies } } : {}),
  });
}

function nameConflict(error: unknown): unknown {
  const candidate = error as { code?: string; constraint?: string; message?: string };
  if (candidate?.code === '23505' && /plans_name/.test(`${candidate.constraint ?? ''} ${candidate.message ?? ''}`)) return planExists();
  return error;
}
