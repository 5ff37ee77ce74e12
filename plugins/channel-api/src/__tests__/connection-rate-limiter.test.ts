import { expect, it } from '@jest/globals';
import { ConnectionRateLimiter } from '../connection-rate-limiter.js';

it('lets a burst of `capacity` through, then refills per second, per connection', () => {
  const limiter = new ConnectionRateLimiter(3, 2);
  const t0 = 1_000_000;
  expect([1, 2, 3, 4].map(() => limiter.take(1, t0))).toEqual([true, true, true, false]);
  expect(limiter.retryAfterSeconds(1)).toBe(1);
  expect(limiter.take(2, t0)).toBe(true);
  // Half a second refills one request at 2 a second.
  expect(limiter.take(1, t0 + 500)).toBe(true);
  expect(limiter.take(1, t0 + 500)).toBe(false);
  // A long pause refills up to the capacity, not beyond.
  expect([1, 2, 3, 4].map(() => limiter.take(1, t0 + 60_000))).toEqual([true, true, true, false]);
});
