import { sql } from 'kysely';
import type { Db } from './database.ts';

/**
 * A unique index or primary key refused a row: PostgreSQL's unique_violation (23505),
 * better-sqlite3's SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY. Under parallel requests this is
 * how the database reports "someone else got there first".
 */
const UNIQUE_VIOLATION_CODES = new Set([
  '23505',
  'SQLITE_CONSTRAINT_UNIQUE',
  'SQLITE_CONSTRAINT_PRIMARYKEY',
]);

export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && UNIQUE_VIOLATION_CODES.has(code);
}

/**
 * PostgreSQL out of reach for the moment: restarting or shut down (57P01-57P03), out of
 * connections (53300), a connection exception (class 08), a connection cut under the pool's
 * client, or no connection to be had. The same request may succeed seconds later.
 */
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '53300', 'ECONNREFUSED']);
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/;

export function isDatabaseUnavailable(err: unknown): boolean {
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) {
    return true;
  }
  return typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message);
}

/** For `.catch()`: a unique violation becomes `conflict` (the answer the client should see). */
export const onUniqueViolation =
  (conflict: Error) =>
  (err: unknown): never => {
    throw isUniqueViolation(err) ? conflict : err;
  };

/** Runs `fn` in a transaction, or inside the caller's one: Kysely transactions do not nest. */
export function inTransaction<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}

/**
 * Holds the row's write lock until the transaction ends, so the read-check-write steps of
 * everyone who locks it first run one after another (a cap counted, then an insert).
 * A no-op UPDATE is the lock statement both engines accept: PostgreSQL locks the row
 * (FOR NO KEY UPDATE strength, so inserts referencing it still go through), SQLite takes
 * the database's write lock (which a transaction begun IMMEDIATE already holds).
 */
export async function lockRow(trx: Db, table: 'users' | 'public_cvs', id: string): Promise<void> {
  if (!trx.isTransaction) throw new Error('lockRow needs a transaction');
  await sql`UPDATE ${sql.table(table)} SET updated_at = updated_at WHERE id = ${id}`.execute(trx);
}

/** A table a user's own actions add rows to, and how its rows age. */
export interface PerUserRows {
  table: 'sessions' | 'devices' | 'notifications';
  /** Its key column. */
  key: string;
  /** The column whose latest values are the rows worth keeping. */
  newest: string;
  keep: number;
  /** Only rows whose `column` is past `after` count as kept (a session's expiry). */
  liveWhen?: { column: string; after: string };
}

/**
 * Deletes the user's rows beyond the newest `keep`: the bound on a table that one user's
 * requests would otherwise grow without end. Run it in the transaction that adds a row.
 * Counted first: a DELETE tells the write clock that every table changed (it cannot see
 * cascades), which would drop every kept answer, so it runs only when there is one to do.
 */
export async function keepNewestRows(trx: Db, rows: PerUserRows, userId: string): Promise<void> {
  const { table, key, newest, keep, liveWhen } = rows;
  const { rows: counted } = await sql<{ n: number | string }>`SELECT COUNT(*) AS n
    FROM ${sql.table(table)} WHERE user_id = ${userId}`.execute(trx);
  if (Number(counted[0]?.n ?? 0) <= keep) return;
  const live = liveWhen ? sql`AND ${sql.ref(liveWhen.column)} > ${liveWhen.after}` : sql``;
  await sql`DELETE FROM ${sql.table(table)} WHERE user_id = ${userId}
    AND ${sql.ref(key)} NOT IN (
      SELECT ${sql.ref(key)} FROM ${sql.table(table)} WHERE user_id = ${userId} ${live}
      ORDER BY ${sql.ref(newest)} DESC, ${sql.ref(key)} DESC LIMIT ${keep})`.execute(trx);
}
