// npm run load: a bounded mix of the product's calls at a target rate, against the cluster of
// `npm run cluster` (started here, on its own ports, database `vitae_load` and a private Redis)
// or against an instance given by --url. Every run ends by itself.
//
// Setup (not measured as load): job seekers and HR users sign up through the API (verification
// links read from the outbox), sign in once each (timed: the `sign-in` row), add a few entries,
// list their CV, and the first --owners seekers share their CV with 5 recipients each (pins
// read from the outbox). Then --sockets seekers connect a Socket.IO client with their session.
// The run: at --rate requests/s for --duration s, open-loop (a slow answer does not slow the
// sending), a weighted mix: dashboard (views/latest), cv (the full CV), save (a new skill,
// interest or attribute), notifications, HR browse (searches and filters), and a share view
// (a recipient unlocks with the pin, then the view is tracked, which notifies the owner: the
// delivery latency is from sending that view to the owner's socket receiving it).
// At the end every acknowledged write is looked up (writes lost), figures are printed and
// written to docs/benchmarks.md (## Load, or ## Load drill: <name>).
//
// Flags: --rate 50 --duration 60 --sockets 100 --users N (default max(sockets, 20)) --hr 5
// --owners 20 --listed 100000 (listed CVs the cluster's database holds first, `npm run seed`)
// --drill kill-web|kill-worker|redis-pause|pg-restart --per-kind S (then each kind alone for S s,
// to measure CPU per request kind) --url URL --outbox DIR (with --url) --no-doc --json
// --port 5200 (the cluster's HAProxy port; web instances on the next two) --check readyz|healthz
// (what HAProxy checks: readyz takes an instance out when Redis is down, healthz does not).
// Each virtual client sends its own X-Forwarded-For address, which the cluster's HAProxy
// forwards and the instances trust (TRUST_PROXY=127.0.0.1): the rate limits then count each
// client on its own, as they would for real users. Not part of npm test.
import { execFile, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs, promisify } from 'node:util';
import pg from 'pg';
import { io as connectSocket } from 'socket.io-client';
import { SECTIONS as CV_SECTIONS, SECTION_KEYS, SOCKET_PATH } from '@vitae/core';
import { ClusterError, clusterDatabase, startCluster } from './lib/cluster.mjs';
import { writeDocSection } from './lib/doc-section.mjs';
import { sleep } from './lib/net.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const { values: opt } = parseArgs({
  options: {
    rate: { type: 'string', default: '50' },
    duration: { type: 'string', default: '60' },
    sockets: { type: 'string', default: '100' },
    users: { type: 'string' },
    hr: { type: 'string', default: '5' },
    owners: { type: 'string', default: '20' },
    listed: { type: 'string', default: '100000' },
    drill: { type: 'string' },
    'per-kind': { type: 'string', default: '0' },
    'measure-jobs': { type: 'boolean', default: false },
    'jobs-only': { type: 'boolean', default: false },
    url: { type: 'string' },
    outbox: { type: 'string' },
    port: { type: 'string', default: '5200' },
    check: { type: 'string', default: 'readyz' },
    doc: { type: 'string', default: path.join(ROOT, 'docs/benchmarks.md') },
    'no-doc': { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
  },
});
const num = (name, min = 0) => {
  const n = Number(opt[name]);
  if (!Number.isFinite(n) || n < min) fail(`--${name} needs a number of at least ${min}`);
  return n;
};
function fail(msg) {
  console.error(msg);
  process.exit(2);
}
const RATE = num('rate', 0.1);
const DURATION_S = num('duration', 1);
const SOCKETS = num('sockets');
const USERS = Math.max(opt.users ? num('users', 1) : Math.max(SOCKETS, 20), SOCKETS, 1);
const HR_USERS = Math.max(num('hr'), 1);
const OWNERS = Math.min(Math.max(num('owners'), 1), USERS);
const LISTED = num('listed');
const PER_KIND_S = num('per-kind');
const DRILLS = ['kill-web', 'kill-worker', 'redis-pause', 'pg-restart'];
if (opt.drill && !DRILLS.includes(opt.drill)) fail(`--drill is one of ${DRILLS.join(', ')}`);
if (opt.url && !opt.outbox) {
  fail('--url needs --outbox DIR: the folder the instance writes mail to (sign-up links, pins).');
}
if (!['readyz', 'healthz'].includes(opt.check)) fail('--check is readyz or healthz');
if (opt.url && opt.drill) fail('--drill needs the cluster this script starts (leave out --url).');
const PASSWORD = 'load-secret-1';
const RECIPIENTS_PER_OWNER = 5;
const log = (...a) => {
  if (!opt.json) console.log(...a);
};

/** The mix: weight of each action (a share view is two requests: unlock, then track). */
const MIX = [
  ['dashboard', 18],
  ['cv', 18],
  ['save', 14],
  ['notifications', 15],
  ['browse', 20],
  ['share-view', 15],
];
const MIX_TOTAL = MIX.reduce((s, [, w]) => s + w, 0);
const pickAction = () => {
  let r = Math.random() * MIX_TOTAL;
  for (const [name, w] of MIX) if ((r -= w) < 0) return name;
  return MIX[0][0];
};

// ---------------------------------------------------------------------------------------------
// Measurements

/** Every request: { kind, at (ms since the run began), ms, ok, status }. */
const samples = [];
let phase = 'setup';
let runStart = 0;
const setupSamples = [];
function record(kind, t0, status, ok, code) {
  const ms = performance.now() - t0;
  // A request without an answer: status 0 and the network error's code.
  const row = { kind, at: t0 - runStart, ms, ok, status: status || code || 0 };
  (phase === 'run' ? samples : setupSamples).push(row);
  if (phase === 'per-kind') perKindCount.set(kind, (perKindCount.get(kind) ?? 0) + 1);
}
const perKindCount = new Map();

