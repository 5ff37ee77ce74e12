import { inject, injectable } from '@switchboard/sdk';
import { Database } from '../../platform/database/database.js';
import { AppError } from '../../platform/http/app-error.js';

export type LimitedResource = 'users' | 'connections' | 'queues';

const tables: Record<LimitedResource, string> = { users: 'users', connections: 'connections', queues: 'queues' };

/** The plan's counters (users, connections, queues) are enforced here, not only by the menus. */
@injectable()
export class PlanLimits {
  constructor(@inject(Database) private readonly database: Database) {}

  /** Throws 403 ERR_PLAN_LIMIT_REACHED when the company already has as many as its plan allows. */
  async assertCanCreate(companyId: number, resource: LimitedResource): Promise<void> {
    const knex = this.database.knex;
    const plan = await knex('companies as c')
      .join('plans as p', 'p.id', 'c.plan_id')
      .where('c.id', companyId)
      .first(`p.${resource} as limit`);
    if (!plan) throw AppError.notFound('ERR_NO_COMPANY_FOUND');
    const [{ count }] = await knex(tables[resource]).where('company_id', companyId).count({ count: '*' });
    if (Number(count) >= Number(plan.limit)) {
      throw new AppError('ERR_PLAN_LIMIT_REACHED', 403, {
        message: `O plano da empresa permite no máximo ${plan.limit} ${resource === 'users' ? 'usuários' : resource === 'connections' ? 'conexões' : 'filas'}`,
        extra: { resource, limit: Number(plan.limit) },
      });
    }
  }
}
