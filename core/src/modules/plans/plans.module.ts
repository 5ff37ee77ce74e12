import { ContainerModule } from '@switchboard/sdk';
import { RouteContribution } from '../../platform/http/api-router.js';
import { PlanRoutes } from './plans.routes.js';
import { PlanService } from './plan.service.js';
import { PlanLimits } from './plan-limits.service.js';

export const plansModule = new ContainerModule((bind) => {
  bind(PlanLimits).toSelf();
  bind(PlanService).toSelf();
  bind(RouteContribution).to(PlanRoutes);
});
