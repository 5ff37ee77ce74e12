import { randomBytes } from 'node:crypto';
import { afterAll, describe } from '@jest/globals';
import { createClient } from 'redis';
import { redisUrlForTests } from '../../../testing/services.js';
import { BeeJobQueue } from '../bee-job-queue.js';
import { InProcessJobQueue } from '../in-process-job-queue.js';
import { defineJobQueueContract } from '../job-queue.contract.js';

defineJobQueueContract('in-process', () => new InProcessJobQueue());

const redisUrl = redisUrlForTests();
(redisUrl ? describe : describe.skip)('bee-queue on Redis', () => {
  // A fresh prefix per queue, so parallel runs and earlier tests never share keys.
  const runPrefix = `sbtest:${process.pid}:${randomBytes(4).toString('hex')}`;
  let queues = 0;

  defineJobQueueContract('bee-queue', () => new BeeJobQueue({ redisUrl: redisUrl!, prefix: `${runPrefix}:${++queues}` }));

  afterAll(async () => {
    // bee-queue leaves its id counters behind even when every job is removed.
    const redis = await createClient({ url: redisUrl! }).connect();
    const keys = await redis.keys(`${runPrefix}:*`);
    if (keys.length > 0) await redis.del(keys);
    await redis.close();
  });
});
