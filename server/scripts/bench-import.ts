/**
 * npm run bench:import: how much of a CV the PDF import recovers, on a corpus nobody tuned
 * against, made at run time (nothing of it is committed): one long CV rendered in every Vitae
 * template and ink-friendly by the server's own renderer, and the same CV as a JSON Resume in
 * npm themes (installed into a temp folder, rendered to PDF in Chromium). Each PDF goes
 * through the import's parser; the share of fields found is printed per source and written to
 * docs/benchmarks.md ("## CV import (PDF)"). Needs `npm run build` (the templates' pages).
 * Options: --only=<source id>, --themes=even,elegant (names after jsonresume-theme-),
 * --keep-pdf (the PDFs stay in a temp folder, to look at).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { TEMPLATE_IDS } from '@vitae/core';
import { buildTestApp, loginAs } from '../src/test/build-test-app.ts';
import { CHROMIUM_ARGS, findChromium, loadPlaywright } from '../src/pdf/chromium.ts';
import { longCv, PDF_NAME, type CvInput } from '../src/pdf/pdf-test-kit.ts';
import { readCvDocument } from '../src/cv-io/document-import/read-document.ts';
import { scoreFound, type Score } from './bench-import-score.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DOC = path.join(ROOT, 'docs/benchmarks.md');
const HEADING = '## CV import (PDF)';
const keepDir = process.argv.includes('--keep-pdf')
  ? fs.mkdtempSync(path.join(os.tmpdir(), 'vitae-import-bench-'))
  : null;
const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7);
const themes = (
  process.argv.find((a) => a.startsWith('--themes='))?.slice(9) ?? 'even,elegant,stackoverflow'
).split(',');
/**
 * Vitae's templates with a sidebar or columns (web/src/features/templates/blocks/layouts.ts,
 * SIDEBAR); the others are laid out in one column (the 90 % aim).
 */
const WITH_COLUMNS = new Set(['template02', 'template03', 'template05', 'template06']);

interface Source {
  id: string;
  kind: 'vitae, one column' | 'vitae, columns' | 'JSON Resume theme';
  pdf: Buffer;
}

