import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppInput } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { createDb } from '../db/create-db.ts';
import { upgradeDatabase } from '../upgrade.ts';
import type { Db } from '../db/database.ts';
import { domainEvents, type DomainEvents } from '../plugins/domain-events.ts';
import { outboxMailer, readOutbox, type OutboxMail } from '../plugins/mailer.ts';
import { memoryRateLimiter, type RateLimiter } from '../plugins/rate-limit.ts';
import { authRepo, hashPassword } from '../auth/index.ts';
import { SESSION_COOKIE } from '../plugins/session.ts';
import { freshPostgres } from './fresh-postgres.ts';

/** Which database API tests run on: TEST_DB=postgres uses TEST_DATABASE_URL. */
export const testDbKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  dataDir: string;
  events: DomainEvents;
  limiter: RateLimiter;
  /** What the app was built with: a second instance on the same database reuses both. */
  config: Config;
  sessionSecret: string;
  outbox(): Promise<OutboxMail[]>;
  close(): Promise<void>;
}

const TEST_SESSION_SECRET = 'test-secret-test-secret-test-secret!';

function testDatabaseUrl(): string {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  return base;
}

/**
 * The real app on a freshly migrated database (SQLite file or a new PostgreSQL database).
 * Pass `logStream` to capture every log line (at trace level) instead of silencing them,
 * and `env` for more configuration variables (e.g. `{ HOST: '0.0.0.0' }`).
 */
export async function buildTestApp({
  env,
  beforeUpgrade,
  ...overrides
}: Partial<AppInput> & {
  env?: NodeJS.ProcessEnv;
  /** Runs on the new, empty database before it is upgraded (an older schema, its rows). */
  beforeUpgrade?: (db: Db, dataDir: string) => Promise<void>;
} = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitae-test-'));
  const pgDb =
    testDbKind === 'postgres' ? await freshPostgres(testDatabaseUrl(), 'vitae_t') : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: pgDb?.url,
    PUBLIC_URL: 'http://localhost:5000',
    LOG_LEVEL: overrides.logStream ? 'trace' : 'silent',
    ...env,
  });
  const db = createDb(config.database);
  await beforeUpgrade?.(db, dataDir);
  await upgradeDatabase(db);
  const events = domainEvents();
  const limiter = memoryRateLimiter();
  const app = await buildApp({
    config,
    db,
    mailer: outboxMailer(dataDir),
    limiter,
    events,
    sessionSecret: TEST_SESSION_SECRET,
    webDist: path.join(dataDir, 'no-web'),
    logger: Boolean(overrides.logStream),
    ...overrides,
  });
  await app.ready();
  return {
    app,
    config,
    sessionSecret: TEST_SESSION_SECRET,
    db,
    dataDir,
    events,
    limiter,
    outbox: () => readOutbox(dataDir),
    async close() {
      await app.close();
      await db.destroy();
      await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const cookieFrom = (res: LightMyRequestResponse): string => {
  const c = res.cookies.find((x) => x.name === SESSION_COOKIE);
  if (!c) throw new Error('no session cookie set');
  return `${SESSION_COOKIE}=${c.value}`;
};

let counter = 0;
/** A verified user signed in through the real login endpoint; returns its cookie header. */
export async function loginAs(
  t: TestApp,
  opts: { fullName?: string; email?: string; password?: string; isHr?: boolean } = {},
): Promise<{ cookie: string; userId: string; email: string }> {
  const n = ++counter;
  const email = opts.email ?? `user${n}-${randomBytes(3).toString('hex')}@example.com`;
  const password = opts.password ?? 'secret123';
  const repo = authRepo(t.db);
  const user = (await repo.create({
    fullName: opts.fullName ?? 'Test User',
    email,
    passwordHash: await hashPassword(password),
    isHr: opts.isHr ?? false,
    pendingCvToSave: null,
  }))!;
  await repo.update(user.id, { is_verified: 1 });
  const res = await t.app.inject({
    method: 'POST',
    url: '/auth/user/login-web',
    payload: { email, password },
    // Its own address per sign-in, so a file with many users never meets the per-IP login limit.
    remoteAddress: `10.${Math.floor(n / 250) % 250}.${n % 250}.1`,
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return { cookie: cookieFrom(res), userId: user.id, email };
}

/** A signed-in test user, as loginAs returns one. */
export type Who = Awaited<ReturnType<typeof loginAs>>;

/**
 * The one request helper of the server tests: a request to the app as `who` (null: signed
 * out). `app` is read when the call is made, so a suite may build its app in beforeAll.
 */
export const callAs =
  (app: () => TestApp) =>
  (
    who: Pick<Who, 'cookie'> | null,
    method: string,
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    app().app.inject({
      method: method as 'GET',
      url,
      headers: { ...(who ? { cookie: who.cookie } : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