const pct = (sorted, p) =>
  sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
    : NaN;

function summarize(rows) {
  const byKind = new Map();
  for (const r of rows) {
    if (!byKind.has(r.kind)) byKind.set(r.kind, []);
    byKind.get(r.kind).push(r);
  }
  const out = [];
  for (const [kind, list] of [...byKind].sort()) {
    const ms = list.map((r) => r.ms).sort((a, b) => a - b);
    out.push({
      kind,
      count: list.length,
      errors: list.filter((r) => !r.ok).length,
      p50: pct(ms, 50),
      p95: pct(ms, 95),
      p99: pct(ms, 99),
      statuses: [...new Set(list.filter((r) => !r.ok).map((r) => r.status))],
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// HTTP: one virtual client's cookie jar and address

let BASE;
let outboxDir;

class Client {
  constructor(ip) {
    this.ip = ip;
    this.cookies = new Map();
  }
  get cookie() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  /** Answers { status, json }; a network failure is status 0. Recorded as `kind` if given. */
  async request(method, url, body, kind) {
    const isForm = body instanceof FormData;
    const t0 = performance.now();
    let status = 0;
    let json = null;
    try {
      const res = await fetch(BASE + url, {
        method,
        headers: {
          'x-forwarded-for': this.ip,
          ...(body && !isForm ? { 'content-type': 'application/json' } : {}),
          ...(this.cookies.size ? { cookie: this.cookie } : {}),
        },
        body: body ? (isForm ? body : JSON.stringify(body)) : undefined,
        signal: AbortSignal.timeout(kind === 'video' ? 180_000 : 30_000),
      });
      status = res.status;
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const at = pair.indexOf('=');
        this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
      }
      const text = await res.text();
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        json = text;
      }
    } catch (err) {
      json = { error: String(err?.cause?.code ?? err?.name ?? err) };
    }
    const ok = status >= 200 && status < 300;
    // HAProxy's own answers (no instance available, an instance timed out) are HTML.
    const fromBalancer = !ok && typeof json === 'string' && json.startsWith('<html>');
    if (kind) record(kind, t0, fromBalancer ? `${status} from HAProxy` : status, ok, json?.error);
    return { status, json, ok };
  }
  async must(method, url, body, kind) {
    const res = await this.request(method, url, body, kind);
    if (!res.ok) {
      throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.json).slice(0, 300)}`);
    }
    return res.json;
  }
}

let ipCount = 0;
const nextIp = (net) => {
  const n = ++ipCount;
  return `10.${net}.${(n >> 8) & 255}.${n & 255}`;
};

/** Every mail in the outbox, read once each. */
const seenMail = new Set();
function newMails() {
  const out = [];
  if (!fs.existsSync(outboxDir)) return out;
  for (const name of fs.readdirSync(outboxDir)) {
    if (seenMail.has(name) || !name.endsWith('.json')) continue;
    try {
      out.push(JSON.parse(fs.readFileSync(path.join(outboxDir, name), 'utf8')));
      seenMail.add(name);
    } catch {
      // Being written: read it next time.
    }
  }
  return out;
}
const mailTo = new Map();
async function waitMail(to, pattern) {
  for (let i = 0; i < 300; i++) {
    for (const m of newMails()) {
      if (!mailTo.has(m.to)) mailTo.set(m.to, []);
      mailTo.get(m.to).push(m);
    }
    const hit = (mailTo.get(to) ?? []).map((m) => pattern.exec(m.text)).find(Boolean);
    if (hit) return hit;
    await sleep(100);
  }
  throw new Error(`no mail to ${to} matching ${pattern} within 30 s (outbox ${outboxDir})`);
}

const RUN_TAG = randomBytes(3).toString('hex');

async function signUp(n, { hr = false } = {}) {
  const client = new Client(nextIp(hr ? 2 : 1));
  const email = `load-${RUN_TAG}-${hr ? 'hr' : 'js'}${n}@example.test`;
  await client.must('POST', '/auth/user/register', {
    fullName: hr ? `Load Recruiter ${n}` : `Load Seeker ${n} Mokoena`,
    email,
    password: PASSWORD,
    password2: PASSWORD,
    ...(hr ? { HRIntent: true } : {}),
  });
  const [, token] = await waitMail(email, /\/email-verified\/([^\s"<]+)/);
  await client.must('POST', '/auth/user/verify-email', { id: token });
  client.cookies.clear();
  await client.must('POST', '/auth/user/login-web', { email, password: PASSWORD }, 'sign-in');
  const me = await client.must('GET', '/auth/user/fetch-user');
  client.userId = me.user?._id ?? me._id;
  client.email = email;
  client.writes = { skill: 0, interest: 0, attribute: 0 };
  return client;
}

async function inBatches(count, size, fn) {
  const out = [];
  for (let i = 0; i < count; i += size) {
    const batch = [];
    for (let j = i; j < Math.min(count, i + size); j++) batch.push(fn(j));
    out.push(...(await Promise.all(batch)));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The actions

const SEARCHES = ['mokoena', 'naidoo', 'thandi', 'developer', 'analyst', 'sipho', ''];
const SKILLS = ['Python', 'Excel', 'SQL', 'Customer service', 'Project management'];
const SECTIONS = {
  skill: (text) => ({ skill: text, proficiency: 3 }),
  interest: (text) => ({ interest: text }),
  attribute: (text) => ({ attribute: text }),
};
const SECTION_CAP = 50;
const acked = [];
let writeSeq = 0;
const pending = new Map(); // shareId -> [t0 of the view sent]
const deliveries = [];
let views = 0;

let seekers = [];
let hrs = [];
let shares = [];
const pick = (list) => list[Math.floor(Math.random() * list.length)];

const actions = {
  dashboard: (c = pick(seekers)) => c.request('GET', '/api/views/latest', null, 'dashboard'),
  cv: (c = pick(seekers)) => c.request('GET', '/api/curriculum-vitae/data', null, 'cv'),
  notifications: (c = pick(seekers)) =>
    c.request('GET', '/api/notifications?limit=10', null, 'notifications'),
  async save(c = pick(seekers)) {
    const section = pick(Object.keys(SECTIONS).filter((s) => c.writes[s] < SECTION_CAP - 5));
    if (!section) return actions.cv(c);
    c.writes[section]++;
    const text = `load ${RUN_TAG} ${++writeSeq}`;
    const res = await c.request('POST', `/api/${section}`, SECTIONS[section](text), 'save');
    const entry = res.ok && res.json?.data?.find?.((e) => e[section] === text);
    if (res.ok && !entry) console.error(`save: the answer does not list "${text}"`);
    if (entry) acked.push({ client: c, section, id: entry._id, text });
  },
  async browse(c = pick(hrs)) {
    const q = new URLSearchParams({ search: pick(SEARCHES), page: String(1 + (views++ % 3)) });
    const r = Math.random();
    if (r < 0.3) q.set('skills', pick(SKILLS));
    else if (r < 0.45) q.set('sort', 'relevance');
    else if (r < 0.55) q.set('minYears', '3');
    else if (r < 0.6) q.set('hasVideo', 'true');
    return c.request('GET', `/api/public-cv/browse?${q}`, null, 'browse');
  },
  /** Only in --per-kind (the run signs each user in once, in the setup): a fresh browser. */
  'sign-in': (c = pick(seekers)) =>
    new Client(nextIp(4)).request(
      'POST',
      '/auth/user/login-web',
      { email: c.email, password: PASSWORD },
      'sign-in',
    ),
  async 'share-view'(share = pick(shares)) {
    const recipient = new Client(nextIp(3));
    const body = { cvId: share.cvId, shareId: share.shareId, pin: share.pin };
    const unlocked = await recipient.request('POST', '/api/share-cv/unlock', body, 'share-unlock');
    if (!unlocked.ok) return;
    const t0 = performance.now();
    const waiting = share.owner.socket?.connected;
    if (waiting) {
      if (!pending.has(share.shareId)) pending.set(share.shareId, []);
      pending.get(share.shareId).push(t0);
    }
    const res = await recipient.request(
      'POST',
      '/api/share-cv/track-view',
      { curriculumVitaeID: share.cvId },
      'share-view',
    );
    if (!res.ok && waiting) pending.get(share.shareId)?.pop();
  },
};

async function setupUsers() {
  log(`setup: ${USERS} job seekers and ${HR_USERS} HR users sign up…`);
  seekers = await inBatches(USERS, 8, (n) => signUp(n));
  hrs = await inBatches(HR_USERS, 4, (n) => signUp(n, { hr: true }));
  log('setup: entries, listing and shares…');
  await inBatches(USERS, 8, async (n) => {
    const c = seekers[n];
    await c.must('POST', '/api/personal-summary', {
      content: `Seeker ${n} of load run ${RUN_TAG}, reliable with data.`,
    });
    await c.must('POST', '/api/skill', { skill: pick(SKILLS), proficiency: 3 });
    const cv = await c.must('POST', '/api/curriculum-vitae');
    c.cvId = cv._id;
    if (n % 2 === 0) await c.must('POST', '/api/public-cv/toggle');
  });
  await inBatches(OWNERS, 2, async (n) => {
    const c = seekers[n];
    // A send answers 502 "Failed to share CV" when its mails were not confirmed sent within
    // 15 s; the user tries again, as here, up to 3 times, to new addresses, so a mail of the
    // failed send is never taken for the stored share's. Counted in the share send row.
    let recipients;
    for (let attempt = 1; ; attempt++) {
      recipients = Array.from({ length: RECIPIENTS_PER_OWNER }, (_, i) => ({
        email: `load-${RUN_TAG}-r${n}-${i}-${attempt}@example.test`,
        key: `r${i}`,
      }));
      const body = { curriculumVitaeID: c.cvId, recipients, subject: 'My CV', message: 'Hi.' };
      const res = await c.request('POST', '/api/share-cv', body, 'share-send');
      if (res.ok) break;
      if (attempt === 3 || res.status !== 502) {
        throw new Error(`POST /api/share-cv: ${res.status} ${JSON.stringify(res.json)}`);
      }
      log(`setup: a share send answered 502 "Failed to share CV"; again`);
    }
    for (const r of recipients) {
      const [, cvId, shareId] = await waitMail(
        r.email,
        /\/view-shared-cv\/([0-9a-f]{24})\?share=([0-9a-f]{24})/,
      );
      const [, pin] = await waitMail(r.email, /View pin: (\d{6})/);
      shares.push({ owner: c, cvId, shareId, pin });
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Sockets

const socketStats = { connected: 0, failed: 0, disconnects: 0, reconnects: [] };
function connectSockets() {
  log(`setup: ${SOCKETS} sockets connect…`);
  return inBatches(SOCKETS, 25, (n) => openSocket(seekers[n]));
}
function openSocket(c) {
  return new Promise((resolve) => {
    const socket = connectSocket(BASE, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      extraHeaders: { cookie: c.cookie, 'x-forwarded-for': c.ip },
      forceNew: true,
      reconnectionDelay: 250,
      reconnectionDelayMax: 2000,
    });
    c.socket = socket;
    let lostAt = 0;
    const authenticate = async () => {
      try {
        await socket.timeout(10_000).emitWithAck('authenticate', c.userId);
      } catch {
        // counted below: no delivery reaches a socket outside its room
      }
    };
    socket.on('connect', async () => {
      await authenticate();
      if (lostAt) {
        socketStats.reconnects.push({ at: lostAt - runStart, ms: performance.now() - lostAt });
        lostAt = 0;
      }
      resolve();
    });
    socket.on('disconnect', () => {
      socketStats.disconnects++;
      lostAt = performance.now();
    });
    socket.on('connect_error', () => {
      if (!socket.connected && !lostAt) {
        socketStats.failed++;
        resolve();
      }
    });
    socket.on('notification', (n) => {
      const queue = n?.type === 'cv-viewed' && pending.get(n.shareCVId);
      if (queue?.length) {
        const t0 = queue.shift();
        deliveries.push({ at: t0 - runStart, ms: performance.now() - t0 });
      }
    });
  }).then(() => {
    if (c.socket.connected) socketStats.connected++;
  });
}

// ---------------------------------------------------------------------------------------------
// CPU per process (cluster mode): /proc/<pid>/stat, in clock ticks of 10 ms

function cpuMs(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}
/** CPU ms of a process, the children it has reaped (ffmpeg) and its live descendants (Chromium). */
function treeCpuMs(pid) {
  let total = 0;
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    total += (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * 10;
  } catch {
    return 0;
  }
  const out = spawnSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' });
  for (const child of out.stdout.trim().split(/\s+/).filter(Boolean)) total += treeCpuMs(child);
  return total;
}

let cluster;
let pgAdmin;
let redisProc;
async function cpuSnapshot() {
  const snap = {};
  if (!cluster) return snap;
  for (const [name, child] of cluster.processes) snap[name] = { [child.pid]: cpuMs(child.pid) };
  snap.postgres = {};
  const { rows } = await pgAdmin.query(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
  );
  for (const { pid } of rows) snap.postgres[pid] = cpuMs(pid);
  if (redisProc) snap.redis = { [redisProc.pid]: cpuMs(redisProc.pid) };
  return snap;
}
/** CPU ms each process used between two snapshots (a process new in `b` counts from 0). */
function cpuUsed(a, b) {
  const out = {};
  for (const [name, pids] of Object.entries(b)) {
    out[name] = 0;
    for (const [pid, ms] of Object.entries(pids)) out[name] += ms - (a[name]?.[pid] ?? 0);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The drills: each returns what it verified once the run ends

const drillNotes = {};
async function runDrill(name, at) {
  await sleep(Math.max(0, at - (performance.now() - runStart)));
  const t = performance.now() - runStart;
  drillNotes.faultAt = t;
  if (name === 'kill-web') {
    const before = socketStats.disconnects;
    await cluster.kill('web1', 'SIGKILL');
    log(`drill: web1 killed (SIGKILL) at ${(t / 1000).toFixed(1)} s`);
    await sleep(10_000);
    const t1 = performance.now();
    await cluster.restart('web1');
    drillNotes.restartMs = performance.now() - t1;
    drillNotes.faultEnd = performance.now() - runStart;
    drillNotes.socketsDropped = socketStats.disconnects - before;
    log(`drill: web1 started again and ready (${(drillNotes.restartMs / 1000).toFixed(1)} s)`);
  } else if (name === 'kill-worker') {
    await killWorkerMidConversion(t);
  } else if (name === 'redis-pause') {
    const { Redis } = await import('ioredis');
    const r = new Redis(cluster.redisUrl);
    await r.call('CLIENT', 'PAUSE', '10000', 'ALL');
    r.disconnect();
    log(`drill: Redis paused for 10 s (CLIENT PAUSE 10000 ALL) at ${(t / 1000).toFixed(1)} s`);
    await sleep(10_000);
    drillNotes.faultEnd = performance.now() - runStart;
  } else if (name === 'pg-restart') {
    // What a restart does to the app: every connection it holds is cut, and new ones are
    // refused while the server is down. Here: the cluster database's connections are
    // terminated again and again for 5 s (the machine's PostgreSQL serves other work too).
    const end = performance.now() + 5000;
    let cut = 0;
    while (performance.now() < end) {
      const { rows } = await pgAdmin.query(
        `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
      cut += rows[0].n;
      await sleep(100);
    }
    drillNotes.connectionsCut = cut;
    drillNotes.faultEnd = performance.now() - runStart;
    log(`drill: ${cut} PostgreSQL connections of the cluster database cut over 5 s`);
  }
}

