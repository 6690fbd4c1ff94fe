import type { Db } from './database.ts';

/**
 * Counts the writes to each table of the one SQLite database this process owns, as the
 * statements run (decision 0008 §0015). An answer kept with the stamp of the tables it read
 * is current while that stamp is unchanged: every write goes through this process's one
 * connection, one statement at a time, so none can slip between a stamp and the read after it.
 */
export interface WriteClock {
  /** Changes whenever any of `tables` is written (and on a write the clock cannot place). */
  stamp(tables: readonly string[]): number;
  /** Records a write to `table`; `*` to every table. */
  wrote(table: string): void;
}

export const EVERY_TABLE = '*';

export function writeClock(): WriteClock {
  const writes = new Map<string, number>();
  let everywhere = 0;
  return {
    // A sum of counts that only grow: equal stamps mean none of them moved.
    stamp(tables) {
      let stamp = everywhere;
      for (const t of tables) stamp += writes.get(t) ?? 0;
      return stamp;
    },
    wrote(table) {
      if (table === EVERY_TABLE) everywhere++;
      else writes.set(table, (writes.get(table) ?? 0) + 1);
    },
  };
}

const NO_DATA = /^\s*(?:begin|commit|end|rollback|savepoint|release|pragma|analyze|explain)\b/i;
const INSERT_OR_UPDATE =
  /^\s*(?:insert(?:\s+or\s+\w+)?\s+into|replace\s+into|update(?:\s+or\s+\w+)?)\s+(?:"([^"]+)"|(\w+))[\s(]/i;

/**
 * The table a writing statement changes: the one it inserts into or updates. Anything else
 * (a delete, whose foreign keys cascade to other tables; DDL; SQL the pattern does not
 * know) counts as a write to every table, so an unknown statement can only cost cache hits.
 * Undefined for transaction control and pragmas, which change no rows.
 */
export function tableWrittenBy(sql: string): string | undefined {
  if (NO_DATA.test(sql)) return undefined;
  const m = INSERT_OR_UPDATE.exec(sql);
  return m ? (m[1] ?? m[2]) : EVERY_TABLE;
}

/** The tables a SELECT names after `from` or `join`: what an answer built from it depends on. */
export function tablesReadBy(sql: string): string[] {
  const names = [...sql.matchAll(/\b(?:from|join)\s+(?:"([^"]+)"|(\w+))/gi)].map(
    (m) => m[1] ?? m[2]!,
  );
  return [...new Set(names)];
}

const clocks = new WeakMap<Db, WriteClock>();

/** The clock of a database made by createDb on SQLite; none on PostgreSQL (many instances). */
export const writeClockOf = (db: Db): WriteClock | undefined => clocks.get(db);

export function attachWriteClock(db: Db, clock: WriteClock): Db {
  clocks.set(db, clock);
  return db;
}
