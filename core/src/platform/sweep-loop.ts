import type { BackgroundWorker } from './background-worker.js';

/**
 * A worker's sweep every `everyMs` on this node, one pass at a time (a slow pass is never overlapped by the next),
 * until stopped; a failed pass is reported and the next one runs as usual. The timer keeps no process alive.
 */
export class SweepLoop {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly options: {
      everyMs: number;
      sweep: () => Promise<void>;
      onError: (error: unknown) => void;
      /** Also sweep at once on start, for work a restart must not put off by a whole interval. */
      atStart?: boolean;
    },
  ) {}

  start(): void {
    this.timer = setInterval(() => this.pass(), this.options.everyMs);
    this.timer.unref();
    if (this.options.atStart) this.pass();
  }

  private pass(): void {
    if (this.running) return;
    this.running = this.options
      .sweep()
      .catch(this.options.onError)
      .finally(() => (this.running = undefined));
  }

  /** Stops the timer and waits for a pass under way. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}

/** A background worker that is only a sweep loop: started with the node, stopped (after its pass) before it closes. */
export function sweepingWorker(options: {
  name: string;
  everyMs: number;
  sweep: () => Promise<unknown>;
  onError: (error: unknown) => void;
  atStart?: boolean;
}): BackgroundWorker {
  const loop = new SweepLoop({ ...options, sweep: async () => void (await options.sweep()) });
  return {
    name: options.name,
    start: async () => loop.start(),
    stop: () => loop.stop(),
  };
}
