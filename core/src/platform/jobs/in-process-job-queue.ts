import { probeHealth, type PortHealth } from '../port.js';
import { currentRequestId, withRequestId } from '../metrics/request-context.js';
import type { JobHandler, JobOptions, JobQueue, QueueStats } from './job-queue.js';

export interface InProcessJobQueueOptions {
  /** Told about a job that failed its last attempt; the database stays the source of truth, so it is only reported. */
  onFailed?: (queue: string, job: { id: string; attempt: number }, error: unknown) => void;
}

interface PendingJob {
  id: string;
  data: unknown;
  attempt: number;
  retries: number;
  backoffMs: number;
  /** The request that added it: its log lines carry that id. */
  reqId?: string;
}

class NamedQueue {
  handler?: JobHandler<unknown>;
  concurrency = 1;
  running = 0;
  delayed = 0;
  failed = 0;
  readonly waiting: PendingJob[] = [];
  /** Ids waiting, delayed, running or between attempts: what jobId dedupes against. */
  readonly ids = new Set<string>();
}

/** Embedded mode: jobs run in this process on timers; nothing survives a restart, the sweeper re-enqueues from the database. */
export class InProcessJobQueue implements JobQueue {
  readonly implementation = 'in-process';
  private readonly queues = new Map<string, NamedQueue>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: InProcessJobQueueOptions = {}) {}

  process<T>(queue: string, handler: JobHandler<T>, options: { concurrency?: number } = {}): void {
    if (this.closed) throw new Error('The job queue is closed');
    const named = this.queueNamed(queue);
    if (named.handler) throw new Error(`Queue ${queue} already has a handler`);
    named.handler = handler as JobHandler<unknown>;
    named.concurrency = Math.max(1, options.concurrency ?? 1);
    this.drain(queue, named);
  }

  async add<T>(queue: string, data: T, options: JobOptions = {}): Promise<string> {
    if (this.closed) throw new Error('The job queue is closed');
    const named = this.queueNamed(queue);
    const id = options.jobId ?? `${this.nextId++}`;
    if (named.ids.has(id)) return id;
    named.ids.add(id);
    const job: PendingJob = {
      id,
      data,
      attempt: 1,
      retries: options.retries ?? 0,
      backoffMs: options.backoffMs ?? 1000,
      reqId: currentRequestId(),
    };
    this.schedule(queue, named, job, options.delayMs ?? 0);
    return id;
  }

  async stopProcessing(queue: string): Promise<void> {
    const named = this.queues.get(queue);
    if (named) named.handler = undefined;
  }

  async stats(): Promise<QueueStats[]> {
    return [...this.queues].map(([queue, named]) => ({
      queue,
      depth: { waiting: named.waiting.length, active: named.running, delayed: named.delayed },
      failed: named.failed,
    }));
  }

  health(): Promise<PortHealth> {
    return probeHealth(this.implementation, async () => {
      if (this.closed) throw new Error('closed');
    });
  }

  /** Drops waiting and delayed jobs, then waits for the running ones. */
  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.all(this.running);
  }

  private queueNamed(name: string): NamedQueue {
    let named = this.queues.get(name);
    if (!named) {
      named = new NamedQueue();
      this.queues.set(name, named);
    }
    return named;
  }

  private schedule(queue: string, named: NamedQueue, job: PendingJob, delayMs: number): void {
    if (delayMs <= 0) {
      named.waiting.push(job);
      this.drain(queue, named);
      return;
    }
    named.delayed += 1;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      named.delayed -= 1;
      named.waiting.push(job);
      this.drain(queue, named);
    }, delayMs);
    this.timers.add(timer);
  }

  private drain(queue: string, named: NamedQueue): void {
    while (!this.closed && named.handler && named.running < named.concurrency && named.waiting.length > 0) {
      this.run(queue, named, named.handler, named.waiting.shift()!);
    }
  }

  private run(queue: string, named: NamedQueue, handler: JobHandler<unknown>, job: PendingJob): void {
    named.running += 1;
    const execution = (async () => {
      try {
        // Through an async function so that a handler throwing synchronously fails the job, not the queue.
        await withRequestId(job.reqId, () => handler(job.data, { id: job.id, attempt: job.attempt }));
        named.ids.delete(job.id);
      } catch (error) {
        if (this.closed) {
          named.ids.delete(job.id);
        } else if (job.attempt <= job.retries) {
          const backoff = job.backoffMs * 2 ** (job.attempt - 1);
          job.attempt += 1;
          this.schedule(queue, named, job, backoff);
        } else {
          named.ids.delete(job.id);
          named.failed += 1;
          this.options.onFailed?.(queue, { id: job.id, attempt: job.attempt }, error);
        }
      }
    })();
    this.running.add(execution);
    void execution.finally(() => {
      this.running.delete(execution);
      named.running -= 1;
      this.drain(queue, named);
    });
  }
}
