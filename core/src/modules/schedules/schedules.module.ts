import { ContainerModule } from '@switchboard/sdk';
import { RouteContribution } from '../../platform/http/api-router.js';
import { SchedulesRoutes } from './schedules.routes.js';
import { ScheduleService } from './schedule.service.js';

// ScheduleService is also what the dispatcher calls (claimDue, markSent, markFailed).
export const schedulesModule = new ContainerModule((bind) => {
  bind(ScheduleService).toSelf();
  bind(RouteContribution).to(SchedulesRoutes);
});