/** Made asynchronously: s3rver runs in this process, and a blocked event loop fails readyz. */
async function testVideo(seconds, size = '640x360') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitae-load-video-'));
  const out = path.join(dir, 'v.mp4');
  await promisify(execFile)('ffmpeg', [
    ...[
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `testsrc=size=${size}:rate=25:duration=${seconds}`,
    ],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
    ...['-c:v', 'mpeg4', '-q:v', '5', '-c:a', 'aac', '-shortest', out],
  ]);
  const data = fs.readFileSync(out);
  fs.rmSync(dir, { recursive: true, force: true });
  return data;
}

async function uploadVideo(c, data) {
  const sig = await c.must('POST', '/api/cloudinary/signature-request-no-preset');
  const form = new FormData();
  form.append('file', new Blob([data], { type: 'video/mp4' }), 'hello.mp4');
  form.append('api_key', sig.apiKey);
  form.append('timestamp', String(sig.timestamp));
  form.append('signature', sig.signature);
  return c.request('POST', '/media/video/upload', form, 'video');
}

/** The ffmpeg a process runs, if any: its children named ffmpeg. */
function ffmpegChild(pid) {
  const out = spawnSync('ps', ['-o', 'pid=,comm=', '--ppid', String(pid)], { encoding: 'utf8' });
  return out.stdout
    .trim()
    .split('\n')
    .map((l) => l.trim().split(/\s+/))
    .find(([, comm]) => comm === 'ffmpeg')?.[0];
}

