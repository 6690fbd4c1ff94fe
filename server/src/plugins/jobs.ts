/**
 * Work a request hands over instead of doing it in its own time: one kind of job per piece of
 * heavy or unreliable work (outgoing mail first). Two back-ends share this face: in process
 * (no REDIS_URL, today's behaviour: the job runs at once and its error reaches the caller) and
 * BullMQ on Redis (bullmq-jobs.ts: retried with backoff, kept in a dead-letter list when every
 * attempt failed, survives a worker's crash). Decision 0020. The faces live here, beneath the
 * features, so every feature can hand work over (AppDeps.jobs); the back-ends are in jobs/.
 */

/** One kind of job: what runs it and how hard to try. */
export interface JobKind<T> {
  /** The queue's name, e.g. `mail`. */
  name: string;
  /** Tries before the job lands in the dead-letter list (Redis only). */
  attempts: number;
  /** The first retry waits this long; each next one twice as long as the one before. */
  backoffMs: number;
  /** Jobs of this kind one worker runs at once. */
  concurrency: number;
  /** Does the work; a throw is a failed attempt. What it returns is the job's result. */
  run(data: T): Promise<unknown>;
  /**
   * The line an operator reads of this job in the dead-letter list: never a secret (a mail's
   * body holds links and pins; its address and subject are enough to find it).
   */
  label(data: T): string;
}

export interface EnqueueOptions {
  /**
   * Wait for the job's end this long and resolve with its result, rejecting when it failed
   * for good or is not done in time. Without it, enqueue resolves once the job is accepted.
   */
  waitMs?: number;
  /** Overrides the kind's attempts for this job (a caller that waits tries fewer times). */
  attempts?: number;
  /** Overrides the kind's first backoff for this job. */
  backoffMs?: number;
}

/** A kind once defined: how callers hand it work. */
export interface JobHandle<T> {
  enqueue(data: T, opts?: EnqueueOptions): Promise<unknown>;
  /** Jobs of this kind waiting for a worker (in process: none ever wait here). */
  waiting(): Promise<number>;
}

/** A job every attempt of which failed, as `npm run jobs:failed` prints it. */
export interface FailedJob {
  queue: string;
  /** `queue:id`, what `npm run jobs:failed -- --retry` takes. */
  id: string;
  label: string;
  attempts: number;
  reason: string;
  failedAt: string | null;
}

export interface Jobs {
  /** `in-process` or `redis`, for the start-up line and tests. */
  readonly backend: 'in-process' | 'redis';
  /** Registers a kind; every instance defines the same kinds, only consumers run them. */
  define<T>(kind: JobKind<T>): JobHandle<T>;
  /** Starts running the defined kinds' jobs here (ROLE=worker or all). */
  consume(): Promise<void>;
  /** The newest failed jobs, newest first, at most `limit` per queue. */
  failed(limit?: number): Promise<FailedJob[]>;
  /** Puts a failed job (`queue:id`, as `failed` lists it) back in line; false if there is none. */
  retryFailed(ref: string): Promise<boolean>;
  /** Stops taking jobs, lets the running ones finish (or leaves them to another worker), disconnects. */
  close(): Promise<void>;
  describe(): string;
}

/** Thrown to a waiting caller when its job failed for good or was not done in time. */
export class JobFailedError extends Error {}

/**
 * Thrown by enqueue when the queue did not take the job (Redis refused it, or did not answer
 * within 2 s): the caller may do the work itself, as without a queue.
 */
export class JobQueueDownError extends Error {}

/**
 * Jobs run at once in the caller's own time, as before the queue: the result or the error
 * goes back to the caller, who decides (mail callers log a refused mail; sharing answers 502).
 */
export function inProcessJobs(): Jobs {
  return {
    backend: 'in-process',
    define: (kind) => ({ enqueue: (data) => kind.run(data), waiting: async () => 0 }),
    consume: async () => undefined,
    failed: async () => [],
    retryFailed: async () => false,
    close: async () => undefined,
    describe: () => 'in process',
  };
}
