import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import { LRUCache } from 'lru-cache';

/**
 * The SQLite database as Kysely's driver sees it, with prepared statements kept by their SQL.
 * Kysely prepares every query anew, and preparing (parsing and planning against the schema)
 * cost more than running the small indexed reads most requests make (a --cpu-prof of the API
 * bench: `prepare` was 15–17 % of the server's time). Kysely's driver runs one statement at a
 * time on its one connection, so a cached statement is never busy when it is used again, and
 * SQLite re-prepares a cached statement itself after a schema change. Bounded: queries whose
 * text varies (IN lists, browse filters) only evict each other.
 */
export function cachingStatements(sqlite: SQLite.Database, max = 500): SqliteDatabase {
  const statements = new LRUCache<string, SqliteStatement>({ max });
  return {
    close: () => void sqlite.close(),
    prepare(sql: string): SqliteStatement {
      let stmt = statements.get(sql);
      if (!stmt) {
        stmt = sqlite.prepare(sql) as unknown as SqliteStatement;
        statements.set(sql, stmt);
      }
      return stmt;
    },
  };
}
