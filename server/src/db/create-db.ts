import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import {
  CompiledQuery,
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDialectConfig,
} from 'kysely';
import type { Config } from '../config.ts';
import type { Database, Db } from './database.ts';
import { migrationProvider } from './migrations/index.ts';
import { cachingStatements } from './sqlite-statements.ts';
import { attachWriteClock, writeClock } from './write-clock.ts';

/**
 * SQLite transactions begin IMMEDIATE: they take the write lock first, so a transaction that
 * reads, then writes (count the entries, then add one) waits for another process's writer
 * (busy_timeout) instead of failing with SQLITE_BUSY, and nothing writes in between.
 * (Kysely's default is a deferred BEGIN.)
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}
class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

export function createDb(database: Config['database']): Db {
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: database.url, max: 10 });
    // An idle client's error (PostgreSQL restarted, a connection killed) is emitted on the
    // pool; without a listener it would crash the process. The pool drops that client and
    // the next query opens a new one.
    const lost = (err: Error) => console.error(`PostgreSQL connection lost: ${err.message}`);
    pool.on('error', lost);
    // The pool listens only while a client is idle. A client checked out (between the
    // statements of a transaction, or as its query ends) whose connection is cut would emit
    // its error with no listener and end the process: every instance at once when
    // PostgreSQL restarts. With this listener the statement in flight fails (a 503), the
    // pool drops the client when it is released, and the next request opens a new one.
    pool.on('connect', (client) => client.on('error', lost));
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  fs.mkdirSync(path.dirname(database.file), { recursive: true });
  const sqlite = new SQLite(database.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // FULL: a commit is on disk before the request is answered, so an acknowledged write
  // survives a power loss, not only a process kill (docs/decisions/0005).
  sqlite.pragma('synchronous = FULL');
  // The process owns this file (docs/operations.md, "Durability"): its write clock lets
  // answers be kept in memory.
  const clock = writeClock();
  const db = new Kysely<Database>({
    dialect: new ImmediateSqliteDialect({ database: cachingStatements(sqlite, clock) }),
  });
  return attachWriteClock(db, clock);
}

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(
      `Database migration ${failed?.migrationName ?? ''} failed: ${String((error as Error)?.message ?? error)}`,
    );
  }
}
