import { injectable } from '@switchboard/sdk';
import type { TenantScope } from '../../platform/database/model.js';
import { AppError } from '../../platform/http/app-error.js';

export type LimitedResource = 'users' | 'connections' | 'queues';

const tables: Record<LimitedResource, string> = { users: 'users', connections: 'connections', queues: 'queues' };
const names: Record<LimitedResource, string> = { users: 'usuários', connections: 'conexões', queues: 'filas' };
/** First key of the per-company advisory lock that serialises the limited creations of one company. */
const PLAN_LIMITS_LOCK = 0x706c_616e;

/** The plan's counters (users, connections, queues) are enforced here, not only by the menus. */
@injectable()
export class PlanLimits {
  /**
   * Throws 403 ERR_PLAN_LIMIT_REACHED when the company already has as many as its plan allows. Call it inside the
   * transaction that inserts: it holds a per-company lock until that transaction ends, so concurrent creations
   * count one after another and never pass the limit together.
   */
  async assertCanCreate(trx: TenantScope, resource: LimitedResource): Promise<void> {
    await trx.transaction(async (scope) => {
      await scope.connection.raw('select pg_advisory_xact_lock(?, ?)', [PLAN_LIMITS_LOCK, scope.companyId]);
      // The company's own row and its plan (neither has a company_id column).
      const plan = await scope
        .connection('companies as c')
        .join('plans as p', 'p.id', 'c.plan_id')
        .where('c.id', scope.companyId)
        .first(`p.${resource} as limit`);
      if (!plan) throw AppError.notFound('ERR_NO_COMPANY_FOUND');
      const [{ count }] = await scope.table(tables[resource]).count({ count: '*' });
      if (Number(count) >= Number(plan.limit)) {
        throw new AppError('ERR_PLAN_LIMIT_REACHED', 403, {
          message: `O plano da empresa permite no máximo ${plan.limit} ${names[resource]}`,
          extra: { resource, limit: Number(plan.limit) },
        });
      }
    });
  }
}