async function killWorkerMidConversion() {
  const video = await testVideo(25);
  const c = pick(seekers);
  const t0 = performance.now();
  const upload = uploadVideo(c, video);
  const worker = cluster.processes.get('worker');
  let ff;
  for (let i = 0; i < 600 && !ff; i++) {
    ff = ffmpegChild(worker.pid);
    if (!ff) await sleep(50);
  }
  if (!ff) {
    drillNotes.video = { error: 'the worker never ran ffmpeg within 30 s', result: await upload };
    return;
  }
  const killAt = performance.now();
  drillNotes.conversionStartedMs = killAt - t0;
  // A crashed machine takes the conversion with it.
  await cluster.kill('worker', 'SIGKILL');
  try {
    process.kill(Number(ff), 'SIGKILL');
  } catch {
    // gone with its parent
  }
  log(`drill: worker killed mid-conversion (ffmpeg ${ff}); a new worker starts`);
  await cluster.restart('worker');
  const res = await upload;
  drillNotes.faultEnd = performance.now() - runStart;
  drillNotes.video = {
    status: res.status,
    ok: res.ok && typeof res.json?.url === 'string',
    afterKillMs: performance.now() - killAt,
    totalMs: performance.now() - t0,
    body: res.ok ? undefined : JSON.stringify(res.json).slice(0, 200),
  };
  if (res.ok) {
    // The converted video plays: the owner can fetch it.
    const u = new URL(res.json.url, BASE);
    const file = await c.request('GET', u.pathname + u.search);
    drillNotes.video.fetched = file.status;
  }
}

