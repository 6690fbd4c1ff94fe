import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createDb } from '../src/db/create-db.ts';
import { upgradeDatabase } from '../src/upgrade.ts';
import type { Db } from '../src/db/database.ts';
import { authRepo } from '../src/auth/auth.repo.ts';
import { hashPassword } from '../src/auth/password.ts';
import { domainEvents } from '../src/plugins/domain-events.ts';
import { outboxMailer } from '../src/plugins/mailer.ts';
import { memoryRateLimiter } from '../src/plugins/rate-limit.ts';
import { SESSION_COOKIE } from '../src/plugins/session.ts';
import { freshPostgres } from '../src/test/fresh-postgres.ts';
import { hrRepo } from '../src/hr/hr.repo.ts';
import { seedListedCvs } from './seed.ts';

/** The browse calls measured: search, filters, sort and a page, as the HR screen makes them. */
const QUERIES = [
  '/api/public-cv/browse?sort=newest&gender=all&page=1&limit=24',
  '/api/public-cv/browse?search=mokoena&sort=newest&gender=all&page=1&limit=24',
  '/api/public-cv/browse?search=thandi&gender=female&sort=name&page=2&limit=24',
  '/api/public-cv/browse?gender=male&sort=newest&page=5&limit=24',
  '/api/public-cv/browse?sort=views&gender=all&page=1&limit=24',
  '/api/public-cv/browse?savedOnly=true&sort=newest&page=1&limit=24',
  // Issue 18: skills, language level, place, years, video, and search over skills/headline/summary.
  '/api/public-cv/browse?skills=python&sort=newest&page=1&limit=24',
  '/api/public-cv/browse?skills=python,sql&skillMode=all&sort=newest&page=1&limit=24',
  '/api/public-cv/browse?skills=skill150&sort=newest&page=1&limit=24',
  '/api/public-cv/browse?language=isizulu&languageLevel=B2&province=gauteng&sort=newest&page=1&limit=24',
  '/api/public-cv/browse?province=western%20cape&minYears=5&hasVideo=true&sort=newest&page=1&limit=24',
  '/api/public-cv/browse?search=python&sort=relevance&page=1&limit=24',
  '/api/public-cv/browse?search=data%20engineer&sort=relevance&page=1&limit=24',
  '/api/public-cv/browse?search=reliable&skills=excel&province=gauteng&sort=relevance&page=1&limit=24',
  '/api/public-cv/browse?skills=java&language=english&languageLevel=C1&city=durban&minYears=3&sort=newest&page=1&limit=24',
];
const ROUNDS = 40;

interface Result {
  engine: string;
  cvs: number;
  p50: number;
  p95: number;
  /** This process's CPU time per call (SQLite runs in it; PostgreSQL's work does not show). */
  cpuP95?: number;
  /** Load average (1 min) when the run ended: the machine is shared. */
  load?: number;
  perQuery: { url: string; p50: number; p95: number }[];
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { p50: pct(s, 50), p95: pct(s, 95) };
};

async function hrWithSaves(db: Db, saves: number): Promise<{ email: string; password: string }> {
  const email = `bench-hr-${randomBytes(3).toString('hex')}@example.com`;
  const password = 'bench-secret';
  const repo = authRepo(db);
  const user = (await repo.create({
    fullName: 'Bench Recruiter',
    email,
    passwordHash: await hashPassword(password),
    isHr: true,
    pendingCvToSave: null,
  }))!;
  await repo.update(user.id, { is_verified: 1 });
  const ids = await db.selectFrom('public_cvs').select('id').limit(saves).execute();
  for (const { id } of ids) await hrRepo(db).save(user.id, id);
  return { email, password };
}

/** Where `--reuse` keeps seeded databases between runs (SQLite files; PostgreSQL by name). */
const reuseDir = (): string | null => {
  const at = process.argv.indexOf('--reuse');
  if (at < 0) return null;
  const next = process.argv[at + 1];
  return next && !next.startsWith('--')
    ? path.resolve(next)
    : path.join(os.tmpdir(), 'vitae-bench-reuse');
};

const pgUrl = (base: string, name: string) => {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
};

/** A kept PostgreSQL database `vitae_bench_<cvs>`, created when missing. */
async function keptPostgres(base: string, cvs: number) {
  const name = `vitae_bench_${cvs}`;
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  return { url: pgUrl(base, name), drop: async () => undefined };
}

const listed = async (db: Db) =>
  Number(
    (
      await db
        .selectFrom('public_cvs')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('is_listed', '=', 1)
        .executeTakeFirstOrThrow()
    ).n,
  );

