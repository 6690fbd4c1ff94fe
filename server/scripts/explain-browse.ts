// Browse's SQL at scale: each statement of a browse call with its time, and with --explain
// its plan (SQLite: EXPLAIN QUERY PLAN; PostgreSQL: EXPLAIN (ANALYZE, BUFFERS)), on a
// database the bench seeded (docs/benchmarks.md, "Browse query plans"):
//   node --import tsx server/scripts/explain-browse.ts <sqlite file | postgres url> [--explain] 'skills=java&city=durban' ...
// REPS=n runs each call n times (default 5); INTERLEAVE=1 runs the calls in turn, as the
// bench does, and prints each one's p50 and p95; PRAGMAS='cache_size=-64000' sets SQLite pragmas.
// Not part of the app or its tests: it opens SQLite read-only.
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { browseQuerySchema } from '@vitae/core';
import { browseListings } from '../src/hr/browse.repo.ts';
import type { Database } from '../src/db/database.ts';

const target = process.argv[2]!;
const explain = process.argv.includes('--explain');
const reps = Number(process.env.REPS ?? 5);
const queries = process.argv.slice(3).filter((a) => !a.startsWith('--'));
const isPg = target.startsWith('postgres');
const log: { sql: string; params: readonly unknown[]; ms: number }[] = [];
type Db = Database;
const db = new Kysely<Db>({
  dialect: isPg
    ? new PostgresDialect({ pool: new pg.Pool({ connectionString: target, max: 10 }) })
    : new SqliteDialect({ database: new SQLite(target, { readonly: true }) }),
  log: (e) => {
    if (e.level === 'query')
      log.push({ sql: e.query.sql, params: e.query.parameters, ms: e.queryDurationMillis });
    else console.error(e.error);
  },
});
const hr =
  (await sql<{ id: string }>`SELECT id FROM users WHERE is_hr = 1 LIMIT 1`.execute(db)).rows[0]
    ?.id ?? 'none';
const inline = (q: string, params: readonly unknown[]) => {
  let i = 0;
  return isPg
    ? q.replace(/\$(\d+)/g, (_, n) => lit(params[Number(n) - 1]))
    : q.replace(/\?/g, () => lit(params[i++]));
};
const lit = (v: unknown) =>
  typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
if (process.env.PRAGMAS && !isPg)
  for (const p of process.env.PRAGMAS.split(';')) await sql.raw(`PRAGMA ${p}`).execute(db);
if (process.env.INTERLEAVE) {
  const parsed = queries.map((qs) =>
    browseQuerySchema.parse(Object.fromEntries(new URLSearchParams(qs))),
  );
  const times = queries.map(() => [] as number[]);
  for (let r = 0; r < reps; r++)
    for (const [i, q] of parsed.entries()) {
      const t0 = performance.now();
      await browseListings(db, hr, q);
      times[i]!.push(performance.now() - t0);
    }
  for (const [i, t] of times.entries()) {
    t.sort((a, b) => a - b);
    console.log(
      `${t[Math.floor(t.length / 2)]!.toFixed(2)} ${t[Math.floor(t.length * 0.95)]!.toFixed(2)}  ${queries[i]}`,
    );
  }
  await db.destroy();
  process.exit(0);
}
for (const qs of queries) {
  const q = browseQuerySchema.parse(Object.fromEntries(new URLSearchParams(qs)));
  const totals: number[] = [];
  let last: typeof log = [];
  let res = await browseListings(db, hr, q);
  for (let r = 0; r < reps; r++) {
    log.length = 0;
    const t0 = performance.now();
    res = await browseListings(db, hr, q);
    totals.push(performance.now() - t0);
    last = [...log];
  }
  totals.sort((a, b) => a - b);
  console.log(
    `\n=== ${qs}  total min ${totals[0]!.toFixed(1)} med ${totals[Math.floor(reps / 2)]!.toFixed(1)} ms; total=${res.total} capped=${res.totalCapped} more=${res.hasMore} n=${res.data.length}`,
  );
  for (const l of last) {
    console.log(
      `-- ${l.ms.toFixed(2)} ms: ${inline(l.sql, l.params).slice(0, explain ? 100000 : 160)}`,
    );
    if (
      explain &&
      !/"hr_saved_cvs" where "hr_user_id"|count\(\*\) as "n" from "public_cvs" where "is_listed"/.test(
        l.sql,
      )
    ) {
      const plan = isPg
        ? await sql.raw(`EXPLAIN (ANALYZE, BUFFERS) ${inline(l.sql, l.params)}`).execute(db)
        : await sql.raw(`EXPLAIN QUERY PLAN ${inline(l.sql, l.params)}`).execute(db);
      for (const row of plan.rows as Record<string, string>[])
        console.log('   ', isPg ? row['QUERY PLAN'] : `${row.id}/${row.parent} ${row.detail}`);
    }
  }
}
await db.destroy();
