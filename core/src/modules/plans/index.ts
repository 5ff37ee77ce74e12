// The plans module's public face: what other modules may use of it (DESIGN §8.13).
export { PlanLimits } from './plan-limits.service.js';
export { PlanModel, recurrenceMonths, recurrences, type Recurrence } from './plan.model.js';
export { plansModule } from './plans.module.js';
