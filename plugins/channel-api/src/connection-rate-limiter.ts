/**
 * A token bucket per connection, in memory: `capacity` requests at once, then `refillPerSecond`. PluginHost offers
 * no shared limiter, so with several nodes each keeps its own buckets: an integrator spread over N nodes gets up to
 * N times the rate, which is enough to stop a runaway client.
 */
export class ConnectionRateLimiter {
  private readonly buckets = new Map<number, { tokens: number; at: number }>();

  constructor(
    private readonly capacity: number,
    private readonly refillPerSecond: number,
  ) {}

  /** Takes one request from the connection's bucket; false when it is empty (answer 429). */
  take(connectionId: number, now = Date.now()): boolean {
    const bucket = this.buckets.get(connectionId) ?? { tokens: this.capacity, at: now };
    bucket.tokens = Math.min(this.capacity, bucket.tokens + ((now - bucket.at) / 1000) * this.refillPerSecond);
    bucket.at = now;
    this.buckets.set(connectionId, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  /** Seconds until the connection's next request is allowed (for Retry-After). */
  retryAfterSeconds(connectionId: number): number {
    const bucket = this.buckets.get(connectionId);
    if (!bucket || bucket.tokens >= 1) return 0;
    return Math.ceil((1 - bucket.tokens) / this.refillPerSecond);
  }
}
