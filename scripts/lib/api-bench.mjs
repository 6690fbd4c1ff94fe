// API throughput against bare Fastify (issue 19), run by `npm run bench` (node --import tsx),
// alone: `node --import tsx scripts/lib/api-bench.mjs [--duration 4] [--rounds 5] [--cpu-prof DIR]`.
// Starts the real server (server/dist/main.mjs, built as `npm start` builds it) on a fresh
// DATA_DIR and a free port of 127.0.0.1, seeds a full CV through the API (every section of the
// sample CV, a photo, a video, 3 certificates) plus a few listed CVs and an HR user, then
// drives each route with autocannon at 50 connections, beside a bare Fastify process
// (api-bench-bare.mjs) answering the same JSON from memory. Prints req/s, p50, p99 and the
// ratio to bare Fastify, and the server's idle memory after start-up and after the load, into
// the "API throughput" and "Idle memory" sections of docs/benchmarks.md.
// --cpu-prof DIR: the server runs under `node --cpu-prof` and writes its profile into DIR.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { SECTIONS, SECTION_KEYS } from '@vitae/core';
import { writeDocSection } from './doc-section.mjs';
import { SERVER_BUNDLE, SERVER_NODE_OPTIONS, ensureServerBuild } from './server-build.mjs';
import { freePort, sleep } from './net.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const option = (name) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
/** Seconds per run; each route runs ROUNDS times, alternating with bare Fastify. */
const DURATION_S = Number(option('duration') ?? 4);
const ROUNDS = Number(option('rounds') ?? 5);
const WARM_UP_S = 3;
const CPU_PROF_DIR = option('cpu-prof');
/**
 * The calibration rows: bare Fastify answering skill's document after this many microseconds of
 * CPU work per request (--calibrate 10,20; 0 turns them off). They show, in the same run, what
 * share of bare Fastify a route keeps for a given amount of work beyond bare Fastify's own.
 */
const CALIBRATION_US = (option('calibrate') ?? '10,20')
  .split(',')
  .map(Number)
  .filter((us) => us > 0);
/** --only cv,skill: a subset of the routes (while profiling); --doc FILE: write elsewhere. */
const ONLY = option('only')?.split(',');
const DOC = path.resolve(option('doc') ?? path.join(ROOT, 'docs/benchmarks.md'));
const CONNECTIONS = 50;
const PASSWORD = 'bench-secret-1';
/** The targets of issue 19: a share of bare Fastify's req/s, and p99 at 50 connections. */
const TARGETS = { cv: 0.5, skill: 0.6 };
const P99_TARGET_MS = 50;
/** Idle RSS of `npm start` (issue 19), in MB (10^6 bytes): the table is in MiB. */
const RSS_TARGET_MB = 150;

function spawnLogged(args, env, logFile) {
  const log = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', log, log] });
  fs.closeSync(log);
  child.exited = new Promise((resolve) => child.once('exit', resolve));
  return child;
}

async function waitFor(check, child, what, logFile) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) {
      throw new Error(`${what} exited:\n${fs.readFileSync(logFile, 'utf8').slice(-3000)}`);
    }
    if (await check().catch(() => false)) return;
    await sleep(100);
  }
  throw new Error(`${what} not ready after 60 s`);
}

/** A process's resident memory (VmRSS) in MiB. */
function rssMiB(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
}

