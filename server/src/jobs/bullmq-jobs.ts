import type { Job, Queue, QueueEvents, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import {
  JobFailedError,
  JobQueueDownError,
  type EnqueueOptions,
  type FailedJob,
  type JobKind,
  type Jobs,
} from '../plugins/jobs.ts';

/** What travels in Redis: the work, and the line an operator may read of it. */
interface Envelope<T> {
  label: string;
  payload: T;
}

export interface RedisJobsOptions {
  url: string;
  /** Keys start with this (tests use one per test and delete it after). Default `vitae`. */
  prefix?: string;
  /** Failed jobs kept per queue for an operator to read; older ones are dropped. Default 1000. */
  failedKept?: number;
  /** How long a worker's lock on a running job lasts unless renewed. Default 30 s. */
  lockDurationMs?: number;
  /** How often a worker looks for jobs whose worker died (their lock expired). Default 30 s. */
  stalledIntervalMs?: number;
}

export const DEFAULT_JOBS_PREFIX = 'vitae';
/** How long enqueue waits for Redis to take a job before it gives up (JobQueueDownError). */
const ACCEPT_TIMEOUT_MS = 2000;

/** The job once Redis took it, or JobQueueDownError. */
async function accepted<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new JobQueueDownError('the job queue did not answer')),
      ACCEPT_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([work, late]);
  } catch (err) {
    if (err instanceof JobQueueDownError) throw err;
    throw new JobQueueDownError(`the job queue refused the job: ${(err as Error).message}`);
  } finally {
    clearTimeout(timer);
  }
}
export const DEFAULT_FAILED_KEPT = 1000;

/**
 * BullMQ on Redis: one queue per kind. A job is retried with exponential backoff; when every
 * attempt failed it stays in the queue's failed set (the dead-letter list, the newest
 * `failedKept`). A worker that dies mid-job stops renewing its lock; another worker's stalled
 * check puts the job back in line, once (a job that stalls twice is failed, not run a third time).
 */
export async function redisJobs(opts: RedisJobsOptions): Promise<Jobs> {
  // Loaded here, not at the top: the bundled server would otherwise load them at every start,
  // with or without REDIS_URL (server-build.test.ts).
  const { Queue, QueueEvents, Worker } = await import('bullmq');
  const { Redis } = await import('ioredis');
  const prefix = opts.prefix ?? DEFAULT_JOBS_PREFIX;
  const failedKept = opts.failedKept ?? DEFAULT_FAILED_KEPT;
  const connections: Redis[] = [];
  // Workers block on Redis: BullMQ wants no per-command retry limit on their connections.
  const connect = () => {
    const c = new Redis(opts.url, { maxRetriesPerRequest: null });
    c.on('error', () => undefined);
    connections.push(c);
    return c;
  };
  // Producers fail fast while Redis is away (no offline queue), so a request never hangs on
  // enqueue and a job it gave up on is not added behind its back when Redis returns.
  const producer = () => {
    const c = new Redis(opts.url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
    c.on('error', () => undefined);
    connections.push(c);
    return c;
  };
  const kinds = new Map<string, { kind: JobKind<unknown>; queue: Queue }>();
  const workers: Worker[] = [];
  const events = new Map<string, Promise<QueueEvents>>();
  let shared: Redis | undefined;

  const eventsOf = (name: string) => {
    let ready = events.get(name);
    if (!ready) {
      const qe = new QueueEvents(name, { connection: connect(), prefix });
      qe.on('error', () => undefined);
      ready = qe.waitUntilReady().then(() => qe);
      events.set(name, ready);
    }
    return ready;
  };

  return {
    backend: 'redis',
    define<T>(kind: JobKind<T>) {
      shared ??= producer();
      const queue = new Queue(kind.name, { connection: shared, prefix });
      queue.on('error', () => undefined);
      kinds.set(kind.name, { kind: kind as JobKind<unknown>, queue });
      return {
        async enqueue(data: T, o: EnqueueOptions = {}) {
          const envelope: Envelope<T> = { label: kind.label(data), payload: data };
          const { qe, job } = await accepted(
            (async () => {
              // Subscribed before the job exists, so its end cannot pass unseen.
              const events = o.waitMs === undefined ? undefined : await eventsOf(kind.name);
              const added = await queue.add(kind.name, envelope, {
                attempts: o.attempts ?? kind.attempts,
                backoff: { type: 'exponential', delay: o.backoffMs ?? kind.backoffMs },
                // A waited job is kept a minute once done: a worker may finish it before the
                // wait below first looks, and a job already removed reads as "Missing key",
                // a failure (a share answered 502 whose mail went out).
                removeOnComplete: o.waitMs === undefined ? true : { age: 60 },
                removeOnFail: { count: failedKept },
              });
              return { qe: events, job: added };
            })(),
          );
          if (!qe) return undefined;
          try {
            return await job.waitUntilFinished(qe, o.waitMs);
          } catch (err) {
            throw new JobFailedError(`${kind.name} job failed: ${(err as Error).message}`);
          }
        },
        waiting: () => queue.getWaitingCount(),
      };
    },
    async consume() {
      for (const { kind, queue } of kinds.values()) {
        const worker = new Worker(
          queue.name,
          (job: Job<Envelope<unknown>>) => kind.run(job.data.payload),
          {
            connection: connect(),
            prefix,
            concurrency: kind.concurrency,
            lockDuration: opts.lockDurationMs ?? 30_000,
            stalledInterval: opts.stalledIntervalMs ?? 30_000,
            maxStalledCount: 1,
          },
        );
        // A failed attempt is the job's business (retried or dead-lettered), not a crash; a
        // Redis away is retried by the connection, and the worker goes on when it is back.
        worker.on('error', () => undefined);
        workers.push(worker);
      }
      // Not waiting for Redis here: an instance starting while Redis is away still serves
      // (its readyz says Redis is down) and its workers start taking jobs once it is back.
    },
    async failed(limit = 50) {
      const out: FailedJob[] = [];
      for (const { queue } of kinds.values()) {
        const jobs = (await queue.getFailed(0, limit - 1)) as Array<Job<Envelope<unknown>>>;
        for (const job of jobs) {
          out.push({
            queue: queue.name,
            id: `${queue.name}:${job.id}`,
            label: job.data?.label ?? '',
            attempts: job.attemptsMade,
            reason: job.failedReason,
            failedAt: job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
          });
        }
      }
      return out.sort((a, b) => (b.failedAt ?? '').localeCompare(a.failedAt ?? ''));
    },
    async retryFailed(ref) {
      const cut = ref.indexOf(':');
      const queue = kinds.get(ref.slice(0, cut))?.queue;
      const job = cut > 0 ? await queue?.getJob(ref.slice(cut + 1)) : undefined;
      if (!job || !(await job.isFailed())) return false;
      await job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
      return true;
    },
    async close() {
      // Workers first: each finishes its running jobs (SIGTERM's grace covers them).
      await Promise.all(workers.map((w) => w.close()));
      await Promise.all([...events.values()].map(async (e) => (await e).close()));
      await Promise.all([...kinds.values()].map(({ queue }) => queue.close()));
      for (const c of connections) c.disconnect();
    },
    describe: () => `BullMQ on Redis (prefix ${prefix})`,
  };
}
