import { inject, injectable } from '@switchboard/sdk';
import type { ApiRouter, RouteContribution } from '../../platform/http/api-router.js';
import type { Access } from '../../platform/http/access.js';
import { pageNumber, validate } from '../../platform/http/validation.js';
import { momentsSchema } from './dashboard.schema.js';
import { MomentsService } from './moments.service.js';

/** /moments: admins, or users with allowRealTime enabled (spec 1 §6, spec 2 §2). */
const realTimeAccess: Access = { profiles: ['admin'], orPermission: 'allowRealTime' };

/** Dashboard calls (spec 2 §7 Dashboard and moments). */
@injectable()
export class DashboardRoutes implements RouteContribution {
  readonly area = 'dashboard';

  constructor(@inject(MomentsService) private readonly moments: MomentsService) {}

  register(api: ApiRouter): void {
    api.get('/dashboard/moments', realTimeAccess, async ({ auth, query }) =>
      this.moments.moments({ auth, filters: await validate(momentsSchema, query), pageNumber: pageNumber(query.pageNumber) }),
    );
  }
}
