// npm run cluster: Vitae as an operator runs it at scale, on this machine. Two web instances
// (ROLE=web) and one worker (ROLE=worker) share one PostgreSQL database, one Redis and one
// S3-compatible bucket (s3rver, as the tests use), behind HAProxy (WebSocket upgrade, /readyz
// health checks, round robin, no sticky sessions), all on 127.0.0.1. Ctrl-C stops them all.
// The README's "Scaling out" section lists each variable.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import pg from 'pg';
import { SERVER_BUNDLE, SERVER_NODE_OPTIONS, ensureServerBuild } from './lib/server-build.mjs';
import { ensureWebBuild } from './lib/web-build.mjs';

const root = process.cwd();
const env = process.env;
const PORT = Number(env.CLUSTER_PORT || 5100);
const WEB_PORTS = [PORT + 1, PORT + 2];
const S3_PORT = Number(env.CLUSTER_S3_PORT || PORT + 9);
const DATA_DIR = path.resolve(env.CLUSTER_DATA_DIR || 'data/cluster');
const REDIS_URL = env.REDIS_URL || 'redis://127.0.0.1:6379';
const PG_BASE = env.CLUSTER_DATABASE_URL
  ? null
  : env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const PUBLIC_URL = `http://127.0.0.1:${PORT}`;

const fail = (msg) => {
  console.error(msg);
  process.exit(1);
};

// HAProxy from Debian's packages.
const haproxy = spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' }).stdout.trim();
if (!haproxy) {
  fail(
    'npm run cluster needs HAProxy, the load balancer in front of the two web instances.\n' +
      'Install it from Debian/Ubuntu packages:  sudo apt-get install haproxy\n' +
      '(only the program is used: the cluster starts its own haproxy with its own configuration).',
  );
}

