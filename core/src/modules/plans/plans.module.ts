import { ContainerModule } from '@switchboard/sdk';
import { RouteContribution } from '../../platform/http/api-router.js';
import { PlanRoutes } from './plans.routes.js';
import { PlanService } from './plan.service.js';

// PlanLimits is bound by the companies module (it predates this one); this module adds the plan API.
export const plansModule = new ContainerModule((bind) => {
  bind(PlanService).toSelf();
  bind(RouteContribution).to(PlanRoutes);
});
