/**
 * A worker that takes one `drill` job and hangs in it until it is killed: jobs-redis.test.ts
 * SIGKILLs it mid-job to prove another worker picks the job up. Not a test by itself.
 */
import { redisJobs } from './bullmq-jobs.ts';

const jobs = await redisJobs({
  url: process.env.REDIS_URL!,
  prefix: process.env.JOBS_PREFIX!,
  lockDurationMs: 1000,
  stalledIntervalMs: 500,
});
jobs.define<{ n: number }>({
  name: 'drill',
  attempts: 1,
  backoffMs: 100,
  concurrency: 1,
  run: (data) => {
    console.log(`started ${data.n}`);
    return new Promise(() => undefined);
  },
  label: (data) => `drill ${data.n}`,
});
await jobs.consume();
console.log('ready');
