import { ContainerModule } from '@switchboard/sdk';
import { RouteContribution } from '../../platform/http/api-router.js';
import { DashboardFigures } from './dashboard-figures.service.js';
import { DashboardPeriods } from './dashboard-periods.js';
import { DashboardRoutes } from './dashboard.routes.js';
import { MomentsService } from './moments.service.js';

// Built on the tickets module's TicketSearch, TicketVisibility and TicketViews.
export const dashboardModule = new ContainerModule((bind) => {
  bind(MomentsService).toSelf();
  bind(DashboardPeriods).toSelf();
  bind(DashboardFigures).toSelf();
  bind(RouteContribution).to(DashboardRoutes);
});
