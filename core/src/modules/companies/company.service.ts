import type { Knex } from 'knex';
import { inject, injectable } from '@switchboard/sdk';
import { AppError } from '../../platform/http/app-error.js';
import { SUPER_COMPANY_ID, type AuthContext } from '../../platform/auth/auth-context.js';
import { CompanyCache } from '../../platform/cache/company-cache.js';
import { Tenancy } from '../../platform/tenancy.js';
import { recurrenceMonths, type Recurrence } from '../plans/index.js';
import { CompanyModel } from './company.model.js';
import type { ScheduleEntry } from './companies.schema.js';
import { SUPER_COMPANY_DUE_DATE } from './first-start.service.js';

export const COMPANIES_PAGE_SIZE = 20;

/** Spec 2 §8: the company form's save failure. */
export const COMPANY_SAVE_FAILURE =
  'Não foi possível realizar a operação. Verifique se já existe uma empresa com o mesmo nome ou se os campos foram preenchidos corretamente.';

export type CompanyView = Record<string, unknown>;

/**
 * A company as its own users and the super user see it: the company, its plan, its service hours. Company 1 is
 * protected: never deleted, never deactivated, and its due date is always 2999-12-31. Managing all companies is
 * the super user's CompanyRegistry.
 */
@injectable()
export class CompanyService {
  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(CompanyCache) private readonly cache: CompanyCache,
  ) {}

  /** One company: the super user sees any; an admin only their own; everyone else gets 404. */
  async show(options: { auth: AuthContext; companyId: number }): Promise<CompanyView> {
    this.assertReaches(options.auth, options.companyId);
    const scope = this.tenancy.of(options.companyId);
    return companyView(scope.connection, scope.companyId);
  }

  /** The company's plan flags and limits (menus, spec 2 §7 listPlan), for its own users or the super user. */
  async plan(options: { auth: AuthContext; companyId: number }): Promise<CompanyView> {
    if (!options.auth.super && options.auth.companyId !== options.companyId) throw AppError.notFound('ERR_NO_COMPANY_FOUND');
    const scope = this.tenancy.of(options.companyId);
    const company = await CompanyModel.query(scope.connection)
      .findById(scope.companyId)
      .select('id', 'name', 'email', 'phone', 'status', 'due_date', 'recurrence', 'plan_id', 'created_at', 'last_login')
      .withGraphFetched('plan');
    if (!company) throw AppError.notFound('ERR_NO_COMPANY_FOUND');
    return companyJson(company);
  }

  /** Service hours of the company (used when the setting scheduleType is company). */
  async updateSchedules(options: { auth: AuthContext; companyId: number; schedules: ScheduleEntry[] }): Promise<CompanyView> {
    this.assertReaches(options.auth, options.companyId);
    const scope = this.tenancy.of(options.companyId);
    const updated = await CompanyModel.query(scope.connection)
      .patch({ schedules: options.schedules } as Partial<CompanyModel>)
      .where('id', scope.companyId);
    if (!updated) throw AppError.notFound('ERR_NO_COMPANY_FOUND');
    // Routing reads the hours from the company's cache.
    await this.cache.invalidate(scope.companyId);
    return companyView(scope.connection, scope.companyId);
  }

  private assertReaches(auth: AuthContext, companyId: number): void {
    if (auth.super) return;
    if (auth.companyId !== companyId) throw AppError.notFound('ERR_NO_COMPANY_FOUND');
    if (auth.profile !== 'admin') throw AppError.forbidden();
  }
}

/** One company as the API answers it, with its plan; 404 when there is none. */
export async function companyView(knex: Knex | Knex.Transaction, companyId: number): Promise<CompanyView> {
  const company = await CompanyModel.query(knex).findById(companyId).withGraphFetched('plan');
  if (!company) throw AppError.notFound('ERR_NO_COMPANY_FOUND');
  return companyJson(company);
}

/** The due date after one renewal: months added to max(dueDate, now), the day clamped to the month's end. */
export function renewedDueDate(options: { dueDate: Date | string | null; recurrence: Recurrence | string; now: Date }): Date {
  const months = recurrenceMonths[options.recurrence as Recurrence] ?? recurrenceMonths.MENSAL;
  const current = options.dueDate ? new Date(options.dueDate) : null;
  const from = current && current.getTime() > options.now.getTime() ? current : options.now;
  return addMonths(from, months);
}

/** Calendar months in UTC; 31 January + 1 month is 28 (or 29) February, as the renewal button did. */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/** A company as the API answers it; company 1 always shows the far-future due date. */
export function companyJson(company: CompanyModel): CompanyView {
  const json = company.toJSON() as CompanyView;
  if (company.id === SUPER_COMPANY_ID) json.dueDate = SUPER_COMPANY_DUE_DATE.toISOString();
  return json;
}

export function companyExists(): AppError {
  return new AppError('ERR_COMPANY_ALREADY_EXISTS', 409, {
    message: COMPANY_SAVE_FAILURE,
    fields: { name: 'Já existe uma empresa com este nome' },
  });
}

/** Two saves racing for one name: the unique index answers, and so do we (409, not 500). */
export function uniqueNameConflict(error: unknown): unknown {
  const candidate = error as { code?: string; constraint?: string; message?: string };
  if (candidate?.code === '23505' && /companies_name/.test(`${candidate.constraint ?? ''} ${candidate.message ?? ''}`))
    return companyExists();
  return error;
}