/**
 * The costs of the heavy work, once each: a PDF download of a full CV (every section of the
 * sample CV; the first starts Chromium, then 5 warm) and a video conversion (a 25 s upload),
 * as wall time and the CPU of the processes doing it with their children (Chromium, ffmpeg).
 */
async function measureJobs() {
  const c = seekers[0];
  for (const key of SECTION_KEYS) {
    for (const { _id, ...fields } of CV_SECTIONS[key].preview) {
      void _id;
      await c.must('POST', `/api/${key}`, { ...CV_SECTIONS[key].defaults, ...fields });
    }
  }
  const webs = () =>
    treeCpuMs(cluster.processes.get('web1').pid) + treeCpuMs(cluster.processes.get('web2').pid);
  const worker = () => treeCpuMs(cluster.processes.get('worker').pid);
  // First the video (PDFs after it: Chromium's CPU on this small machine can make the
  // instances' readiness checks time out). The largest the product takes in: 720p, 30 s.
  const data = await testVideo(30, '1280x720');
  const [w0, web0, t0] = [worker(), webs(), performance.now()];
  const res = await uploadVideo(c, data);
  const video = {
    status: res.status,
    ms: performance.now() - t0,
    workerCpu: worker() - w0,
    webCpu: webs() - web0,
    mib: data.length / 1048576,
  };
  log(`measure: video: ${res.status} in ${f0(video.ms)} ms`);
  const pdfs = [];
  for (let i = 0; i < 8; i++) {
    const a = webs();
    const t0 = performance.now();
    const res = await c.request('GET', '/api/curriculum-vitae/pdf');
    pdfs.push({ status: res.status, ms: performance.now() - t0, cpu: webs() - a });
    log(`measure: PDF ${i + 1}: ${res.status} in ${f0(pdfs.at(-1).ms)} ms`);
  }
  return { pdfs, video };
}

// ---------------------------------------------------------------------------------------------
// The run

async function drive(seconds, rate, choose) {
  const interval = 1000 / rate;
  const inFlight = new Set();
  const start = performance.now();
  let n = 0;
  let dropped = 0;
  while (performance.now() - start < seconds * 1000) {
    if (inFlight.size >= 1000) dropped++;
    else {
      const p = actions[choose()]().catch((err) => console.error(err));
      inFlight.add(p);
      void p.finally(() => inFlight.delete(p));
    }
    n++;
    const wait = start + n * interval - performance.now();
    if (wait > 0) await sleep(wait);
  }
  await Promise.all(inFlight);
  return { sent: n, dropped };
}

async function countLost() {
  let lost = 0;
  const byClient = new Map();
  for (const w of acked) {
    if (!byClient.has(w.client)) byClient.set(w.client, []);
    byClient.get(w.client).push(w);
  }
  for (const [c, writes] of byClient) {
    for (const section of new Set(writes.map((w) => w.section))) {
      const res = await c.must('GET', `/api/${section}`);
      const stored = new Map(res.data.map((e) => [e._id, e[section]]));
      for (const w of writes.filter((x) => x.section === section)) {
        if (stored.get(w.id) !== w.text) lost++;
      }
    }
  }
  return lost;
}

async function ensureListed(databaseUrl) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  let have = 0;
  try {
    have = Number((await db.query('SELECT count(*) AS n FROM public_cvs')).rows[0].n);
  } catch {
    // no schema yet: seed.ts makes it
  }
  await db.end();
  if (have >= LISTED) return have;
  log(`setup: seeding ${LISTED - have} listed CVs (npm run seed; kept for the next run)…`);
  const seeded = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'server/scripts/seed.ts', '--cvs', String(LISTED - have)],
    { cwd: ROOT, env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: 'inherit' },
  );
  if (seeded.status !== 0) throw new Error('seeding the listed CVs failed');
  return LISTED;
}

