import { ContainerModule } from '@switchboard/sdk';
import { RouteContribution } from '../../platform/http/api-router.js';
import { DashboardRoutes } from './dashboard.routes.js';
import { MomentsService } from './moments.service.js';

// Built on the tickets module's TicketSearch, TicketVisibility and TicketViews.
export const dashboardModule = new ContainerModule((bind) => {
  bind(MomentsService).toSelf();
  bind(RouteContribution).to(DashboardRoutes);
});
