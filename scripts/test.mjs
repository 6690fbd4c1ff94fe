// npm test: lint, typecheck, unit + component + API tests (SQLite, then PostgreSQL when
// TEST_DATABASE_URL is set) and the Playwright suite; ends with one line "N passed, N failed, N skipped".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const CI = process.env.CI === 'true' || process.env.CI === '1';
const out = path.resolve('test-results');
fs.mkdirSync(out, { recursive: true });
const total = { passed: 0, failed: 0, skipped: 0 };
const notes = [];
const stages = [];

function run(label, cmd, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  stages.push({ label, seconds: (Date.now() - started) / 1000, ok: res.status === 0 });
  return res.status === 0;
}

/** Where the time went, stage by stage: the suite's time is a figure we track (issue 36). */
function stageTable() {
  const width = Math.max(...stages.map((s) => s.label.length), 5);
  const clock = (seconds) => {
    const t = Math.round(seconds);
    return `${Math.floor(t / 60)}m ${String(t % 60).padStart(2, '0')}s`;
  };
  const row = (label, seconds, mark) =>
    `${label.padEnd(width)}  ${clock(seconds).padStart(8)}  ${mark}`;
  const all = stages.reduce((n, s) => n + s.seconds, 0);
  return [
    ...stages.map((s) => row(s.label, s.seconds, s.ok ? 'ok' : 'FAILED')),
    row('total', all, ''),
  ].join('\n');
}

function check(label, cmd, args) {
  const ok = run(label, cmd, args);
  if (ok) total.passed++;
  else total.failed++;
  if (!ok) notes.push(`${label} failed`);
}

function missing(label, why) {
  if (CI) {
    total.failed++;
    notes.push(`${label} could not run under CI: ${why}`);
  } else {
    total.skipped++;
    notes.push(`${label} skipped: ${why}`);
  }
  console.log(`\n▶ ${label}: ${CI ? 'FAILED' : 'skipped'}: ${why}`);
}

function vitest(label, args, env) {
  const file = path.join(out, `${label.replace(/\W+/g, '-')}.json`);
  const unhandled = file.replace(/\.json$/, '.unhandled.json');
  fs.rmSync(file, { force: true });
  fs.rmSync(unhandled, { force: true });
  const ok = run(
    label,
    'npx',
    [
      'vitest',
      'run',
      ...args,
      '--reporter=default',
      '--reporter=json',
      '--reporter=./scripts/unhandled-errors-reporter.mjs',
      `--outputFile.json=${file}`,
    ],
    { ...env, UNHANDLED_ERRORS_FILE: unhandled },
  );
  if (!fs.existsSync(file)) {
    total.failed++;
    notes.push(`${label} did not report`);
    return;
  }
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  total.passed += r.numPassedTests;
  total.failed += r.numFailedTests;
  total.skipped += r.numPendingTests + r.numTodoTests;
  // A suite that fails to load has no failed test but still fails the run.
  if (!ok && r.numFailedTests === 0) {
    total.failed++;
    notes.push(`${label} failed outside a test: ${outsideTests(r, unhandled)}`);
  }
}

/**
 * Why a vitest run failed with no failed test, in the summary's last lines (CI shows only the
 * tail of the log): the files that failed to load or in a hook, with their first error line,
 * else an unhandled error, which vitest prints above under "Unhandled Errors".
 */
function outsideTests(report, unhandledFile) {
  const rel = (f) => path.relative(process.cwd(), f);
  const files = (report.testResults ?? [])
    .filter((f) => f.status === 'failed')
    .map(
      (f) =>
        `${rel(f.name)} (${String(f.message ?? '')
          .split('\n')[0]
          .slice(0, 200)})`,
    );
  if (files.length) return `a suite did not load or a hook failed: ${files.join('; ')}`;
  const errors = fs.existsSync(unhandledFile)
    ? JSON.parse(fs.readFileSync(unhandledFile, 'utf8'))
    : [];
  if (!errors.length) return 'an unhandled error (see "Unhandled Errors" above)';
  const where = (e) => (e.where ? ` in ${rel(e.where)}${e.test ? ` › ${e.test}` : ''}` : '');
  return `unhandled error(s): ${errors.map((e) => `${e.message}${where(e)} [${e.stack}]`).join('; ')}`;
}

async function postgresAnswers(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

check('lint (eslint + prettier)', 'npm', ['run', 'lint', '--silent']);
check('typecheck', 'npm', ['run', 'typecheck', '--silent']);
vitest('unit, component and API tests on SQLite', [], { TEST_DB: 'sqlite' });

const pgUrl = process.env.TEST_DATABASE_URL;
if (!pgUrl) missing('API tests on PostgreSQL', 'TEST_DATABASE_URL is not set');
else if (!(await postgresAnswers(pgUrl)))
  missing('API tests on PostgreSQL', `nothing answers at ${pgUrl}`);
else vitest('API tests on PostgreSQL', ['--project', 'server'], { TEST_DB: 'postgres' });

const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chrome)) {
  missing(
    'Playwright suite',
    `no Chromium at ${chrome} (apt-get install chromium, or set CHROME_PATH)`,
  );
} else if (!run('build the web app', 'npm', ['run', 'build', '--silent'])) {
  total.failed++;
  notes.push('web build failed');
} else {
  const file = path.join(out, 'playwright.json');
  fs.rmSync(file, { force: true });
  run('Playwright suite', 'npx', ['playwright', 'test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: file,
  });
  if (fs.existsSync(file)) {
    const s = JSON.parse(fs.readFileSync(file, 'utf8')).stats;
    total.passed += s.expected + s.flaky;
    total.failed += s.unexpected;
    total.skipped += s.skipped;
    if (s.unexpected === 0 && (JSON.parse(fs.readFileSync(file, 'utf8')).errors ?? []).length) {
      total.failed++;
      notes.push('Playwright reported errors outside tests');
    }
  } else {
    total.failed++;
    notes.push('Playwright did not report');
  }
}

console.log(`\n${stageTable()}\n`);
for (const n of notes) console.log(`· ${n}`);
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(total.failed > 0 ? 1 : 0);
