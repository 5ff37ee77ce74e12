import BeeQueue from 'bee-queue';
import { withTimeout } from '../deadline.js';
import { probeHealth, type PortHealth } from '../port.js';
import { awayDependency } from '../http/service-unavailable.js';
import { closeRedisClient, openRedisClient, RedisOutageLog, type RedisClient } from '../redis/redis-client.js';
import { currentRequestId, withRequestId } from '../metrics/request-context.js';
import type { JobHandler, JobOptions, JobQueue, QueueStats } from './job-queue.js';

export interface BeeJobQueueOptions {
  redisUrl: string;
  /** Redis key prefix of every queue; tests use a unique one per run. Default 'sb:jobs'. */
  prefix?: string;
  /** How long close() waits for running jobs before it gives up on them. Default 10000. */
  closeTimeoutMs?: number;
  /** Told about a job that failed its last attempt; the database stays the source of truth, so it is only reported. */
  onFailed?: (queue: string, job: { id: string; attempt: number }, error: unknown) => void;
  /** Redis errors of the queues; without a listener bee-queue's 'error' event would crash the process. */
  onError?: (error: Error) => void;
  /** Shared by the node's Redis clients, so an outage is logged once. */
  outageLog?: RedisOutageLog;
}

/**
 * What is stored in Redis: bee-queue counts retries down, so the first value is kept to know the attempt number.
 */
interface JobEnvelope {
  payload: unknown;
  retries: number;
  /** The request that added it, on whichever node: the job's log lines carry that id. */
  reqId?: string;
}

/** How long a scrape waits for one queue's counts. */
const statsTimeoutMs = 1000;

/** A bee-queue job's worker was gone this long before another node runs it again. */
const stallIntervalMs = 5000;

/** Scaled mode: one bee-queue per queue name on Redis; every node may run every job. */
export class BeeJobQueue implements JobQueue {
  readonly implementation = 'bee-queue';
  private readonly queues = new Map<string, BeeQueue<JobEnvelope>>();
  /** Jobs that failed their last attempt here, by queue (kept when the queue is closed by stopProcessing). */
  private readonly failed = new Map<string, number>();
  private readonly redis: RedisClient;
  private readonly outageLog: RedisOutageLog;
  private closed = false;

  constructor(private readonly options: BeeJobQueueOptions) {
    // Only for health: bee-queue's own clients are node_redis clients held inside each queue.
    this.outageLog = options.outageLog ?? new RedisOutageLog();
    this.redis = openRedisClient(options.redisUrl, this.outageLog);
  }

  process<T>(queue: string, handler: JobHandler<T>, options: { concurrency?: number } = {}): void {
    const bee = this.queueNamed(queue);
    bee.process(Math.max(1, options.concurrency ?? 1), async (job) => {
      const { payload, retries, reqId } = job.data;
      const attempt = retries - (job.options.retries ?? 0) + 1;
      await withRequestId(reqId, () => handler(payload as T, { id: job.id, attempt }));
    });
    // Requeues the jobs of workers that died mid-job; bee-queue only checks when asked to.
    bee.checkStalledJobs(stallIntervalMs).catch((error: Error) => this.reportError(error));
  }

  async add<T>(queue: string, data: T, options: JobOptions = {}): Promise<string> {
    const retries = options.retries ?? 0;
    const backoffMs = options.backoffMs ?? 1000;
    const job = this.queueNamed(queue).createJob({ payload: data, retries, reqId: currentRequestId() });
    if (options.jobId) job.setId(options.jobId);
    if (retries > 0) {
      job.retries(retries);
      // bee-queue's exponential strategy waits backoffMs, then doubles it: backoffMs * 2^(attempt-1).
      if (backoffMs > 0) job.backoff('exponential', Math.round(backoffMs));
      else job.backoff('immediate');
    }
    if (options.delayMs && options.delayMs > 0) job.delayUntil(Date.now() + options.delayMs);
    const saved = await job.save();
    // A duplicate jobId is not saved and comes back without an id.
    return saved.id ?? options.jobId!;
  }

  async stats(): Promise<QueueStats[]> {
    const names = new Set([...this.queues.keys(), ...this.failed.keys()]);
    return Promise.all(
      [...names].map(async (queue) => {
        const bee = this.queues.get(queue);
        // A scrape during a Redis outage answers without the depths rather than wait for Redis.
        const counts = bee ? await withTimeout(bee.checkHealth(), statsTimeoutMs, 'no answer in time').catch(() => undefined) : undefined;
        const depth = counts && { waiting: counts.waiting, active: counts.active, delayed: counts.delayed };
        return { queue, depth, failed: this.failed.get(queue) ?? 0 };
      }),
    );
  }

  health(): Promise<PortHealth> {
    return probeHealth(this.implementation, async () => {
      if (this.closed) throw new Error('closed');
      await this.redis.ping();
    });
  }

  async stopProcessing(queue: string): Promise<void> {
    const bee = this.queues.get(queue);
    if (!bee) return;
    // A bee queue cannot stop processing and go on; close it, and the next add() opens a fresh one.
    this.queues.delete(queue);
    await bee.close(this.options.closeTimeoutMs ?? 10000).catch((error: Error) => this.reportError(error));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const timeout = this.options.closeTimeoutMs ?? 10000;
    await Promise.all([...this.queues.values()].map((bee) => bee.close(timeout).catch((error: Error) => this.reportError(error))));
    await closeRedisClient(this.redis, this.outageLog);
  }

  private queueNamed(name: string): BeeQueue<JobEnvelope> {
    if (this.closed) throw new Error('The job queue is closed');
    let bee = this.queues.get(name);
    if (!bee) {
      bee = new BeeQueue<JobEnvelope>(name, {
        redis: { url: this.options.redisUrl },
        prefix: this.options.prefix ?? 'sb:jobs',
        stallInterval: stallIntervalMs,
        activateDelayedJobs: true,
        // The default 1 s would let a delayed job or a retry start up to a second late.
        delayedDebounce: 100,
        // Nobody listens to job events, and stored Job objects would only be dropped on those events.
        getEvents: false,
        sendEvents: false,
        storeJobs: false,
        // Finished jobs leave Redis, so a jobId dedupes only while waiting or running, as in-process.
        removeOnSuccess: true,
        removeOnFailure: true,
      });
      bee.on('error', (error) => this.reportError(error));
      // 'failed' also fires before each retry; 'failed:fatal' (missing from the typings) only after the last attempt.
      bee.on('failed:fatal' as 'failed', (job: BeeQueue.Job<JobEnvelope>, error: Error) => {
        const attempt = job.data.retries - (job.options.retries ?? 0) + 1;
        this.failed.set(name, (this.failed.get(name) ?? 0) + 1);
        this.options.onFailed?.(name, { id: job.id, attempt }, error);
      });
      this.queues.set(name, bee);
    }
    return bee;
  }

  private reportError(error: Error): void {
    // Each reconnect attempt of bee-queue's clients during a Redis outage is an error; the outage log already says it
    // once (its health client sees the same Redis go and come back).
    if (awayDependency(error)) return;
    if (this.options.onError) this.options.onError(error);
    else console.error('[jobs] bee-queue error:', error);
  }
}
