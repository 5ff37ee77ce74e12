export interface BackoffOptions {
  /** First delay in milliseconds (default 2000). */
  initialMs?: number;
  /** Each delay is the previous one times this (default 2). */
  factor?: number;
  /** The delay never grows past this (default 5 minutes). */
  maxMs?: number;
}

/** Growing reconnect delays with a cap; reset once a connection opens. */
export class ReconnectBackoff {
  private attempts = 0;
  private readonly initialMs: number;
  private readonly factor: number;
  private readonly maxMs: number;

  constructor(options: BackoffOptions = {}) {
    this.initialMs = options.initialMs ?? 2000;
    this.factor = options.factor ?? 2;
    this.maxMs = options.maxMs ?? 5 * 60_000;
  }

  /** The delay before the next attempt; each call grows it until the cap. */
  next(): number {
    const delay = Math.min(this.maxMs, this.initialMs * this.factor ** this.attempts);
    this.attempts += 1;
    return delay;
  }

  reset(): void {
    this.attempts = 0;
  }
}
