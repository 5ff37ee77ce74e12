import { inject, injectable } from '@switchboard/sdk';
import type { ApiRouter, RouteContribution } from '../../platform/http/api-router.js';
import type { Access } from '../../platform/http/access.js';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import { pageNumber, validate } from '../../platform/http/validation.js';
import { dashboardPeriodSchema, momentsSchema } from './dashboard.schema.js';
import { DashboardFigures } from './dashboard-figures.service.js';
import { DashboardPeriods } from './dashboard-periods.js';
import { MomentsService } from './moments.service.js';

/** /moments: admins, or users with allowRealTime enabled (spec 1 §6, spec 2 §2). */
const realTimeAccess: Access = { profiles: ['admin'], orPermission: 'allowRealTime' };
/** The dashboard: admins, or users with showDashboard enabled (spec 2 §6). */
const dashboardAccess: Access = { profiles: ['admin'], orPermission: 'showDashboard' };

/** Dashboard calls (spec 2 §7 Dashboard and moments). */
@injectable()
export class DashboardRoutes implements RouteContribution {
  readonly area = 'dashboard';

  constructor(
    @inject(MomentsService) private readonly moments: MomentsService,
    @inject(DashboardFigures) private readonly figures: DashboardFigures,
    @inject(DashboardPeriods) private readonly periods: DashboardPeriods,
  ) {}

  register(api: ApiRouter): void {
    api.get('/dashboard/moments', realTimeAccess, async ({ auth, query }) =>
      this.moments.moments({ auth, filters: await validate(momentsSchema, query), pageNumber: pageNumber(query.pageNumber) }),
    );
    api.get('/dashboard', dashboardAccess, async ({ auth, query }) => this.figures.overview(await this.scoped(auth, query)));
    api.get('/dashboard/total-atendimentos', dashboardAccess, async ({ auth, query }) =>
      this.figures.attendance(await this.scoped(auth, query)),
    );
    api.get('/dashboard/queues', dashboardAccess, async ({ auth, query }) => this.figures.byQueue(await this.scoped(auth, query)));
    api.get('/dashboard/ticketsUsers', dashboardAccess, async ({ auth, query }) => this.figures.byUser(await this.scoped(auth, query)));
    api.get('/dashboard/user-info', dashboardAccess, async ({ auth, query }) => this.figures.topAttendant(await this.scoped(auth, query)));
    api.get('/dashboard/nps-info', dashboardAccess, async ({ auth, query }) => this.figures.ratings(await this.scoped(auth, query)));
    api.get('/dashboard/atendimentos-encerrados', dashboardAccess, async ({ auth, query }) =>
      this.figures.closings(await this.scoped(auth, query)),
    );
  }

  private async scoped(auth: AuthContext, query: Record<string, unknown>) {
    const period = await this.periods.resolve(auth.companyId, await validate(dashboardPeriodSchema, query));
    return { companyId: auth.companyId, period };
  }
}
