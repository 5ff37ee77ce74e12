/**
 * A worker's sweep every `everyMs` on this node, one pass at a time (a slow pass is never overlapped by the next),
 * until stopped; a failed pass is reported and the next one runs as usual. The timer keeps no process alive.
 */
export class SweepLoop {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(private readonly options: { everyMs: number; sweep: () => Promise<void>; onError: (error: unknown) => void }) {}

  start(): void {
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.options
        .sweep()
        .catch(this.options.onError)
        .finally(() => (this.running = undefined));
    }, this.options.everyMs);
    this.timer.unref();
  }

  /** Stops the timer and waits for a pass under way. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
