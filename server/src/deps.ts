import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { Mailer } from './plugins/mailer.ts';
import type { RateLimiter } from './plugins/rate-limit.ts';
import type { DomainEvents } from './plugins/domain-events.ts';
import { answerCache, type AnswerCache } from './plugins/answer-cache.ts';
import { sessionStore, type SessionStore } from './plugins/session.ts';
import { writeClockOf } from './db/write-clock.ts';
import { storageFor, type Storage } from './plugins/storage.ts';
import { uploadsWith, type Uploads } from './plugins/upload-limits.ts';
import { inProcessJobs, type Jobs } from './plugins/jobs.ts';

/**
 * What every feature receives. Features import this type from here, never from app.ts, so the
 * composition root can import every feature without an import circle.
 */
export interface AppDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  limiter: RateLimiter;
  events: DomainEvents;
  sessionSecret: string;
  sessions: SessionStore;
  /** Media bytes: local disk under DATA_DIR/media, or S3 when configured. */
  storage: Storage;
  /** Upload limits and the video conversion queue. */
  uploads: Uploads;
  /** Busy reads kept in memory until their tables are written (SQLite only). */
  answers: AnswerCache;
  /** Work handed to a queue (mail, video conversion): in process, or BullMQ with REDIS_URL. */
  jobs: Jobs;
}

export type DepsInput = Omit<AppDeps, 'sessions' | 'storage' | 'uploads' | 'answers' | 'jobs'> & {
  /** Defaults to in-process jobs. */
  jobs?: Jobs;
  /** Defaults to storageFor(config): S3 when configured, else DATA_DIR/media. */
  storage?: Storage;
  /** Defaults to DEFAULT_UPLOAD_LIMITS (one conversion per core); tests pass smaller ones. */
  uploads?: Uploads;
};

/** Builds the deps the process (or a test) did not pass from the ones it did. */
export function buildDeps(input: DepsInput): AppDeps {
  const { config, db, mailer, limiter, events, sessionSecret } = input;
  const answers = answerCache(writeClockOf(db));
  return {
    config,
    db,
    mailer,
    limiter,
    events,
    sessionSecret,
    sessions: sessionStore(
      db,
      sessionSecret,
      config.publicUrl.startsWith('https:'),
      events,
      answers,
    ),
    storage: input.storage ?? storageFor(config),
    uploads: input.uploads ?? uploadsWith(),
    answers,
    jobs: input.jobs ?? inProcessJobs(),
  };
}