/** A Redis of the load's own, so a drill never touches the machine's shared one. */
async function privateRedis(port, dir) {
  fs.mkdirSync(dir, { recursive: true });
  redisProc = spawn(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      dir,
    ],
    { stdio: 'ignore' },
  );
  redisProc.exited = new Promise((r) => redisProc.once('exit', r));
  for (let i = 0; i < 50; i++) {
    const ping = spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' });
    if (ping.stdout.trim() === 'PONG') return `redis://127.0.0.1:${port}`;
    await sleep(100);
  }
  throw new Error(`redis-server on port ${port} did not start`);
}

async function main() {
  const port = num('port', 1);
  let listed = null;
  if (opt.url) {
    BASE = opt.url.replace(/\/$/, '');
    outboxDir = path.resolve(opt.outbox);
  } else {
    const dataDir = path.join(ROOT, 'data/load');
    const databaseUrl = await clusterDatabase(process.env, 'vitae_load');
    const redisUrl = await privateRedis(port + 8, path.join(dataDir, 'redis'));
    // Before the cluster starts (seed.ts upgrades the database itself).
    if (LISTED) listed = await ensureListed(databaseUrl);
    const clusterLog = fs.createWriteStream(path.join(dataDir, 'cluster.log'), { flags: 'a' });
    log(`setup: the cluster starts (HAProxy :${port}; its output in data/load/cluster.log)…`);
    cluster = await startCluster({
      port,
      dataDir,
      redisUrl,
      databaseUrl,
      log: (name, line) => clusterLog.write(`[${name}] ${line}\n`),
      onExit: (name, code, signal) => log(`cluster: ${name} exited (${signal ?? code})`),
      extraServerEnv: { LOG_LEVEL: 'warn', PDF_WARM: 'off' },
      healthCheck: `/${opt.check}`,
    });
    BASE = cluster.url;
    outboxDir = path.join(dataDir, 'worker', 'outbox');
    pgAdmin = new pg.Client({ connectionString: databaseUrl });
    await pgAdmin.connect();
  }

  await setupUsers();
  if (SOCKETS) await connectSockets();

  if (opt['jobs-only'] && cluster) {
    // Only the PDF and video costs, into their own section of docs/benchmarks.md.
    const jobs = await measureJobs();
    console.log(['', ...jobLines(jobs)].join('\n'));
    if (!opt['no-doc'])
      writeJobsDoc(
        jobs,
        `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${os.cpus().length} CPU(s), load average ${os.loadavg()[0].toFixed(1)}`,
      );
    return { errors: 0, writes: { lost: 0 } };
  }

  phase = 'run';
  runStart = performance.now();
  const cpu0 = await cpuSnapshot();
  log(`run: ${RATE} req/s for ${DURATION_S} s${opt.drill ? `, drill ${opt.drill}` : ''}…`);
  const drill = opt.drill ? runDrill(opt.drill, (DURATION_S * 1000) / 3) : null;
  const { sent, dropped } = await drive(DURATION_S, RATE, pickAction);
  await drill;
  const elapsedS = (performance.now() - runStart) / 1000;
  const cpu = cpuUsed(cpu0, await cpuSnapshot());
  // Deliveries still on their way get 3 s.
  for (let i = 0; i < 30 && [...pending.values()].some((q) => q.length); i++) await sleep(100);
  const undelivered = [...pending.values()].reduce((s, q) => s + q.length, 0);
  phase = 'check';
  const lost = await countLost();

  let perKind = null;
  if (PER_KIND_S && cluster) {
    phase = 'per-kind';
    perKind = [];
    for (const name of [...MIX.map(([k]) => k), 'sign-in']) {
      perKindCount.clear();
      const a = await cpuSnapshot();
      await drive(PER_KIND_S, RATE, () => name);
      const used = cpuUsed(a, await cpuSnapshot());
      const requests = [...perKindCount.values()].reduce((s, n) => s + n, 0);
      perKind.push({ name, requests, used });
      log(`per kind: ${name}: ${requests} requests`);
    }
  }

  let jobs = null;
  if (opt['measure-jobs'] && cluster) {
    jobs = await measureJobs().catch((err) => {
      console.error(`measure: ${err.message}`);
      return null;
    });
  }

  const rows = summarize(samples);
  const signIn = summarize(setupSamples.filter((r) => r.kind === 'sign-in'))[0];
  const shareSend = summarize(setupSamples.filter((r) => r.kind === 'share-send'))[0];
  const dms = deliveries.map((d) => d.ms).sort((a, b) => a - b);
  const result = {
    rate: RATE,
    durationS: DURATION_S,
    elapsedS,
    sent,
    dropped,
    requests: samples.length,
    errors: samples.filter((r) => !r.ok).length,
    rows,
    signIn,
    shareSend,
    users: USERS,
    hr: HR_USERS,
    shares: shares.length,
    listed,
    sockets: { wanted: SOCKETS, ...socketStats, reconnects: socketStats.reconnects.length },
    delivery: {
      count: dms.length,
      undelivered,
      p50: pct(dms, 50),
      p95: pct(dms, 95),
      p99: pct(dms, 99),
      max: dms.at(-1) ?? NaN,
    },
    writes: { acknowledged: acked.length, lost },
    cpu,
    perKind,
    jobs,
    drill: opt.drill ? drillReport() : null,
    machine: `${os.cpus().length} CPU(s), load average ${os.loadavg()[0].toFixed(1)}`,
  };
  if (opt.json) console.log(JSON.stringify(result));
  else printReport(result);
  if (!opt['no-doc']) writeDoc(result);
  return result;
}

