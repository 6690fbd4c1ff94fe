/** Jobs: heavy or unreliable work handed to a queue (in process, or BullMQ with REDIS_URL). */
import type { Jobs } from '../plugins/jobs.ts';
import type { RedisJobsOptions } from './bullmq-jobs.ts';

export {
  inProcessJobs,
  JobFailedError,
  JobQueueDownError,
  type EnqueueOptions,
  type FailedJob,
  type JobHandle,
  type JobKind,
  type Jobs,
} from '../plugins/jobs.ts';
export type { RedisJobsOptions } from './bullmq-jobs.ts';
export { mailJobs, type MailJobOptions } from './mail-job.ts';

/** BullMQ jobs, loaded only with REDIS_URL: a server without Redis never loads bullmq. */
export async function redisJobs(opts: RedisJobsOptions): Promise<Jobs> {
  return (await import('./bullmq-jobs.ts')).redisJobs(opts);
}
