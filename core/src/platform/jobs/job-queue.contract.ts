import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { eventually } from '../../testing/eventually.js';
import { currentRequestId, withRequestId } from '../metrics/request-context.js';
import type { JobInfo, JobQueue } from './job-queue.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The behaviour every JobQueue implementation shares (DESIGN §8.7). */
export function defineJobQueueContract(name: string, factory: () => Promise<JobQueue> | JobQueue): void {
  describe(`JobQueue contract: ${name}`, () => {
    let queue: JobQueue;

    beforeEach(async () => {
      queue = await factory();
    });

    afterEach(async () => {
      await queue.close();
    });

    it('runs a job with its data, also when added before the handler', async () => {
      const seen: Array<{ data: unknown; job: JobInfo }> = [];
      const id = await queue.add('greet', { name: 'Ada' });
      queue.process<{ name: string }>('greet', async (data, job) => {
        seen.push({ data, job });
      });
      await eventually(() => seen.length === 1, 'the job run', 2500);
      expect(seen[0]).toEqual({ data: { name: 'Ada' }, job: { id, attempt: 1 } });
    });

    it('respects the concurrency of a queue', async () => {
      let running = 0;
      let highest = 0;
      let done = 0;
      queue.process(
        'work',
        async () => {
          running += 1;
          highest = Math.max(highest, running);
          await sleep(100);
          running -= 1;
          done += 1;
        },
        { concurrency: 2 },
      );
      for (let index = 0; index < 6; index += 1) await queue.add('work', { index });
      await eventually(() => done === 6, 'six jobs done', 2500);
      expect(highest).toBe(2);
    });

    it('retries a failing job until an attempt succeeds', async () => {
      const attempts: number[] = [];
      let succeeded = false;
      queue.process('flaky', async (_data, job) => {
        attempts.push(job.attempt);
        if (job.attempt < 3) throw new Error(`attempt ${job.attempt} fails`);
        succeeded = true;
      });
      await queue.add('flaky', {}, { retries: 3, backoffMs: 20 });
      await eventually(() => succeeded, 'a retry succeeding', 2500);
      expect(attempts).toEqual([1, 2, 3]);
    });

    it('stops after retries + 1 attempts of a job that always fails', async () => {
      const attempts: number[] = [];
      queue.process('broken', async (_data, job) => {
        attempts.push(job.attempt);
        throw new Error('always fails');
      });
      await queue.add('broken', {}, { retries: 2, backoffMs: 20 });
      await eventually(() => attempts.length === 3, 'three attempts', 2500);
      // An absence with nothing later to wait on: a fourth attempt would come within its backoff (80 ms), so this
      // waits that out a few times over (bounded) before counting.
      await sleep(300);
      expect(attempts).toEqual([1, 2, 3]);
    });

    it('waits delayMs before running a job', async () => {
      let ranAt = 0;
      queue.process('later', async () => {
        ranAt = Date.now();
      });
      const addedAt = Date.now();
      await queue.add('later', {}, { delayMs: 400 });
      await eventually(() => ranAt > 0, 'the delayed job run', 2500);
      expect(ranAt - addedAt).toBeGreaterThanOrEqual(390);
    });

    it('adds a jobId only once while it waits or runs', async () => {
      const runs: unknown[] = [];
      const first = await queue.add('once', { copy: 1 }, { jobId: 'ticket-7' });
      const second = await queue.add('once', { copy: 2 }, { jobId: 'ticket-7' });
      queue.process('once', async (data) => {
        runs.push(data);
        await sleep(50);
      });
      // One job at a time, in order: once a job added after both copies has run, a second copy would have run first.
      await queue.add('once', { copy: 'after' }, { jobId: 'ticket-8' });
      await eventually(() => runs.length === 2, 'the job added after both copies', 2500);
      expect([first, second]).toEqual(['ticket-7', 'ticket-7']);
      expect(runs).toEqual([{ copy: 1 }, { copy: 'after' }]);
    });

    it('stops taking jobs of a queue after stopProcessing, and a new handler takes them', async () => {
      const first: number[] = [];
      queue.process<number>('handover', async (n) => {
        first.push(n);
      });
      await queue.add('handover', 1);
      await eventually(() => first.length === 1, 'job 1 run', 2500);
      await queue.stopProcessing('handover');
      await queue.add('handover', 2);
      const second: number[] = [];
      queue.process<number>('handover', async (n) => {
        second.push(n);
      });
      // The new handler getting job 2 proves the stopped one never took it.
      await eventually(() => second.length === 1, 'the new handler taking job 2', 2500);
      expect(second).toEqual([2]);
      expect(first).toEqual([1]);
    });

    it('counts what a queue holds, and the jobs that failed their last attempt', async () => {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let started = false;
      queue.process<{ fail: boolean }>('counted', async (data) => {
        started = true;
        await gate;
        if (data.fail) throw new Error('fails for good');
      });
      await queue.add('counted', { fail: false });
      await eventually(() => started, 'the first job running', 2500);
      await queue.add('counted', { fail: true });
      await queue.add('counted', { fail: false }, { delayMs: 60_000 });
      const counted = async () => (await queue.stats()).find((stats) => stats.queue === 'counted');
      expect(await counted()).toEqual({ queue: 'counted', depth: { waiting: 1, active: 1, delayed: 1 }, failed: 0 });
      release();
      await eventually(async () => (await counted())?.failed === 1, 'the failure counted', 2500);
      expect(await counted()).toEqual({ queue: 'counted', depth: { waiting: 0, active: 0, delayed: 1 }, failed: 1 });
    });

    it('runs a job under the request id of whoever added it, and a job added outside a request under none', async () => {
      const seen: Record<string, string | undefined> = {};
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      queue.process<string>('traced', async (name) => {
        seen[name] = currentRequestId();
        if (name === 'first') await gate;
      });
      await withRequestId('req-first', () => queue.add('traced', 'first'));
      await eventually(() => 'first' in seen, 'the first job running', 2500);
      // Queued behind the first: it starts when that one ends, which must not lend it the first one's request.
      await queue.add('traced', 'second');
      release();
      await eventually(() => 'second' in seen, 'the second job run', 2500);
      expect(seen).toEqual({ first: 'req-first', second: undefined });
    });

    it('reports its health', async () => {
      const health = await queue.health();
      expect(health.status).toBe('ok');
      expect(health.implementation).toBe(queue.implementation);
    });

    it('closes while a job runs, letting it finish', async () => {
      let finished = false;
      let started = false;
      queue.process('slow', async () => {
        started = true;
        await sleep(200);
        finished = true;
      });
      await queue.add('slow', {});
      await eventually(() => started, 'the slow job started', 2500);
      await queue.close();
      expect(finished).toBe(true);
    });
  });
}