// Redis answers?
async function redisAnswers(url) {
  const { Redis } = await import('ioredis');
  const r = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await r.connect();
    return (await r.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}
if (!(await redisAnswers(REDIS_URL))) {
  fail(
    `No Redis answers at ${REDIS_URL}. Start one (sudo apt-get install redis-server) or set REDIS_URL.`,
  );
}

// PostgreSQL: CLUSTER_DATABASE_URL as given, or a `vitae_cluster` database made on the server
// TEST_DATABASE_URL names (kept between runs, like DATA_DIR).
async function clusterDatabase() {
  if (!PG_BASE) return env.CLUSTER_DATABASE_URL;
  const admin = new pg.Client({ connectionString: PG_BASE, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (err) {
    fail(
      `No PostgreSQL answers at ${PG_BASE} (${err.message}). Set CLUSTER_DATABASE_URL or TEST_DATABASE_URL.`,
    );
  }
  const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = 'vitae_cluster'");
  if (exists.rowCount === 0) await admin.query('CREATE DATABASE vitae_cluster');
  await admin.end();
  const url = new URL(PG_BASE);
  url.pathname = '/vitae_cluster';
  return url.toString();
}
const DATABASE_URL = await clusterDatabase();

// The same builds npm start serves: the web app and the bundled server.
ensureWebBuild(root);
await ensureServerBuild(root);

fs.mkdirSync(DATA_DIR, { recursive: true });
// One session secret for every instance (a cookie made by one is read by the other), kept.
const secretFile = path.join(DATA_DIR, 'session-secret');
if (!fs.existsSync(secretFile))
  fs.writeFileSync(secretFile, randomBytes(32).toString('hex'), { mode: 0o600 });
const SESSION_SECRET = fs.readFileSync(secretFile, 'utf8').trim();

// The bucket: S3_ENDPOINT & co. as given, or s3rver on CLUSTER_S3_PORT.
let s3 = null;
let s3Env;
if (env.S3_ENDPOINT) {
  s3Env = {};
} else {
  const require = createRequire(path.join(root, 'server/package.json'));
  const S3rver = require('s3rver');
  s3 = new S3rver({
    port: S3_PORT,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(DATA_DIR, 's3'),
    configureBuckets: [{ name: 'vitae', configs: [] }],
  });
  await s3.run();
  s3Env = {
    S3_ENDPOINT: `http://127.0.0.1:${S3_PORT}`,
    S3_BUCKET: 'vitae',
    S3_ACCESS_KEY: 'S3RVER',
    S3_SECRET_KEY: 'S3RVER',
  };
}

const children = [];
let stopping = false;

function start(name, command, args, extraEnv) {
  const child = spawn(command, args, {
    env: { ...env, ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = (line) => `[${name}] ${line}`;
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.on('data', (d) => {
      const lines = (rest + d).split('\n');
      rest = lines.pop();
      for (const l of lines) console.log(prefix(l));
    });
  }
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.log(prefix(`exited (${signal ?? code}); stopping the cluster`));
      void stop(1);
    }
  });
  children.push({ name, child });
  return child;
}

const serverEnv = (name, role, port) => ({
  NODE_ENV: 'production',
  // Mail goes to each instance's DATA_DIR/outbox (the worker sends it) unless SMTP_URL is set.
  PRODUCTION_ALLOW: env.SMTP_URL ? '' : 'outbox-mail',
  ROLE: role,
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL,
  // HAProxy on this machine forwards the visitor's address.
  TRUST_PROXY: '127.0.0.1',
  DATA_DIR: path.join(DATA_DIR, name),
  DATABASE_URL,
  REDIS_URL,
  SESSION_SECRET,
  ...s3Env,
});

const server = [...SERVER_NODE_OPTIONS, SERVER_BUNDLE];
// The first instance upgrades the database alone; the others start once it is ready.
start('web1', process.execPath, server, serverEnv('web1', 'web', WEB_PORTS[0]));
await waitReady(WEB_PORTS[0]);
start('web2', process.execPath, server, serverEnv('web2', 'web', WEB_PORTS[1]));
start('worker', process.execPath, server, serverEnv('worker', 'worker', 0));
await waitReady(WEB_PORTS[1]);

const cfg = path.join(DATA_DIR, 'haproxy.cfg');
fs.writeFileSync(
  cfg,
  `# Written by scripts/cluster.mjs on each start.
global
  maxconn 4096

defaults
  mode http
  option forwardfor
  timeout connect 5s
  timeout client 60s
  timeout server 60s
  # A WebSocket, once upgraded, is a tunnel: idle for up to an hour between messages.
  timeout tunnel 1h
  # A video upload on a slow line.
  timeout http-request 30m

frontend vitae
  bind 127.0.0.1:${PORT}
  default_backend web

backend web
  balance roundrobin
  # A draining instance answers 503 here and gets no new requests.
  option httpchk GET /readyz
  http-check expect status 200
  default-server inter 2s fall 2 rise 2
${WEB_PORTS.map((p, i) => `  server web${i + 1} 127.0.0.1:${p} check`).join('\n')}
`,
);
const check = spawnSync(haproxy, ['-c', '-q', '-f', cfg], { encoding: 'utf8' });
if (check.status !== 0) {
  console.error(check.stderr || check.stdout);
  await stop(1);
}
start('haproxy', haproxy, ['-db', '-f', cfg], {});

console.log(
  `\nVitae cluster at ${PUBLIC_URL} (HAProxy) · web1 :${WEB_PORTS[0]} · web2 :${WEB_PORTS[1]} · ` +
    `worker (no HTTP) · PostgreSQL ${new URL(DATABASE_URL).pathname.slice(1)} · Redis ${REDIS_URL} · ` +
    `S3 ${s3Env.S3_ENDPOINT ?? env.S3_ENDPOINT} · data in ${DATA_DIR} · mail in ${path.join(DATA_DIR, 'worker', 'outbox')} · Ctrl-C stops it all.\n`,
);

async function waitReady(port) {
  for (let i = 0; i < 600; i++) {
    if (stopping) return;
    try {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  console.error(`The instance on port ${port} was not ready after 60 s.`);
  await stop(1);
}

async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  console.log('Stopping the cluster…');
  // HAProxy first (no new requests), then the instances drain (SIGTERM), then the bucket.
  await Promise.all(
    [...children].reverse().map(
      ({ child }) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', resolve);
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
        }),
    ),
  );
  await s3?.close();
  process.exit(code);
}
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => void stop(0));
