/**
 * The checkout's custom plan (spec 2 §9): 49 reais for 3 users and 3 connections, 11 more for each further user
 * and 20 more for each further connection; neither counter goes below 3. The server prices it again.
 */
export const CUSTOM_PLAN = { basePrice: 49, userStepPrice: 11, connectionStepPrice: 20, minimum: 3 } as const;

/** A counter's value kept at the plan's minimum. */
export function atLeastMinimum(count: number): number {
  return Math.max(CUSTOM_PLAN.minimum, Math.floor(count));
}

/** The plan's price in BRL for so many users and connections (below the minimum counts as the minimum). */
export function customPlanPrice(plan: { users: number; connections: number }): number {
  const extraUsers = atLeastMinimum(plan.users) - CUSTOM_PLAN.minimum;
  const extraConnections = atLeastMinimum(plan.connections) - CUSTOM_PLAN.minimum;
  return CUSTOM_PLAN.basePrice + extraUsers * CUSTOM_PLAN.userStepPrice + extraConnections * CUSTOM_PLAN.connectionStepPrice;
}