async function vitaePdfs(cv: CvInput, resumeOut: { json?: unknown }): Promise<Source[]> {
  const t = await buildTestApp({
    webDist: path.join(ROOT, 'web/dist'),
    env: { CHROME_PATH: process.env.CHROME_PATH },
  });
  try {
    const me = await loginAs(t, { fullName: PDF_NAME });
    for (const [key, entries] of Object.entries(cv)) {
      for (const payload of entries ?? []) {
        await t.app.inject({
          method: 'POST',
          url: `/api/${key}`,
          headers: { cookie: me.cookie },
          payload,
        });
      }
    }
    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/cv/export',
      headers: { cookie: me.cookie },
    });
    resumeOut.json = exported.json();
    const out: Source[] = [];
    for (const id of [...TEMPLATE_IDS, 'ink-friendly']) {
      if (only && id !== only) continue;
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/curriculum-vitae/pdf?template=${id}`,
        headers: { cookie: me.cookie },
      });
      if (res.statusCode !== 200) throw new Error(`${id}: ${res.statusCode} ${res.body}`);
      const kind = WITH_COLUMNS.has(id) ? 'vitae, columns' : 'vitae, one column';
      out.push({ id, kind, pdf: res.rawPayload });
    }
    return out;
  } finally {
    await t.close();
  }
}

/** A theme's entry file as an import URL: its ES module where it has one (some are ESM only). */
function themeEntry(dir: string, pkg: string): string {
  const root = path.join(dir, 'node_modules', pkg);
  const meta = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    main?: string;
    exports?: { '.'?: { import?: string | { default?: string } } };
  };
  const esm = meta.exports?.['.']?.import;
  const file = (typeof esm === 'string' ? esm : esm?.default) ?? meta.main ?? 'index.js';
  return pathToFileURL(path.join(root, file)).href;
}

/** Installs the themes into a temp folder (their own dependencies with them), renders each. */
async function themePdfs(resume: unknown): Promise<Source[]> {
  const wanted = themes.filter((name) => !only || only === `theme-${name}`);
  if (!wanted.length) return [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitae-themes-'));
  fs.writeFileSync(path.join(dir, 'package.json'), '{"private":true}');
  execFileSync(
    'npm',
    ['install', '--no-audit', '--no-fund', ...wanted.map((n) => `jsonresume-theme-${n}`)],
    { cwd: dir, stdio: 'ignore' },
  );
  const chromePath = findChromium(process.env.CHROME_PATH);
  if (!chromePath) throw new Error('Chromium is needed to render the themes.');
  const { chromium } = await loadPlaywright();
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROMIUM_ARGS });
  const out: Source[] = [];
  try {
    for (const name of wanted) {
      const mod = (await import(themeEntry(dir, `jsonresume-theme-${name}`))) as {
        render?: (r: unknown) => string | Promise<string>;
        default?: { render?: (r: unknown) => string | Promise<string> };
      };
      const render = mod.render ?? mod.default?.render;
      if (!render) throw new Error(`jsonresume-theme-${name} has no render()`);
      const html = await render(resume);
      const page = await browser.newPage();
      // Offline: a theme's web fonts and icons fail to load and fall back, as in a kiosk.
      await page.route(/^https?:/, (route) => route.abort());
      await page.setContent(html, { waitUntil: 'load' });
      const pdf = await page.pdf({ format: 'A4', printBackground: true });
      await page.close();
      out.push({ id: `theme-${name}`, kind: 'JSON Resume theme', pdf });
    }
  } finally {
    await browser.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return out;
}

const pct = (s: Score) => (s.total ? (100 * s.found) / s.total : 0);
const row = (id: string, kind: string, s: Score) =>
  `| ${id} | ${kind} | ${s.found} / ${s.total} | ${pct(s).toFixed(0)} % | ${s.missed.slice(0, 4).join('; ') || '–'} |`;

function sum(scores: Score[]): Score {
  return scores.reduce(
    (a, s) => ({ found: a.found + s.found, total: a.total + s.total, missed: [] }),
    { found: 0, total: 0, missed: [] },
  );
}

function writeDoc(section: string) {
  const doc = fs.readFileSync(DOC, 'utf8');
  const start = doc.indexOf(HEADING);
  if (start < 0) {
    fs.writeFileSync(DOC, `${doc.trimEnd()}\n\n${section}`);
    return;
  }
  const next = doc.indexOf('\n## ', start + HEADING.length);
  fs.writeFileSync(DOC, doc.slice(0, start) + section + (next < 0 ? '' : doc.slice(next + 1)));
}

const cv = longCv();
const resume: { json?: unknown } = {};
const sources = await vitaePdfs(cv, resume);
sources.push(...(await themePdfs(resume.json)));
const results: Array<{ source: Source; score: Score }> = [];
for (const source of sources) {
  if (keepDir) fs.writeFileSync(path.join(keepDir, `${source.id}.pdf`), source.pdf);
  const found = await readCvDocument('pdf', source.pdf);
  const score = scoreFound(cv, found.sections);
  results.push({ source, score });
  console.log(
    `${source.id.padEnd(22)} ${source.kind.padEnd(18)} ${String(score.found).padStart(3)} / ${score.total}  ${pct(score).toFixed(0)} %`,
  );
}
const byKind = (kind: Source['kind']) =>
  sum(results.filter((r) => r.source.kind === kind).map((r) => r.score));
const load = os.loadavg()[0]!.toFixed(1);
const lines = [
  HEADING,
  '',
  "The share of a CV's fields the PDF and Word import (`POST /api/cv/import`, a PDF) recovers:",
  "the full name, email and phone; each job's title, company, start and end; each tertiary",
  "education's institute and qualification; each skill's name. The corpus is made when the",
  'benchmark runs, so nothing was tuned against it: the long sample CV (ten jobs) rendered in',
  "every Vitae template and ink-friendly by the server's own PDF renderer, and the same CV",
  'exported as a JSON Resume and rendered in npm JSON Resume themes (Chromium, offline).',
  `Produced by \`npm run bench:import\` on ${os.cpus().length} CPU(s), ${new Date().toISOString().slice(0, 10)}, load ${load}.`,
  '',
  '| source | kind | fields found | share | first misses |',
  '|---|---|---:|---:|---|',
  ...results.map((r) => row(r.source.id, r.source.kind, r.score)),
  '',
  `- Vitae, one-column templates: ${pct(byKind('vitae, one column')).toFixed(0)} % (aim: at least 90 %).`,
  `- Vitae, templates with columns: ${pct(byKind('vitae, columns')).toFixed(0)} % (aim: at least 75 %).`,
  `- JSON Resume themes: ${pct(byKind('JSON Resume theme')).toFixed(0)} % (aim: at least 75 %).`,
  '',
];
if (!only) writeDoc(lines.join('\n'));
if (keepDir) console.log(`PDFs kept in ${keepDir}`);
console.log(lines.slice(-5).join('\n'));
process.exit(0);
