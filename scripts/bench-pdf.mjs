// PDF rendering (issue 15): GET /api/curriculum-vitae/pdf through the real app (app.inject)
// with the server's own renderer on web/dist: the first PDF after start (Chromium launched
// then), 20 warm renders of a two-page CV, memory, and 10 requests at once.
// Writes its section of docs/benchmarks.md. Run by `npm run bench` (node --import tsx);
// alone: `node --import tsx scripts/bench-pdf.mjs [--renders 20]`. Needs a web build.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SECTIONS, SECTION_KEYS } from '@vitae/core';
import { buildTestApp, loginAs } from '../server/src/test/build-test-app.ts';
import { findChromium } from '../server/src/pdf/chromium.ts';
import { writeDocSection } from './lib/doc-section.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const RENDERS = arg('renders', 20);
const BURST = 10;
const WEB_DIST = path.resolve('web/dist');

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
const f0 = (n) => n.toFixed(0);

/** Left out of the sample CV so it prints on two A4 pages (the whole sample takes three). */
const LEFT_OUT = new Set(['experience', 'reference', 'secondary-education']);

/** A two-page CV: the sample CV's entries, as the builder posts them, but LEFT_OUT. */
function sampleEntries() {
  const keys = SECTION_KEYS.filter((key) => !LEFT_OUT.has(key));
  return keys.map((key) => [
    key,
    SECTIONS[key].preview.map(({ _id, ...fields }) => {
      void _id;
      return { ...SECTIONS[key].defaults, ...fields };
    }),
  ]);
}

/** A process's proportional memory (PSS, KiB): shared pages split among their sharers. */
function pssKiB(pid) {
  try {
    const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    return Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/**
 * Memory (MiB) of this process (resident) and of every process below it (Chromium's), as
 * PSS: Chromium's processes share much of their memory, which a sum of RSS counts many times.
 */
function memoryMiB() {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((l) => l.trim().split(/\s+/).map(Number));
  const below = new Set([process.pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, ppid] of rows) {
      if (below.has(ppid) && !below.has(pid)) {
        below.add(pid);
        grew = true;
      }
    }
  }
  below.delete(process.pid);
  const chromium = [...below].reduce((sum, pid) => sum + pssKiB(pid), 0);
  return { node: process.memoryUsage().rss / 2 ** 20, chromium: chromium / 1024 };
}

async function main() {
  const chrome = findChromium(process.env.CHROME_PATH);
  if (!chrome) throw new Error('no Chromium (set CHROME_PATH or apt-get install chromium)');
  if (!fs.existsSync(path.join(WEB_DIST, 'print.html'))) throw new Error('run npm run build first');
  const t = await buildTestApp({ webDist: WEB_DIST, env: { CHROME_PATH: chrome } });
  try {
    // Several users: the per-user PDF limit (30 a minute) stays real.
    const users = [];
    for (let i = 0; i < BURST; i++) {
      const me = await loginAs(t, { fullName: 'Thandiwe Mokoena' });
      for (const [key, entries] of sampleEntries()) {
        for (const payload of entries) {
          await t.app.inject({
            method: 'POST',
            url: `/api/${key}`,
            headers: { cookie: me.cookie },
            payload,
          });
        }
      }
      users.push(me);
    }
    const pdf = async (who) => {
      const started = performance.now();
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/curriculum-vitae/pdf?template=template01',
        headers: { cookie: who.cookie },
      });
      return { ms: performance.now() - started, status: res.statusCode, body: res.rawPayload };
    };

    const before = memoryMiB();
    const cold = await pdf(users[0]);
    if (cold.status !== 200) throw new Error(`cold render answered ${cold.status}`);
    const file = path.join(os.tmpdir(), 'vitae-bench.pdf');
    fs.writeFileSync(file, cold.body);
    const pages = /Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1];
    const warm = [];
    for (let i = 0; i < RENDERS; i++) warm.push((await pdf(users[i % 2])).ms);
    const afterWarm = memoryMiB();
    const burstStart = performance.now();
    const burst = await Promise.all(users.map((u) => pdf(u)));
    const burstMs = performance.now() - burstStart;
    const answered = burst.filter((r) => r.status === 200).length;
    const afterBurst = memoryMiB();

    const body = [
      '`GET /api/curriculum-vitae/pdf?template=template01` through `app.inject` with the',
      "server's renderer (one headless Chromium, two print pages, web/dist served to them in",
      `process): the sample CV without ${[...LEFT_OUT].join(', ')}`,
      `(${pages} A4 pages, ${f0(cold.body.length / 1024)} KiB). Cold is the first PDF after start (Chromium`,
      'launched, the print page loaded); warm are the next',
      `${RENDERS}, one at a time; then ${BURST} requests at once from ${BURST} users. Memory: the Node`,
      "process's RSS, and the PSS of all its Chromium processes (shared pages counted once).",
      `Produced by \`npm run bench\` on ${os.cpus().length} CPU(s), ${new Date().toISOString().slice(0, 10)}`,
      `(load average ${os.loadavg()[0].toFixed(1)} when it started: other work shares the CPUs).`,
      '',
      '| measure | value |',
      '|---|---:|',
      `| cold (first PDF after start) | ${f0(cold.ms)} ms |`,
      `| warm p50 (${RENDERS} renders) | ${f0(quantile(warm, 0.5))} ms |`,
      `| warm p95 | ${f0(quantile(warm, 0.95))} ms |`,
      `| ${BURST} at once: answered | ${answered} of ${BURST} |`,
      `| ${BURST} at once: all done after | ${f0(burstMs)} ms |`,
      `| memory before the first PDF: Node / Chromium | ${f0(before.node)} / ${f0(before.chromium)} MiB |`,
      `| memory after ${RENDERS} renders: Node / Chromium | ${f0(afterWarm.node)} / ${f0(afterWarm.chromium)} MiB |`,
      `| memory after the burst: Node / Chromium | ${f0(afterBurst.node)} / ${f0(afterBurst.chromium)} MiB |`,
    ].join('\n');
    writeDocSection(path.resolve('docs/benchmarks.md'), 'PDF rendering', body);
    console.log(body);
    if (answered !== BURST) process.exitCode = 1;
  } finally {
    await t.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
