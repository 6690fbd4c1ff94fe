import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import { LRUCache } from 'lru-cache';
import { tableWrittenBy, type WriteClock } from './write-clock.ts';

/**
 * The SQLite database as Kysely's driver sees it, with prepared statements kept by their SQL.
 * Kysely prepares every query anew, and preparing (parsing and planning against the schema)
 * cost more than running the small indexed reads most requests make (a --cpu-prof of the API
 * bench: `prepare` was 15–17 % of the server's time). Kysely's driver runs one statement at a
 * time on its one connection, so a cached statement is never busy when it is used again, and
 * SQLite re-prepares a cached statement itself after a schema change. Bounded: queries whose
 * text varies (IN lists, browse filters) only evict each other.
 *
 * With a clock, every statement that writes records its table there once it has run (or
 * failed: a failed statement changed nothing, and an extra tick only costs a cache hit).
 */
export function cachingStatements(
  sqlite: SQLite.Database,
  clock?: WriteClock,
  max = 500,
): SqliteDatabase {
  const statements = new LRUCache<string, SqliteStatement>({ max });
  return {
    close: () => void sqlite.close(),
    prepare(sql: string): SqliteStatement {
      let stmt = statements.get(sql);
      if (!stmt) {
        const prepared = sqlite.prepare(sql);
        const table = clock && !prepared.readonly ? tableWrittenBy(sql) : undefined;
        stmt = prepared as unknown as SqliteStatement;
        if (clock && table) stmt = ticking(stmt, () => clock.wrote(table));
        statements.set(sql, stmt);
      }
      return stmt;
    },
  };
}

function ticking(stmt: SqliteStatement, tick: () => void): SqliteStatement {
  const after = <T>(run: () => T): T => {
    try {
      return run();
    } finally {
      tick();
    }
  };
  return {
    reader: stmt.reader,
    all: (parameters) => after(() => stmt.all(parameters)),
    run: (parameters) => after(() => stmt.run(parameters)),
    iterate: (parameters) => after(() => stmt.iterate(parameters)),
  };
}
