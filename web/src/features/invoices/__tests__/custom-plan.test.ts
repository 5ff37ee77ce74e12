import { describe, expect, it } from '@jest/globals';
import { atLeastMinimum, customPlanPrice } from '../custom-plan';

describe('the custom plan price (spec 2 §9)', () => {
  it('costs 49 for the default 3 users and 3 connections', () => {
    expect(customPlanPrice({ users: 3, connections: 3 })).toBe(49);
  });

  it('adds 11 for each further user and 20 for each further connection', () => {
    expect(customPlanPrice({ users: 4, connections: 3 })).toBe(60);
    expect(customPlanPrice({ users: 3, connections: 4 })).toBe(69);
    expect(customPlanPrice({ users: 10, connections: 5 })).toBe(49 + 7 * 11 + 2 * 20);
  });

  it('never prices below the minimum of 3 each', () => {
    expect(customPlanPrice({ users: 1, connections: 0 })).toBe(49);
    expect(atLeastMinimum(2)).toBe(3);
    expect(atLeastMinimum(7)).toBe(7);
  });
});