/** PSS (MiB) of every process below `pid`: Chromium's, counted once where they share pages. */
function childrenPssMiB(pid) {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((l) => l.trim().split(/\s+/).map(Number));
  const below = new Set([pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [p, pp] of rows) {
      if (below.has(pp) && !below.has(p)) {
        below.add(p);
        grew = true;
      }
    }
  }
  below.delete(pid);
  let kib = 0;
  for (const p of below) {
    try {
      kib += Number(/^Pss:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${p}/smaps_rollup`, 'utf8'))[1]);
    } catch {
      // Gone meanwhile.
    }
  }
  return { count: below.size, mib: kib / 1024 };
}

/** One user's cookie jar over fetch; throws with the answer on anything but 2xx. */
class Client {
  constructor(base) {
    this.base = base;
    this.cookie = '';
  }
  async request(method, url, body) {
    const isForm = body instanceof FormData;
    const res = await fetch(this.base + url, {
      method,
      headers: {
        ...(body && !isForm ? { 'content-type': 'application/json' } : {}),
        ...(this.cookie ? { cookie: this.cookie } : {}),
      },
      body: body ? (isForm ? body : JSON.stringify(body)) : undefined,
      signal: AbortSignal.timeout(60_000),
    });
    const set = res.headers.getSetCookie().find((c) => c.startsWith('vitae_sid='));
    if (set) this.cookie = set.split(';')[0];
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : null;
  }
}

function verificationToken(dataDir, email) {
  const dir = path.join(dataDir, 'outbox');
  for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    const mail = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
    const token = mail.to === email && /\/email-verified\/([^\s"<]+)/.exec(mail.text)?.[1];
    if (token) return token;
  }
  return undefined;
}

async function signUp(base, dataDir, fullName, { hr = false } = {}) {
  const client = new Client(base);
  const email = `bench-api-${randomBytes(4).toString('hex')}@example.test`;
  await client.request('POST', '/auth/user/register', {
    fullName,
    email,
    password: PASSWORD,
    password2: PASSWORD,
    ...(hr ? { HRIntent: true } : {}),
  });
  let token;
  for (let i = 0; i < 50 && !token; i++) {
    token = verificationToken(dataDir, email);
    if (!token) await sleep(100);
  }
  if (!token) throw new Error(`no verification mail to ${email}`);
  await client.request('POST', '/auth/user/verify-email', { id: token });
  await client.request('POST', '/auth/user/login-web', { email, password: PASSWORD });
  return client;
}

/** Signs an upload and posts the file the way the browser does; answers { url, public_id }. */
async function upload(client, kind, data, filename, type, preset) {
  const sig = await client.request(
    'POST',
    `/api/cloudinary/signature-request-${preset ? 'photo' : 'no'}-preset`,
  );
  const form = new FormData();
  form.append('file', new Blob([data], { type }), filename);
  form.append('api_key', sig.apiKey);
  form.append('timestamp', String(sig.timestamp));
  form.append('signature', sig.signature);
  if (preset) form.append('upload_preset', preset);
  return client.request('POST', `/media/${kind}/upload`, form);
}

function shortVideo() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitae-bench-video-'));
  const out = path.join(dir, 'v.mp4');
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=160x240:rate=10:duration=3'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=3'],
    ...['-c:v', 'mpeg4', '-q:v', '10', '-c:a', 'aac', '-shortest', out],
  ]);
  const data = fs.readFileSync(out);
  fs.rmSync(dir, { recursive: true, force: true });
  return data;
}

/** A one-page PDF, as a scanned certificate would arrive. */
function certificatePdf(title) {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Title (${title}) >>`,
  ];
  let body = '%PDF-1.4\n';
  const offsets = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body);
}

/** Every section of the sample CV, as the builder posts it. */
async function fillSections(client) {
  for (const key of SECTION_KEYS) {
    for (const { _id, ...fields } of SECTIONS[key].preview) {
      void _id;
      await client.request('POST', `/api/${key}`, { ...SECTIONS[key].defaults, ...fields });
    }
  }
}

async function seedFullCv(client, userId) {
  await fillSections(client);
  const portrait = await sharp({
    create: { width: 480, height: 600, channels: 3, background: { r: 90, g: 120, b: 160 } },
  })
    .jpeg()
    .toBuffer();
  const photo = await upload(client, 'image', portrait, 'portrait.jpg', 'image/jpeg', 'photo');
  await client.request('POST', '/api/photo', {
    title: 'Portrait',
    photoUrl: photo.url,
    publicId: photo.public_id,
  });
  const video = await upload(client, 'video', shortVideo(), 'hello.mp4', 'video/mp4');
  await client.request('POST', '/api/first-impression', { videoUrl: video.url, userId });
  for (const title of ['First Aid Level 1', 'AWS Cloud Practitioner', 'Matric Certificate']) {
    const doc = await upload(client, 'raw', certificatePdf(title), 'c.pdf', 'application/pdf');
    await client.request('POST', '/api/certificate', {
      title,
      pdfUrl: doc.url,
      publicId: doc.public_id,
    });
  }
  await client.request('POST', '/api/public-cv/toggle');
}

/** CPU time (user + system, ms) a process has used: /proc/<pid>/stat, in clock ticks of 10 ms. */
function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * autocannon at CONNECTIONS for `seconds`; any non-2xx fails the run. Also the CPU time the
 * serving process used per answered request: on a machine shared with other work, req/s fall
 * with the CPU share the server gets, its CPU per request much less.
 */
async function load(name, url, pid, headers, seconds = DURATION_S) {
  // Monotonic microseconds, the clock of a --cpu-prof profile: the window to read in it.
  const from = process.hrtime.bigint() / 1000n;
  const cpuBefore = cpuMs(pid);
  const r = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  const cpuPerRequestUs = ((cpuMs(pid) - cpuBefore) * 1000) / r.requests.total;
  if (CPU_PROF_DIR)
    console.log(`api bench: ${name}: window ${from}-${process.hrtime.bigint() / 1000n}`);
  // A refusal (401, 429…) means the figures measure the wrong thing; a timeout (no answer in
  // 10 s) is a result, reported with the row.
  if (r.non2xx) throw new Error(`${name}: ${r.non2xx} answers were not 2xx`);
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    bytes: r.throughput.average / r.requests.average,
    cpuUs: cpuPerRequestUs,
    timeouts: r.timeouts,
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** The median of each figure over the rounds; timeouts summed, p99 the worst round's. */
function summary(rows) {
  const of = (key) => median(rows.map((row) => row[key]));
  return {
    rps: of('rps'),
    p50: of('p50'),
    p99: Math.max(...rows.map((row) => row.p99)),
    bytes: of('bytes'),
    cpuUs: of('cpuUs'),
    timeouts: rows.reduce((sum, row) => sum + row.timeouts, 0),
  };
}

/**
 * A route against bare Fastify in ROUNDS pairs of runs back to back, the pair's order
 * alternating: other work on a shared machine comes and goes over seconds, so each pair's
 * ratio is taken under the same conditions, and the median ratio of the pairs is reported
 * (one long run of each, minutes apart, moved the ratio by half of itself from run to run).
 */
async function compare(name, bare, route) {
  for (const side of [bare, route]) await load(name, side.url, side.pid, side.headers, WARM_UP_S);
  const pairs = [];
  for (let i = 0; i < ROUNDS; i++) {
    const run = (side) => load(name, side.url, side.pid, side.headers);
    const pair = {};
    for (const side of i % 2 ? ['row', 'bare'] : ['bare', 'row']) {
      pair[side] = await run(side === 'bare' ? bare : route);
    }
    pair.ratio = pair.row.rps / pair.bare.rps;
    console.log(
      `api bench: ${name} round ${i + 1}: ${pair.row.rps.toFixed(0)} req/s (${pair.row.cpuUs.toFixed(0)} µs CPU) against bare ${pair.bare.rps.toFixed(0)} (${pair.bare.cpuUs.toFixed(0)} µs): ${(pair.ratio * 100).toFixed(0)} %`,
    );
    pairs.push(pair);
  }
  const ratios = pairs.map((p) => p.ratio);
  return {
    bare: summary(pairs.map((p) => p.bare)),
    row: summary(pairs.map((p) => p.row)),
    ratio: median(ratios),
    ratioRange: [Math.min(...ratios), Math.max(...ratios)],
  };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitae-bench-api-'));
  const [port, barePort] = [await freePort(), await freePort()];
  const base = `http://127.0.0.1:${port}`;
  const serverLog = path.join(dataDir, 'server.log');
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    SMTP_URL: '',
    // A production server on this machine, mailing to the outbox, with a generated secret.
    PRODUCTION_ALLOW: 'outbox-mail,generated-secret',
    // The bench's users all sign up from 127.0.0.1.
    RATE_LIMIT_MULTIPLIER: '100',
  };
  const nodeArgs = CPU_PROF_DIR ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(CPU_PROF_DIR)] : [];
  await ensureServerBuild(ROOT);
  const server = spawnLogged([...nodeArgs, ...SERVER_NODE_OPTIONS, SERVER_BUNDLE], env, serverLog);
  let bare;
  try {
    await waitFor(
      async () => (await fetch(`${base}/auth/user/fetch-user`)).status < 500,
      server,
      'the server',
      serverLog,
    );
    // Start-up is over when the warm PDF browser (if any) has settled too.
    await sleep(5000);
    const startRss = rssMiB(server.pid);
    const startChildren = childrenPssMiB(server.pid);

    const owner = await signUp(base, dataDir, 'Thandiwe Mokoena');
    const me = await owner.request('GET', '/auth/user/fetch-user');
    await seedFullCv(owner, me.user?._id ?? me._id);
    for (let i = 0; i < 8; i++) {
      const other = await signUp(base, dataDir, `Sipho Ndlovu ${i}`);
      await other.request('POST', '/api/skill', { skill: 'Python', proficiency: 3 });
      await other.request('POST', '/api/personal-summary', {
        content: `Analyst number ${i}, reliable with data.`,
      });
      await other.request('POST', '/api/public-cv/toggle');
    }
    const hr = await signUp(base, dataDir, 'Lerato HR', { hr: true });

    const routes = [
      { name: 'cv', path: '/api/curriculum-vitae/data', client: owner },
      { name: 'skill', path: '/api/skill', client: owner },
      {
        name: 'browse',
        path: '/api/public-cv/browse?search=mokoena&sort=relevance&page=1&limit=24',
        client: hr,
      },
    ];
    const documents = {};
    for (const r of routes) documents[r.name] = await r.client.request('GET', r.path);
    const full = documents.cv.data;
    const missing = SECTION_KEYS.length && (!full.assignedPhotoUrl || !full.firstImpression);
    if (missing || full.certificates?.length !== 3) {
      throw new Error('the full CV lacks its photo, video or 3 certificates');
    }
    const docFile = path.join(dataDir, 'documents.json');
    fs.writeFileSync(docFile, JSON.stringify(documents));
    const bareLog = path.join(dataDir, 'bare.log');
    bare = spawnLogged(['scripts/lib/api-bench-bare.mjs', docFile, String(barePort)], env, bareLog);
    await waitFor(
      async () => (await fetch(`http://127.0.0.1:${barePort}/skill`)).ok,
      bare,
      'bare Fastify',
      bareLog,
    );

    const results = [];
    const bareSide = (name) => ({
      url: `http://127.0.0.1:${barePort}/${name}`,
      pid: bare.pid,
      headers: {},
    });
    for (const r of routes.filter((x) => !ONLY || ONLY.includes(x.name))) {
      const measured = await compare(r.name, bareSide(r.name), {
        url: base + r.path,
        pid: server.pid,
        headers: { cookie: r.client.cookie },
      });
      results.push({ ...r, ...measured });
    }
    if (!ONLY || ONLY.includes('skill')) {
      for (const us of CALIBRATION_US) {
        results.push(await calibration(us, docFile, env, dataDir, bareSide('skill')));
      }
    }

    await sleep(5000);
    const afterRss = rssMiB(server.pid);
    const afterChildren = childrenPssMiB(server.pid);
    const coldPdfRss = await idleRssWithoutWarmPdf(env, dataDir);
    writeResults(results, { startRss, startChildren, afterRss, afterChildren, coldPdfRss });
  } finally {
    bare?.kill('SIGTERM');
    server.kill('SIGTERM');
    await Promise.all([server.exited, bare?.exited]);
    if (CPU_PROF_DIR) console.log(`api bench: server profile in ${path.resolve(CPU_PROF_DIR)}`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Bare Fastify spending `us` µs of CPU on each request, against plain bare Fastify. */
async function calibration(us, docFile, env, dataDir, bareSide) {
  const port = await freePort();
  const log = path.join(dataDir, `bare-${us}us.log`);
  const worker = spawnLogged(
    ['scripts/lib/api-bench-bare.mjs', docFile, String(port), String(us)],
    env,
    log,
  );
  try {
    const url = `http://127.0.0.1:${port}/skill`;
    await waitFor(async () => (await fetch(url)).ok, worker, `bare Fastify + ${us} µs`, log);
    const name = `work${us}`;
    LABELS[name] = `bare Fastify + ${us} µs of work per request (calibration, skill's document)`;
    return { name, ...(await compare(name, bareSide, { url, pid: worker.pid, headers: {} })) };
  } finally {
    worker.kill('SIGTERM');
    await worker.exited;
  }
}

/**
 * The same server started with PDF_WARM=off on a fresh DATA_DIR: its RSS 5 s after it first
 * answered (playwright-core and Chromium then wait for the first PDF).
 */
async function idleRssWithoutWarmPdf(env, dataDir) {
  const port = await freePort();
  const dir = path.join(dataDir, 'cold-pdf');
  const log = path.join(dataDir, 'cold-pdf.log');
  const base = `http://127.0.0.1:${port}`;
  const server = spawnLogged(
    [...SERVER_NODE_OPTIONS, SERVER_BUNDLE],
    { ...env, PORT: String(port), PUBLIC_URL: base, DATA_DIR: dir, PDF_WARM: 'off' },
    log,
  );
  try {
    await waitFor(
      async () => (await fetch(`${base}/auth/user/fetch-user`)).status < 500,
      server,
      'the server with PDF_WARM=off',
      log,
    );
    await sleep(5000);
    return rssMiB(server.pid);
  } finally {
    server.kill('SIGTERM');
    await server.exited;
  }
}

const LABELS = {
  cv: '`GET /api/curriculum-vitae/data` (full CV)',
  skill: '`GET /api/skill`',
  browse: '`GET /api/public-cv/browse?search=mokoena&sort=relevance`',
};

function writeResults(results, mem) {
  const f0 = (n) => n.toFixed(0);
  const when = `${os.cpus().length} CPU(s), ${new Date().toISOString().slice(0, 10)}, load average ${os.loadavg()[0].toFixed(1)}`;
  const lines = [];
  const verdicts = [];
  const pct = (ratio) => (ratio * 100).toFixed(0);
  for (const { name, bare, row, ratio, ratioRange } of results) {
    lines.push(
      `| ${LABELS[name]} | ${f0(row.rps)} | ${row.p50} | ${row.p99} | ${f0(bare.rps)} | ${bare.p50} | ${bare.p99} | ${pct(ratio)} % (${pct(ratioRange[0])}–${pct(ratioRange[1])}) | ${f0(row.cpuUs)} | ${f0(bare.cpuUs)} | ${row.timeouts} | ${(row.bytes / 1024).toFixed(1)} |`,
    );
    if (TARGETS[name]) {
      const ok = ratio >= TARGETS[name] && row.p99 <= P99_TARGET_MS;
      verdicts.push(
        `- ${LABELS[name]}: ${(ratio * 100).toFixed(0)} % of bare Fastify (target ${TARGETS[name] * 100} %), p99 ${row.p99} ms (target ≤ ${P99_TARGET_MS} ms): ${ok ? 'met' : 'NOT met'}.`,
      );
    }
    console.log(`api bench: ${name}: ${(ratio * 100).toFixed(0)} % of bare Fastify`);
  }
  const body = [
    'The real server (`server/dist/main.mjs` as `npm start` runs it, `NODE_ENV=production`,',
    'SQLite, default log level) on 127.0.0.1 beside a bare Fastify process answering the same',
    'JSON documents from memory; autocannon (in the bench process, on the same machine) at',
    `${CONNECTIONS} connections. After ${WARM_UP_S} s of warm-up each, a route and its bare twin run`,
    `${DURATION_S} s each, back to back, ${ROUNDS} times (the order alternating): req/s, p50 and CPU`,
    'are medians over the rounds, p99 the worst round\'s, "of bare" the median of the rounds\'',
    'ratios (their range in brackets), so load that comes and goes on a shared machine hits both',
    'sides of a ratio alike.',
    'The full CV: every section of the sample CV, a photo, a video and 3 certificates, seeded',
    'through the API; HR browse searches for the full CV owner among 9 listed CVs.',
    `Produced by \`npm run bench\` on ${when} (other work on the machine moves the absolute figures;`,
    'the ratios are what count). CPU µs/req: CPU time (user + system) the serving process used',
    'per answered request during the run, from /proc: it moves far less with the load.',
    'Timeouts: requests without an answer within 10 s.',
    "The calibration rows are bare Fastify itself, answering skill's document after a fixed",
    'amount of CPU work per request, in the same alternating rounds: what share of bare Fastify',
    "that much work beyond bare Fastify's own leaves any route (decision 0008 §0017).",
    '',
    '| route | req/s | p50 ms | p99 ms | bare req/s | bare p50 | bare p99 | of bare | CPU µs/req | bare CPU µs/req | timeouts | KiB |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...lines,
    '',
    ...verdicts,
  ].join('\n');
  writeDocSection(DOC, 'API throughput', body);
  const memBody = [
    "Resident memory (VmRSS) of the server process (`npm start`'s Node child running",
    '`server/dist/main.mjs`) in the API bench above: 5 s after it answered its first request, and',
    '5 s after the load. RSS is per process: it does not count children. The PDF browser',
    '(PDF_WARM, on by default) starts with the first CV read, so after the bench, not at start-up;',
    "it is separate processes, listed beside the server as their PSS (Chromium's processes share",
    `pages). Measured on ${when}. What the RSS is made of, and what keeps it low (the server`,
    'compiled, playwright-core, sharp and ioredis loaded on first use…):',
    'docs/decisions/0008-performance-measurements.md#0012.',
    '',
    '| when | server RSS MiB | child processes | their PSS MiB |',
    '|---|---:|---:|---:|',
    `| after start-up | ${f0(mem.startRss)} | ${mem.startChildren.count} | ${f0(mem.startChildren.mib)} |`,
    `| after the bench | ${f0(mem.afterRss)} | ${mem.afterChildren.count} | ${f0(mem.afterChildren.mib)} |`,
    `| after start-up, \`PDF_WARM=off\` | ${f0(mem.coldPdfRss)} | 0 | 0 |`,
    '',
    ...[
      ['after start-up', mem.startRss],
      ['after start-up with `PDF_WARM=off`', mem.coldPdfRss],
    ].map(
      ([label, mib]) =>
        `- ${label}: ${f0(mib * 1.048576)} MB (target ≤ ${RSS_TARGET_MB} MB): ${mib * 1.048576 <= RSS_TARGET_MB ? 'met' : 'NOT met'}.`,
    ),
  ].join('\n');
  writeDocSection(DOC, 'Idle memory', memBody);
  console.log(`${body}\n\n${memBody}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
