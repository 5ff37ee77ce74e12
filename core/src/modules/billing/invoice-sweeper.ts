import { inject, injectable } from '@switchboard/sdk';
import type { BackgroundWorker } from '../../platform/background-worker.js';
import { Clock } from '../../platform/clock.js';
import { sweepingWorker } from '../../platform/sweep-loop.js';
import { Logger } from '../../platform/tokens.js';
import { DueInvoices } from './due-invoices.js';

/** Invoices are made a week ahead: a minute late is nothing, and the pass is one indexed query when none is due. */
const SWEEP_MS = 60_000;

/** Makes each company's invoice ahead of its due date, on every node; the database keeps one per period. */
@injectable()
export class InvoiceSweeper {
  constructor(
    @inject(DueInvoices) private readonly due: DueInvoices,
    @inject(Clock) private readonly clock: Clock,
    @inject(Logger) private readonly logger: Logger,
  ) {}

  /** The node's worker sweeping every minute. */
  worker(): BackgroundWorker {
    return sweepingWorker({
      name: 'invoices',
      everyMs: SWEEP_MS,
      // A company due within the week gets its invoice as soon as a node starts, not a minute later.
      atStart: true,
      sweep: () => this.sweep(),
      onError: (error) => this.logger.error({ err: error }, 'invoice sweep failed'),
    });
  }

  /** One pass; answers how many invoices this node made. */
  async sweep(): Promise<number> {
    const made = await this.due.make({ now: this.clock.now() });
    if (made > 0) this.logger.info({ made }, 'invoices made');
    return made;
  }
}
