/**
 * A worker process for jobs-redis.test.ts, not a test by itself. It takes one `drill` job and
 * hangs in it until it is killed (the test SIGKILLs it mid-job to prove another worker picks
 * the job up), and does `quick` jobs at once (a worker in another process finishing a job
 * before its producer begins to wait for it).
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
jobs.define<{ n: number }>({
  name: 'quick',
  attempts: 1,
  backoffMs: 100,
  concurrency: 8,
  run: async (data) => `done ${data.n}`,
  label: (data) => `quick ${data.n}`,
});
await jobs.consume();
console.log('ready');
