/** Thrown when every slot is busy and the waiting line is full. */
export class QueueFullError extends Error {
  constructor() {
    super('work queue is full');
  }
}

export interface WorkQueue {
  /** Runs `job` when a slot is free; refuses at once when the waiting line is full. */
  run<T>(job: () => Promise<T>): Promise<T>;
  /** Jobs running now. */
  readonly inFlight: number;
  /** Jobs waiting for a slot. */
  readonly waiting: number;
  /** The most jobs ever running at once (a gauge for tests and logs). */
  readonly peak: number;
}

/**
 * At most `concurrency` jobs at once and at most `maxWaiting` in line: heavy work (video
 * conversion) then costs a bounded share of the machine however many uploads arrive.
 */
export function workQueue(opts: { concurrency: number; maxWaiting: number }): WorkQueue {
  const concurrency = Math.max(1, opts.concurrency);
  const line: Array<() => void> = [];
  let running = 0;
  let peak = 0;

  const take = async () => {
    if (running < concurrency) {
      running++;
    } else {
      if (line.length >= opts.maxWaiting) throw new QueueFullError();
      // The finishing job hands its slot over directly, so `running` stays the same.
      await new Promise<void>((resolve) => line.push(resolve));
    }
    peak = Math.max(peak, running);
  };
  const release = () => {
    const next = line.shift();
    if (next) next();
    else running--;
  };

  return {
    async run(job) {
      await take();
      try {
        return await job();
      } finally {
        release();
      }
    },
    get inFlight() {
      return running;
    },
    get waiting() {
      return line.length;
    },
    get peak() {
      return peak;
    },
  };
}
