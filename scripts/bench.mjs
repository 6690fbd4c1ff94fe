// npm run bench: HR browse p50/p95 (search and filters) at 1,000 and 100,000 listed CVs, or
// `-- --sizes 1000,1000000 --reuse` for a million kept between runs, on SQLite (and PostgreSQL
// when BENCH_DATABASE_URL is set), then the cost of SQLite synchronous=FULL per write; each
// writes its own section of docs/benchmarks.md; then PDF rendering (cold, warm, memory, a
// burst of 10; needs Chromium and a web build), then API throughput against bare Fastify and
// the server's idle memory (scripts/lib/api-bench.mjs). Not part of npm test.
// `npm run bench -- --only writes` (or browse, pdf, api) runs one of them; other flags go to all.
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const onlyAt = args.indexOf('--only');
const only = onlyAt >= 0 ? args.splice(onlyAt, 2)[1] : undefined;
const benches = [
  ['browse', 'server/scripts/bench-browse.ts'],
  ['writes', 'scripts/bench-writes.mjs'],
  ['pdf', 'scripts/bench-pdf.mjs'],
  ['api', 'scripts/lib/api-bench.mjs'],
].filter(([name]) => !only || name === only);

for (const [, file] of benches) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', file, ...args], { stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
