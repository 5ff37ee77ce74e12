import { ContainerModule } from '@switchboard/sdk';
import { BackgroundWorker } from '../../platform/background-worker.js';
import { RouteContribution } from '../../platform/http/api-router.js';
import { DueSchedules } from './due-schedules.js';
import { ScheduleDispatcher } from './schedule-dispatcher.js';
import { SchedulesRoutes } from './schedules.routes.js';
import { ScheduleService } from './schedule.service.js';

export const schedulesModule = new ContainerModule((bind) => {
  bind(ScheduleService).toSelf();
  bind(DueSchedules).toSelf();
  bind(ScheduleDispatcher).toSelf();
  bind(BackgroundWorker).toService(ScheduleDispatcher);
  bind(RouteContribution).to(SchedulesRoutes);
});
