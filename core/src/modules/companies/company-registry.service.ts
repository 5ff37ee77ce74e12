import type { Knex } from 'knex';
import { inject, injectable } from '@switchboard/sdk';
import { hashPassword } from '../../platform/auth/passwords.js';
import { SUPER_COMPANY_ID } from '../../platform/auth/auth-context.js';
import { AppError } from '../../platform/http/app-error.js';
import { CompanyCache } from '../../platform/cache/company-cache.js';
import { MediaStorage } from '../../platform/media/media-storage.js';
import { RealtimeBus, rooms } from '../../platform/realtime/realtime-bus.js';
import { SystemData } from '../../platform/system-data.js';
import { Tenancy } from '../../platform/tenancy.js';
import { Logger } from '../../platform/tokens.js';
import { CompanyAdmins } from './company-admins.js';
import { CompanyModel } from './company.model.js';
import type { CreateCompanyInput, UpdateCompanyInput } from './companies.schema.js';
import {
  COMPANIES_PAGE_SIZE,
  companyExists,
  companyJson,
  companyView,
  renewedDueDate,
  uniqueNameConflict,
  type CompanyView,
} from './company.service.js';
import { deletedRows } from '../../platform/database/deleted-rows.js';
import { containsPattern } from '../../platform/database/like-pattern.js';

/**
 * The super user's registry of companies (tenants), a system path (DESIGN §4): creation with settings and first
 * admin, paging over all companies, updates, renewal and removal. Company names and login e-mails are unique
 * across companies. Company 1 is never deleted, never deactivated, and never expires.
 */
@injectable()
export class CompanyRegistry {
  constructor(
    @inject(SystemData) private readonly system: SystemData,
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(RealtimeBus) private readonly realtime: RealtimeBus,
    @inject(CompanyCache) private readonly cache: CompanyCache,
    @inject(CompanyAdmins) private readonly admins: CompanyAdmins,
    @inject(MediaStorage) private readonly media: MediaStorage,
    @inject(Logger) private readonly logger: Logger,
  ) {}

  private get knex(): Knex {
    return this.system.knex;
  }

  async create(options: { input: CreateCompanyInput }): Promise<{ company: CompanyView; adminUserId?: number }> {
    const { input } = options;
    try {
      return await this.knex.transaction(async (trx) => {
        await this.assertPlanExists(trx, input.planId);
        await this.assertNameFree(trx, input.name);
        if (input.password && (await trx('users').whereRaw('lower(email) = ?', [input.email.toLowerCase()]).first('id'))) {
          throw new AppError('ERR_EMAIL_ALREADY_EXISTS', 409, {
            message: 'Já existe um usuário com este e-mail',
            fields: { email: 'Já existe um usuário com este e-mail' },
          });
        }
        const company = await CompanyModel.query(trx)
          .insert({
            name: input.name,
            email: input.email,
            phone: input.phone ?? null,
            planId: input.planId,
            status: input.status,
            dueDate: input.dueDate ?? null,
            recurrence: input.recurrence,
            document: input.document ?? null,
            paymentMethod: input.paymentMethod ?? null,
            addressStreet: input.addressStreet ?? null,
            addressState: input.addressState ?? null,
            addressCity: input.addressCity ?? null,
            ...(input.schedules ? { schedules: input.schedules } : {}),
          } as Partial<CompanyModel>)
          .returning('*');
        await trx('company_settings').insert({ company_id: company.id });
        await trx('settings').insert({ company_id: company.id, key: 'userCreation', value: 'enabled' });
        let adminUserId: number | undefined;
        if (input.password) {
          const admin = await this.admins.create(this.tenancy.of(company.id).within(trx), {
            name: input.name,
            email: input.email,
            passwordHash: await hashPassword(input.password),
          });
          adminUserId = admin.id;
        }
        return { company: await companyView(trx, company.id), adminUserId };
      });
    } catch (error) {
      throw uniqueNameConflict(error);
    }
  }

  async page(options: { searchParam: string; pageNumber: number }): Promise<{ companies: CompanyView[]; count: number; hasMore: boolean }> {
    const query = CompanyModel.query(this.knex);
    if (options.searchParam) {
      const pattern = containsPattern(options.searchParam.toLowerCase());
      query.where((where) =>
        where.whereRaw('lower(companies.name) like ?', [pattern]).orWhereRaw('lower(companies.email) like ?', [pattern]),
      );
    }
    const count = Number(((await query.clone().count({ count: '*' })) as unknown as { count: string }[])[0]?.count ?? 0);
    const rows = await query
      .withGraphFetched('plan')
      .orderBy('name')
      .orderBy('id')
      .limit(COMPANIES_PAGE_SIZE)
      .offset((options.pageNumber - 1) * COMPANIES_PAGE_SIZE);
    const offset = (options.pageNumber - 1) * COMPANIES_PAGE_SIZE;
    return { companies: rows.map(companyJson), count, hasMore: count > offset + rows.length };
  }

  async all(): Promise<CompanyView[]> {
    const rows = await CompanyModel.query(this.knex).withGraphFetched('plan').orderBy('name').orderBy('id');
    return rows.map(companyJson);
  }

