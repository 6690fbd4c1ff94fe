// The cost of SQLite synchronous=FULL (docs/decisions/0005): times section inserts through
// the real app (app.inject) on a fresh database with NORMAL and with FULL, alternating in one
// run so both meet the same machine noise, and writes the ratio into docs/benchmarks.md.
// Run by `npm run bench` (node --import tsx, so the server's TypeScript sources load);
// alone: `node --import tsx scripts/bench-writes.mjs [--writes 250] [--rounds 5]`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { createDb } from '../server/src/db/create-db.ts';
import { upgradeDatabase } from '../server/src/upgrade.ts';
import { authRepo } from '../server/src/auth/auth.repo.ts';
import { hashPassword } from '../server/src/auth/password.ts';
import { domainEvents } from '../server/src/plugins/domain-events.ts';
import { outboxMailer } from '../server/src/plugins/mailer.ts';
import { memoryRateLimiter } from '../server/src/plugins/rate-limit.ts';
import { SESSION_COOKIE } from '../server/src/plugins/session.ts';
import { writeDocSection } from './lib/doc-section.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const WRITES = arg('writes', 250);
const ROUNDS = arg('rounds', 5);
/** A user may keep 50 entries in a list section; each user adds this many skills. */
const PER_USER = 50;
const PASSWORD = 'bench-secret';

/** A signed-in user's cookie header, created straight in the database and logged in through the app. */
async function signedInUser(app, db, n) {
  const email = `bench-writer-${n}@example.com`;
  const repo = authRepo(db);
  const user = await repo.create({
    fullName: `Bench Writer ${n}`,
    email,
    passwordHash: await hashPassword(PASSWORD),
    isHr: false,
    pendingCvToSave: null,
  });
  await repo.update(user.id, { is_verified: 1 });
  const res = await app.inject({
    method: 'POST',
    url: '/auth/user/login-web',
    payload: { email, password: PASSWORD },
    remoteAddress: `10.9.${n}.1`,
  });
  const c = res.cookies.find((x) => x.name === SESSION_COOKIE);
  if (!c) throw new Error(`bench login failed: ${res.body}`);
  return `${SESSION_COOKIE}=${c.value}`;
}

/** Per-write times (ms) of WRITES sequential POST /api/skill on a fresh database in `mode`. */
async function timeInserts(mode) {
  // On the project's own disk (gitignored .data-*), where DATA_DIR would live: fsync costs show.
  const dataDir = fs.mkdtempSync(path.resolve('.data-bench-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:5000',
    LOG_LEVEL: 'silent',
  });
  const db = createDb(config.database);
  try {
    await upgradeDatabase(db);
    await sql.raw(`PRAGMA synchronous = ${mode}`).execute(db);
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
    const users = [];
    for (let n = 0; n * PER_USER < WRITES; n++) users.push(await signedInUser(app, db, n));
    const times = [];
    for (let i = 0; i < WRITES; i++) {
      const t0 = process.hrtime.bigint();
      const res = await app.inject({
        method: 'POST',
        url: '/api/skill',
        headers: { cookie: users[Math.floor(i / PER_USER)] },
        payload: { skill: `Skill ${i}`, proficiency: 3 },
      });
      times.push(Number(process.hrtime.bigint() - t0) / 1e6);
      if (res.statusCode !== 201) throw new Error(`insert ${i}: ${res.statusCode} ${res.body}`);
    }
    await app.close();
    return times;
  } finally {
    await db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const f2 = (x) => x.toFixed(2);

async function main() {
  const times = { NORMAL: [], FULL: [] };
  const ratios = [];
  for (let round = 1; round <= ROUNDS; round++) {
    // Alternate which goes first, so a drift in machine load favours neither.
    const order = round % 2 ? ['NORMAL', 'FULL'] : ['FULL', 'NORMAL'];
    const got = {};
    for (const mode of order) got[mode] = await timeInserts(mode);
    for (const mode of order) times[mode].push(...got[mode]);
    const ratio = median(got.FULL) / median(got.NORMAL);
    ratios.push(ratio);
    console.log(
      `round ${round}: median insert NORMAL ${f2(median(got.NORMAL))} ms, FULL ${f2(median(got.FULL))} ms, ratio ${f2(ratio)}×`,
    );
  }
  const row = (mode) => {
    const xs = times[mode];
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    return `| ${mode} | ${xs.length} | ${f2(pct(xs, 50))} | ${f2(pct(xs, 95))} | ${Math.round(1000 / mean)} |`;
  };
  const body = [
    'SQLite `synchronous` (WAL), the cost of FULL (docs/decisions/0005): sequential',
    '`POST /api/skill` inserts through `app.inject` (session lookup, validation, the section',
    `read, the insert and the list answered), ${WRITES} per database, ${PER_USER} per user, on a fresh`,
    `database on the project's disk; ${ROUNDS} rounds alternating NORMAL and FULL in one run.`,
    `Produced by \`npm run bench\` on ${os.cpus().length} CPU(s), ${new Date().toISOString().slice(0, 10)}.`,
    '',
    '| synchronous | writes | p50 ms | p95 ms | writes/s |',
    '|---|---:|---:|---:|---:|',
    row('NORMAL'),
    row('FULL'),
    '',
    `- FULL / NORMAL, median insert time per round: ${ratios.map((r) => `${f2(r)}×`).join(', ')}; ` +
      `median ${f2(median(ratios))}×.`,
  ].join('\n');
  const out = path.resolve('docs/benchmarks.md');
  writeDocSection(out, 'Write durability', body);
  console.log(`FULL costs ${f2(median(ratios))}× NORMAL per insert; written to ${out}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