/**
 * Seeds `cvs` listed CVs (or, with `--reuse`, finds them seeded by an earlier run) and
 * times browse through the real app.
 */
async function benchOne(
  engine: 'sqlite' | 'postgres',
  cvs: number,
  pgBase?: string,
): Promise<Result> {
  const keep = reuseDir();
  const dataDir = keep
    ? path.join(keep, `sqlite-${cvs}`)
    : fs.mkdtempSync(path.join(os.tmpdir(), 'vitae-bench-'));
  fs.mkdirSync(dataDir, { recursive: true });
  const pgDb =
    engine !== 'postgres'
      ? undefined
      : keep
        ? await keptPostgres(pgBase!, cvs)
        : await freshPostgres(pgBase!, 'vitae_bench');
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: pgDb?.url,
    PUBLIC_URL: 'http://localhost:5000',
    LOG_LEVEL: 'silent',
  });
  const db = createDb(config.database);
  try {
    await upgradeDatabase(db);
    const have = await listed(db);
    if (have !== cvs) {
      if (have > 0) throw new Error(`${engine}: ${dataDir} holds ${have} listed CVs, not ${cvs}`);
      const started = Date.now();
      await seedListedCvs(db, cvs, { throwaway: true });
      console.log(`${engine} ${cvs}: seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    }
    // Fresh statistics (and, on PostgreSQL, the visibility map that lets index-only scans
    // skip the table), as a long-running database's autovacuum would have left them.
    await (engine === 'postgres' ? sql`VACUUM ANALYZE` : sql`ANALYZE`).execute(db);
    const hr = await hrWithSaves(db, 50);
    const app = await buildApp({
      config,
      db,
      mailer: outboxMailer(dataDir),
      limiter: memoryRateLimiter(),
      events: domainEvents(),
      sessionSecret: 'bench-secret-bench-secret-bench-secret',
      webDist: path.join(dataDir, 'no-web'),
      logger: false,
    });
    await app.ready();
    const login = await app.inject({ method: 'POST', url: '/auth/user/login-web', payload: hr });
    const c = login.cookies.find((x) => x.name === SESSION_COOKIE);
    if (!c) throw new Error(`bench login failed: ${login.body}`);
    const headers = { cookie: `${SESSION_COOKIE}=${c.value}` };
    const times = new Map<string, number[]>(QUERIES.map((q) => [q, []]));
    const cpu: number[] = [];
    for (let round = -3; round < ROUNDS; round++) {
      for (const url of QUERIES) {
        const c0 = process.cpuUsage();
        const t0 = process.hrtime.bigint();
        const res = await app.inject({ method: 'GET', url, headers });
        const ms = Number(process.hrtime.bigint() - t0) / 1e6;
        const used = process.cpuUsage(c0);
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
        if (round >= 0) times.get(url)!.push(ms);
        if (round >= 0) cpu.push((used.user + used.system) / 1000);
      }
    }
    await app.close();
    const all = [...times.values()].flat();
    return {
      engine,
      cvs,
      ...stats(all),
      cpuP95: stats(cpu).p95,
      load: os.loadavg()[0],
      perQuery: QUERIES.map((url) => ({ url, ...stats(times.get(url)!) })),
    };
  } finally {
    await db.destroy();
    await pgDb?.drop();
    if (!keep) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const ms = (x: number) => x.toFixed(2);

function report(results: Result[]): string {
  const lines = [
    '# Benchmarks',
    '',
    'HR browse (`GET /api/public-cv/browse`), server time measured around `app.inject` (routing,',
    'session lookup, validation, the count/page/stats queries and serialisation; no network).',
    `Each of ${QUERIES.length} queries (search over name, headline, skills and summary; gender,`,
    'skills any/all, language with a minimum CEFR level, province, city, years, video; sorts,',
    `pages, saved-only) ran ${ROUNDS} times after 3 warm-up rounds on a seeded database`,
    '(`npm run bench -- --sizes 1000,1000000 --reuse` keeps the seeded databases for the next',
    'run; seeding a million takes minutes). Produced by `npm run bench`',
    `on ${os.cpus().length} CPU(s), ${new Date().toISOString().slice(0, 10)}, load average`,
    `${os.loadavg()[0]!.toFixed(1)} when written (other work on the machine inflates the figures).`,
    '',
    "The CPU column is this process's CPU time per call (p95): on SQLite nearly all of the",
    'server time, and far less sensitive to other work on the machine than the wall clock;',
    "on PostgreSQL the database's own work is not in it. Load is the 1-minute load average",
    'as each run ended.',
    '',
    '| engine | listed CVs | p50 ms | p95 ms | CPU p95 ms | load |',
    '|---|---:|---:|---:|---:|---:|',
    ...results.map(
      (r) =>
        `| ${r.engine} | ${r.cvs} | ${ms(r.p50)} | ${ms(r.p95)} | ` +
        `${r.cpuP95 === undefined ? '' : ms(r.cpuP95)} | ${r.load?.toFixed(1) ?? ''} |`,
    ),
    '',
  ];
  const engines = [...new Set(results.map((r) => r.engine))];
  for (const e of engines) {
    const small = results.find(
      (r) => r.engine === e && r.cvs === Math.min(...results.map((x) => x.cvs)),
    );
    const big = results.find(
      (r) => r.engine === e && r.cvs === Math.max(...results.map((x) => x.cvs)),
    );
    if (small && big && small !== big) {
      lines.push(
        `- ${e}: p95 at ${big.cvs} is ${ms(big.p95)} ms (target under 20 ms), ` +
          `${(big.p95 / small.p95).toFixed(2)}× the ${small.cvs}-CV figure (target under 3×).`,
      );
    }
  }
  lines.push('', '## Per query', '');
  for (const r of results) {
    lines.push(
      `### ${r.engine}, ${r.cvs} listed CVs`,
      '',
      '| query | p50 ms | p95 ms |',
      '|---|---:|---:|',
    );
    for (const q of r.perQuery)
      lines.push(
        `| \`${q.url.replace('/api/public-cv/browse', '')}\` | ${ms(q.p50)} | ${ms(q.p95)} |`,
      );
    lines.push('');
  }
  return lines.join('\n');
}