function drillReport() {
  const at = drillNotes.faultAt ?? 0;
  const failed = samples.filter((r) => !r.ok && r.at >= at);
  const lastFail = failed.reduce((m, r) => Math.max(m, r.at + r.ms), at);
  const reconnects = socketStats.reconnects.filter((r) => r.at >= at - 100);
  return {
    name: opt.drill,
    faultAtS: at / 1000,
    faultS: ((drillNotes.faultEnd ?? at) - at) / 1000,
    failedBefore: samples.filter((r) => !r.ok && r.at < at).length,
    failedDuring: failed.length,
    failedStatuses: [...new Set(failed.map((r) => r.status))],
    failedKinds: [...new Set(failed.map((r) => r.kind))],
    recoveryS: (lastFail - at) / 1000,
    socketsDropped: reconnects.length + (socketStats.disconnects - socketStats.reconnects.length),
    socketsReconnected: reconnects.length,
    reconnectMaxS: reconnects.length ? Math.max(...reconnects.map((r) => r.ms)) / 1000 : 0,
    ...drillNotes,
  };
}

const f0 = (n) => (Number.isFinite(n) ? n.toFixed(0) : '–');
const f1 = (n) => (Number.isFinite(n) ? n.toFixed(1) : '–');

function tableLines(r) {
  const lines = [
    '| kind | requests | req/s | errors | p50 ms | p95 ms | p99 ms |',
    '|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const k of r.rows) {
    lines.push(
      `| ${k.kind} | ${k.count} | ${f1(k.count / r.elapsedS)} | ${k.errors}${k.statuses.length ? ` (${k.statuses.join(', ')})` : ''} | ${f0(k.p50)} | ${f0(k.p95)} | ${f0(k.p99)} |`,
    );
  }
  lines.push(
    `| **all** | ${r.requests} | ${f1(r.requests / r.elapsedS)} | ${r.errors} | | | |`,
    `| sign-in (setup, 8 at a time) | ${r.signIn?.count ?? 0} | | ${r.signIn?.errors ?? 0} | ${f0(r.signIn?.p50)} | ${f0(r.signIn?.p95)} | ${f0(r.signIn?.p99)} |`,
    `| share send (setup, 2 at a time, 5 mails each) | ${r.shareSend?.count ?? 0} | | ${r.shareSend?.errors ?? 0}${r.shareSend?.statuses.length ? ` (${r.shareSend.statuses.join(', ')})` : ''} | ${f0(r.shareSend?.p50)} | ${f0(r.shareSend?.p95)} | ${f0(r.shareSend?.p99)} |`,
  );
  return lines;
}

function summaryLines(r) {
  const d = r.delivery;
  const lines = [
    `- Notification delivery (share view sent → the owner's socket): ${d.count} delivered, ${d.undelivered} not within 3 s after the run; p50 ${f0(d.p50)} ms, p95 ${f0(d.p95)} ms, p99 ${f0(d.p99)} ms, max ${f0(d.max)} ms.`,
    `- Sockets: ${r.sockets.connected} of ${r.sockets.wanted} connected (${r.sockets.failed} failed), ${r.sockets.disconnects} disconnects, ${r.sockets.reconnects} reconnects.`,
    `- Writes (section saves answered 2xx, each looked up afterwards): ${r.writes.acknowledged} acknowledged, ${r.writes.lost} lost.`,
    `- Sent ${r.sent} actions in ${f1(r.elapsedS)} s${r.dropped ? `, ${r.dropped} dropped (1,000 in flight)` : ''}.`,
  ];
  if (Object.keys(r.cpu).length) {
    const total = r.requests;
    lines.push(
      `- CPU used during the run (ms, /proc): ${Object.entries(r.cpu)
        .map(([k, v]) => `${k} ${f0(v)}`)
        .join(
          ', ',
        )}; web instances ${f1((r.cpu.web1 + r.cpu.web2) / total)} ms per request, PostgreSQL backends ${f1(r.cpu.postgres / total)} ms per request.`,
    );
  }
  return lines;
}

function drillLines(d) {
  const lines = [
    `- Fault at ${f1(d.faultAtS)} s, lasting ${f1(d.faultS)} s.`,
    `- Requests failed during and after the fault: ${d.failedDuring}${d.failedDuring ? ` (statuses ${d.failedStatuses.join(', ')}; kinds ${d.failedKinds.join(', ')})` : ''}; started before it (in flight when it hit, or earlier): ${d.failedBefore}.`,
    `- Recovery (the fault until the end of the last failed request): ${f1(d.recoveryS)} s.`,
  ];
  if (d.name === 'kill-web') {
    lines.push(
      `- Sockets: ${d.socketsDropped} dropped with web1, ${d.socketsReconnected} reconnected through HAProxy (slowest ${f1(d.reconnectMaxS)} s); web1 ready again ${f1((d.restartMs ?? NaN) / 1000)} s after its restart.`,
    );
  }
  if (d.name === 'kill-worker') {
    const v = d.video ?? {};
    lines.push(
      v.error
        ? `- Video: ${v.error}.`
        : `- Video upload (25 s, 640×360): the worker was SIGKILLed with its ffmpeg ${f1(d.conversionStartedMs / 1000)} s after the upload began, a new worker started; the upload was answered ${v.status} ${f1(v.afterKillMs / 1000)} s after the kill (${f1(v.totalMs / 1000)} s in all)${v.ok ? `, the converted video fetched: ${v.fetched}` : `: ${v.body}`}.`,
    );
  }
  if (d.name === 'pg-restart') {
    lines.push(
      `- PostgreSQL connections cut: ${d.connectionsCut} (pg_terminate_backend, for 5 s).`,
    );
  }
  return lines;
}

