import { ContainerModule } from '@switchboard/sdk';
import { PlanLimits } from '../plans/plan-limits.service.js';
import { FirstStart } from './first-start.service.js';

export const companiesModule = new ContainerModule((bind) => {
  bind(FirstStart).toSelf();
  bind(PlanLimits).toSelf();
});