/**
 * With `--reuse`, each run's figures are kept beside the databases, so runs of one engine or
 * size at a time (`--engine postgres --sizes 1000000`) still write the whole table.
 */
function withEarlier(results: Result[]): Result[] {
  const keep = reuseDir();
  if (!keep) return results;
  const file = path.join(keep, 'browse-results.json');
  const earlier: Result[] = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : [];
  const key = (r: Result) => `${r.engine}/${r.cvs}`;
  const fresh = new Set(results.map(key));
  const all = [...earlier.filter((r) => !fresh.has(key(r))), ...results].sort(
    (a, b) => a.engine.localeCompare(b.engine) || a.cvs - b.cvs,
  );
  fs.writeFileSync(file, JSON.stringify(all));
  return all;
}

/**
 * `npm run bench [-- --sizes 1000,1000000] [--reuse [dir]] [--engine sqlite|postgres]
 * [--out file]`: SQLite always; PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL)
 * names a server we may create databases on.
 */
async function main(): Promise<void> {
  const arg = process.argv.indexOf('--sizes');
  const sizes = (arg > 0 ? process.argv[arg + 1]! : '1000,100000').split(',').map(Number);
  const only = process.argv.indexOf('--engine');
  const engines = only > 0 ? [process.argv[only + 1]] : ['sqlite', 'postgres'];
  const pgBase = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const results: Result[] = [];
  for (const engine of ['sqlite', ...(pgBase ? ['postgres' as const] : [])] as const) {
    if (!engines.includes(engine)) continue;
    for (const cvs of sizes) {
      const r = await benchOne(engine, cvs, pgBase);
      console.log(`${engine} ${cvs}: p50 ${ms(r.p50)} ms, p95 ${ms(r.p95)} ms`);
      results.push(r);
    }
  }
  if (!pgBase) console.log('PostgreSQL skipped: set BENCH_DATABASE_URL to include it.');
  // `--out <file>`: write elsewhere (a trial run that should not touch the docs).
  const outAt = process.argv.indexOf('--out');
  const out = path.resolve(outAt > 0 ? process.argv[outAt + 1]! : 'docs/benchmarks.md');
  const text = report(withEarlier(results));
  // Other benches' `## ` sections (write durability, the kill drill) stay as they are.
  const others = fs.existsSync(out)
    ? fs
        .readFileSync(out, 'utf8')
        .split(/^(?=## )/m)
        .filter((s) => s.startsWith('## ') && !text.includes(s.split('\n')[0]!))
    : [];
  // One blank line between sections, however many each kept: reruns do not pile them up.
  fs.writeFileSync(out, `${[text, ...others].map((x) => x.trim()).join('\n\n')}\n`);
  console.log(`Written to ${out}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