function printReport(r) {
  console.log(['', ...tableLines(r), '', ...summaryLines(r)].join('\n'));
  if (r.drill) console.log(['', `Drill ${r.drill.name}:`, ...drillLines(r.drill)].join('\n'));
  if (r.perKind) console.log(['', ...perKindLines(r)].join('\n'));
  if (r.jobs) console.log(['', ...jobLines(r.jobs)].join('\n'));
}

function jobLines({ pdfs, video }) {
  // Round robin: the first two land one on each web instance, each starting its Chromium.
  const cold = pdfs.slice(0, 2);
  const warm = pdfs.slice(2).filter((p) => p.status === 200);
  const refused = pdfs.slice(2).filter((p) => p.status !== 200);
  const avg = (list, k) => list.reduce((s, x) => s + x[k], 0) / list.length;
  return [
    '| work | answer | wall ms | CPU ms (with children) |',
    '|---|---|---:|---:|',
    `| PDF, first on each web instance (Chromium starts; mean of 2) | ${[...new Set(cold.map((p) => p.status))].join(', ')} | ${f0(avg(cold, 'ms'))} | ${f0(avg(cold, 'cpu'))} |`,
    `| PDF, warm (mean of the ${warm.length} answered 200${refused.length ? `; ${refused.length} more answered ${refused.map((p) => p.status).join(', ')}` : ''}) | 200 | ${f0(avg(warm, 'ms'))} | ${f0(avg(warm, 'cpu'))} |`,
    `| video upload, 30 s 1280×720 (${f1(video.mib)} MiB): worker (fetch, ffmpeg, store) | ${video.status} | ${f0(video.ms)} | ${f0(video.workerCpu)} |`,
    `| the same upload: web instances (checks, ffprobe, storing) | | | ${f0(video.webCpu)} |`,
  ];
}

function perKindLines(r) {
  const lines = [
    '| kind | requests | web ms/request | PostgreSQL ms/request | HAProxy ms/request | Redis ms/request |',
    '|---|---:|---:|---:|---:|---:|',
  ];
  for (const { name, requests, used } of r.perKind) {
    const per = (ms) => f1(ms / requests);
    lines.push(
      `| ${name} | ${requests} | ${per(used.web1 + used.web2)} | ${per(used.postgres)} | ${per(used.haproxy)} | ${per(used.redis ?? 0)} |`,
    );
  }
  return lines;
}

function writeDoc(r) {
  const when = `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${r.machine}`;
  const setupText = [
    `\`npm run load -- --rate ${RATE} --duration ${DURATION_S} --sockets ${SOCKETS}${opt.drill ? ` --drill ${opt.drill}` : ''}${opt.check === 'healthz' ? ' --check healthz' : ''}\`:`,
    opt.url
      ? `against ${BASE}.`
      : `the cluster of \`npm run cluster\` (HAProxy, 2 web instances, 1 worker, PostgreSQL database \`vitae_load\`${r.listed ? ` holding ${r.listed.toLocaleString('en')} listed CVs` : ''}, a Redis of its own, s3rver), all on this machine together with the load generator.`,
    `${r.users} job seekers and ${r.hr} HR users signed up; ${r.shares} shares; open-loop mix (weights: ${MIX.map(([k, w]) => `${k} ${w}`).join(', ')}; a share view is an unlock and a tracked view).`,
    `Run on ${when}. **The machine is shared** with other sessions' builds and tests: the`,
    'load average says how busy it was; latencies include that contention.',
  ];
  if (r.drill) {
    writeDocSection(
      opt.doc,
      `Load drill: ${r.drill.name}${opt.check === 'healthz' ? ', HAProxy checking /healthz' : ''}`,
      [...setupText, '', ...drillLines(r.drill), '', ...tableLines(r), '', ...summaryLines(r)].join(
        '\n',
      ),
    );
  } else {
    writeDocSection(
      opt.doc,
      'Load (npm run load)',
      [...setupText, '', ...tableLines(r), '', ...summaryLines(r)].join('\n'),
    );
  }
  if (r.perKind) {
    writeDocSection(
      opt.doc,
      'Load: CPU per request kind',
      [
        `After the run above, each kind alone at ${RATE} req/s for ${PER_KIND_S} s; CPU time of each`,
        'process (user + system, /proc/<pid>/stat) over that phase divided by the requests of it',
        '(a share view is two requests). PostgreSQL: the backends serving the cluster database.',
        `Run on ${when}.`,
        '',
        ...perKindLines(r),
      ].join('\n'),
    );
  }
  if (r.jobs) writeJobsDoc(r.jobs, when);
  log(`Written to ${opt.doc}`);
}

function writeJobsDoc(jobs, when) {
  writeDocSection(
    opt.doc,
    'Load: PDF and video costs',
    [
      "`--measure-jobs` (after a load run) or `--jobs-only`: the first job seeker's CV filled",
      'with every section of the sample CV; a 30 s 1280×720 video uploaded and converted by the',
      'worker, then the CV downloaded as a PDF 8 times through HAProxy (the first on each web',
      'instance starts its Chromium, `PDF_WARM=off`). CPU: user + system of the web instances',
      '(with Chromium, their child) or the worker (with ffmpeg), from /proc.',
      `Run on ${when}; **the machine is shared**.`,
      '',
      ...jobLines(jobs),
    ].join('\n'),
  );
}

let exitCode = 0;
try {
  const r = await main();
  if (r.errors && !opt.drill) exitCode = 1;
  if (r.writes.lost) exitCode = 1;
} catch (err) {
  console.error(err instanceof ClusterError ? err.message : err);
  exitCode = 1;
} finally {
  for (const c of seekers) c.socket?.disconnect();
  await pgAdmin?.end().catch(() => {});
  await cluster?.stop();
  if (redisProc) {
    redisProc.kill('SIGTERM');
    await redisProc.exited;
  }
}
process.exit(exitCode);