  async update(options: { companyId: number; input: UpdateCompanyInput }): Promise<CompanyView> {
    const { companyId, input } = options;
    if (companyId === SUPER_COMPANY_ID && input.status === false) {
      throw new AppError('ERR_SUPER_COMPANY_PROTECTED', 400, {
        message: 'A empresa principal não pode ser desativada.',
        fields: { status: 'A empresa principal não pode ser desativada.' },
      });
    }
    try {
      const { view, shutOut } = await this.knex.transaction(async (trx) => {
        const company = await CompanyModel.query(trx).findById(companyId).forUpdate();
        if (!company) throw AppError.notFound('ERR_NO_COMPANY_FOUND');
        if (input.planId !== undefined) await this.assertPlanExists(trx, input.planId);
        if (input.name !== undefined && input.name.toLowerCase() !== company.name.toLowerCase())
          await this.assertNameFree(trx, input.name, companyId);
        const { password, dueDate, ...fields } = input;
        const patch: Partial<CompanyModel> = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
        // Company 1 never expires: its due date is not editable.
        if (dueDate !== undefined && companyId !== SUPER_COMPANY_ID) patch.dueDate = dueDate;
        if (Object.keys(patch).length > 0) await CompanyModel.query(trx).patch(patch).where('id', companyId);
        if (password) await this.setAdminPassword(trx, { company, email: input.email ?? company.email, password });
        const after = (await CompanyModel.query(trx).findById(companyId))!;
        const shutOut =
          companyId !== SUPER_COMPANY_ID && (!after.status || !after.dueDate || new Date(after.dueDate).getTime() < Date.now());
        return { view: await companyView(trx, companyId), shutOut };
      });
      // Routing reads the timezone and hours from the company's cache.
      await this.cache.invalidate(companyId);
      if (shutOut) this.closeSockets(companyId);
      return view;
    } catch (error) {
      throw uniqueNameConflict(error);
    }
  }

  async remove(options: { companyId: number }): Promise<void> {
    if (options.companyId === SUPER_COMPANY_ID) {
      throw new AppError('ERR_SUPER_COMPANY_PROTECTED', 400, { message: 'A empresa principal não pode ser excluída.' });
    }
    const deleted = await deletedRows(CompanyModel.query(this.knex).delete().where('id', options.companyId));
    if (deleted === 0) throw AppError.notFound('ERR_NO_COMPANY_FOUND');
    this.closeSockets(options.companyId);
    // Only once the rows are gone: a refused delete keeps the files its messages point to. The company is deleted
    // either way, so a failure here is logged for the operator rather than answered as a failed delete.
    await this.media.removeCompany(options.companyId).catch((error: unknown) => {
      this.logger.error({ err: error, companyId: options.companyId }, "could not remove a deleted company's media");
    });
  }

  /**
   * A company suspended, expired or removed loses its open sockets at once (on every node); a reconnect goes through
   * the handshake, which refuses it, and the web app then shows why.
   */
  private closeSockets(companyId: number): void {
    const room = rooms.company(companyId);
    this.realtime.io.in([room, rooms.masked(room)]).disconnectSockets(true);
  }

  /**
   * Renewal (spec 2 §4): the due date advances by the company's recurrence, counted from the later of the
   * current due date and now, so renewing an overdue company gives it a full period from today. `within` runs it in
   * the caller's transaction (a paid invoice and its renewal commit together).
   */
  async renew(options: { companyId: number; now?: Date; within?: Knex.Transaction }): Promise<CompanyView> {
    if (options.companyId === SUPER_COMPANY_ID) {
      throw new AppError('ERR_SUPER_COMPANY_PROTECTED', 400, { message: 'A empresa principal não expira e não precisa de renovação.' });
    }
    return (options.within ?? this.knex).transaction(async (trx) => {
      const company = await CompanyModel.query(trx).findById(options.companyId).forUpdate();
      if (!company) throw AppError.notFound('ERR_NO_COMPANY_FOUND');
      const dueDate = renewedDueDate({ dueDate: company.dueDate, recurrence: company.recurrence, now: options.now ?? new Date() });
      await CompanyModel.query(trx)
        .patch({ dueDate } as Partial<CompanyModel>)
        .where('id', company.id);
      return companyView(trx, company.id);
    });
  }

  private async assertPlanExists(knex: Knex | Knex.Transaction, planId: number): Promise<void> {
    if (!(await knex('plans').where('id', planId).first('id'))) {
      throw new AppError('ERR_VALIDATION', 400, { message: 'Plano inválido', fields: { planId: 'Plano inválido' } });
    }
  }

  private async assertNameFree(knex: Knex | Knex.Transaction, name: string, exceptId?: number): Promise<void> {
    const query = knex('companies').whereRaw('lower(name) = ?', [name.toLowerCase()]);
    if (exceptId !== undefined) query.whereNot('id', exceptId);
    if (await query.first('id')) throw companyExists();
  }

  /** The company's admin whose e-mail is the company's gets the new password; without one, it is created. */
  private async setAdminPassword(
    trx: Knex.Transaction,
    options: { company: CompanyModel; email: string | null; password: string },
  ): Promise<void> {
    const scope = this.tenancy.of(options.company.id).within(trx);
    const passwordHash = await hashPassword(options.password);
    const email = options.email?.toLowerCase();
    const admin = email ? await this.admins.findByEmail(scope, email) : undefined;
    if (admin) {
      await this.admins.setPassword(scope, admin.id, passwordHash);
      return;
    }
    if (!email) throw new AppError('ERR_VALIDATION', 400, { message: 'E-mail é obrigatório', fields: { email: 'E-mail é obrigatório' } });
    if (await trx('users').whereRaw('lower(email) = ?', [email]).first('id')) {
      throw new AppError('ERR_EMAIL_ALREADY_EXISTS', 409, {
        message: 'Já existe um usuário com este e-mail',
        fields: { email: 'Já existe um usuário com este e-mail' },
      });
    }
    await this.admins.create(scope, { name: options.company.name, email, passwordHash });
  }
}
