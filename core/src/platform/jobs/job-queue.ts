import type { Port } from '../port.js';

export interface JobOptions {
  /** Run no earlier than this many milliseconds from now. */
  delayMs?: number;
  /** Extra attempts after the first failure. Default 0. */
  retries?: number;
  /** Base of the exponential backoff between attempts, in milliseconds. Default 1000. */
  backoffMs?: number;
  /** A job id already waiting or running is not added twice. */
  jobId?: string;
}

export interface JobInfo {
  id: string;
  /** 1 for the first run. */
  attempt: number;
}

/** What one queue holds and has lost, read by /metrics. */
export interface QueueStats {
  queue: string;
  /** Jobs of the queue everywhere; undefined when the queue's store did not answer in time. */
  depth?: { waiting: number; active: number; delayed: number };
  /** Jobs that failed their last attempt on this node since it started. */
  failed: number;
}

export type JobHandler<T> = (data: T, job: JobInfo) => Promise<void>;

export const JobQueue = Symbol('JobQueue');
/** Named queues of background work; handlers may run on any node and more than once, so they must be idempotent. */
export interface JobQueue extends Port {
  process<T>(queue: string, handler: JobHandler<T>, options?: { concurrency?: number }): void;
  add<T>(queue: string, data: T, options?: JobOptions): Promise<string>;
  /** This node stops taking jobs of the queue (running ones finish); another node, or a later process(), takes them. */
  stopProcessing(queue: string): Promise<void>;
  /** Every queue this node has used. */
  stats(): Promise<QueueStats[]>;
}
