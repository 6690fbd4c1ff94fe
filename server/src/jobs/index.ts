/** Jobs: heavy or unreliable work handed to a queue (in process, or BullMQ with REDIS_URL). */
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
// bullmq and ioredis are imported inside redisJobs: a server without REDIS_URL loads neither.
export { redisJobs, type RedisJobsOptions } from './bullmq-jobs.ts';
export { mailJobs, type MailJobOptions } from './mail-job.ts';
