// npm run bench: HR browse p50/p95 at 1,000 and 100,000 listed CVs on SQLite (and PostgreSQL
// when BENCH_DATABASE_URL is set); writes docs/benchmarks.md. Not part of npm test.
import { spawn } from 'node:child_process';

const child = spawn(
  process.execPath,
  ['--import', 'tsx', 'server/src/hr/bench.ts', ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
child.on('exit', (code) => process.exit(code ?? 1));
