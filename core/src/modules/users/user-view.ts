import { inject, injectable } from '@switchboard/sdk';
import type { TenantScope } from '../../platform/database/model.js';
import { AppError } from '../../platform/http/app-error.js';
import { SUPER_COMPANY_ID } from '../../platform/auth/auth-context.js';
import { Tenancy } from '../../platform/tenancy.js';
import { CompanySettingModel, secretSettingColumns } from '../settings/index.js';
import { UserDirectory } from './user-directory.js';
import { UserModel, type QueueSummary } from './user.model.js';

/** The signed-in user as the web app keeps it: the user, its queues, its company with plan and settings. */
@injectable()
export class UserViews {
  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(UserDirectory) private readonly directory: UserDirectory,
  ) {}

  /** The queues of some users of the scope's company, by name. */
  async queuesOf(scope: TenantScope, userIds: number[]): Promise<Map<number, QueueSummary[]>> {
    const byUser = new Map<number, QueueSummary[]>(userIds.map((id) => [id, []]));
    if (userIds.length === 0) return byUser;
    const rows = await scope
      .table('user_queues as uq')
      .join('queues as q', 'q.id', 'uq.queue_id')
      .whereIn('uq.user_id', userIds)
      .orderBy('q.name')
      .select('uq.user_id', 'q.id', 'q.name', 'q.color');
    for (const row of rows) byUser.get(row.user_id)?.push({ id: row.id, name: row.name, color: row.color });
    return byUser;
  }

  async sessionUser(userId: number): Promise<Record<string, unknown>> {
    const companyId = await this.directory.companyOf(userId);
    if (companyId === undefined) throw AppError.notFound('ERR_NO_USER_FOUND');
    const scope = this.tenancy.of(companyId);
    const user = await scope.query<UserModel>(UserModel).findById(userId).withGraphFetched('company.plan');
    if (!user || !user.company) throw AppError.notFound('ERR_NO_USER_FOUND');
    const [queues, settings] = await Promise.all([
      this.queuesOf(scope, [userId]),
      scope.query<CompanySettingModel>(CompanySettingModel).first(),
    ]);
    const dueDate = user.company.dueDate;
    const expired = user.companyId !== SUPER_COMPANY_ID && (!dueDate || new Date(dueDate).getTime() < Date.now());
    const settingsJson: Record<string, unknown> = settings ? settings.toJSON() : {};
    for (const column of secretSettingColumns) if (settingsJson[column]) settingsJson[column] = '********';
    return {
      ...user.toJSON(),
      queues: queues.get(userId) ?? [],
      company: { ...user.company.toJSON(), settings: settingsJson },
      settings: settingsJson,
      dueDate,
      expired,
    };
  }
}
