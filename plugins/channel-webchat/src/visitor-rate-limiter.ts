/**
 * A token bucket per key (a visitor), kept in memory: `capacity` requests at once, then `refillPerSecond`.
 * Per process: with several nodes each keeps its own buckets, so a visitor spread over N nodes gets up to N times
 * the rate. That is acceptable for abuse protection of the widget; the strict limits of core use Redis.
 */
export class VisitorRateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly capacity = 20,
    private readonly refillPerSecond = 1,
    private readonly maxKeys = 50_000,
  ) {}

  /** Takes one token for key; false when the bucket is empty (answer 429). */
  take(key: string, now = Date.now()): boolean {
    const bucket = this.buckets.get(key) ?? { tokens: this.capacity, at: now };
    bucket.tokens = Math.min(this.capacity, bucket.tokens + ((now - bucket.at) / 1000) * this.refillPerSecond);
    bucket.at = now;
    if (bucket.tokens < 1) {
      this.buckets.set(key, bucket);
      return false;
    }
    bucket.tokens -= 1;
    this.buckets.set(key, bucket);
    if (this.buckets.size > this.maxKeys) this.prune(now);
    return true;
  }

  /** Whole seconds until `key` may take a token again (the 429's Retry-After); 0 when it may now. */
  secondsUntilNext(key: string, now = Date.now()): number {
    const bucket = this.buckets.get(key);
    if (!bucket) return 0;
    const tokens = bucket.tokens + ((now - bucket.at) / 1000) * this.refillPerSecond;
    return tokens >= 1 ? 0 : Math.ceil((1 - tokens) / this.refillPerSecond);
  }

  /** Forgets the buckets that have refilled completely (they behave like new ones). */
  private prune(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.at) / 1000) * this.refillPerSecond >= this.capacity) this.buckets.delete(key);
    }
  }
}
