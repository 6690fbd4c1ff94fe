// The cluster of `npm run cluster` as a library, so `npm run load` can start the same set-up
// and kill or restart one of its processes in a drill. Two web instances (ROLE=web) and one
// worker (ROLE=worker) share one PostgreSQL database, one Redis and one S3-compatible bucket
// (s3rver, as the tests use), behind HAProxy (WebSocket upgrade, /readyz health checks, round
// robin, no sticky sessions), all on 127.0.0.1.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import pg from 'pg';
import { SERVER_BUNDLE, SERVER_NODE_OPTIONS, ensureServerBuild } from './server-build.mjs';
import { ensureWebBuild } from './web-build.mjs';
import { sleep } from './net.mjs';

export class ClusterError extends Error {}

/** HAProxy from Debian's packages, or a ClusterError saying how to install it. */
export function haproxyPath() {
  const found = spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' }).stdout.trim();
  if (!found) {
    throw new ClusterError(
      'npm run cluster needs HAProxy, the load balancer in front of the two web instances.\n' +
        'Install it from Debian/Ubuntu packages:  sudo apt-get install haproxy\n' +
        '(only the program is used: the cluster starts its own haproxy with its own configuration).',
    );
  }
  return found;
}

export async function redisAnswers(url) {
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

/**
 * CLUSTER_DATABASE_URL as given, or a database `name` made (once, and kept) on the server
 * TEST_DATABASE_URL names, else on postgres://postgres@127.0.0.1:5432/postgres.
 */
export async function clusterDatabase(env = process.env, name = 'vitae_cluster') {
  if (env.CLUSTER_DATABASE_URL) return env.CLUSTER_DATABASE_URL;
  const base = env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: base, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (err) {
    throw new ClusterError(
      `No PostgreSQL answers at ${base} (${err.message}). Set CLUSTER_DATABASE_URL or TEST_DATABASE_URL.`,
    );
  }
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Starts the cluster. `log(name, line)` gets every process's output line by line;
 * `onExit(name, code, signal)` is told when one exits that `stop` did not stop.
 * Answers { url, webPorts, dataDir, databaseUrl, redisUrl, s3Endpoint, processes (name → child),
 * kill(name, signal), restart(name), stop() }.
 */
export async function startCluster({
  port = 5100,
  s3Port = port + 9,
  dataDir = path.resolve('data/cluster'),
  redisUrl = 'redis://127.0.0.1:6379',
  databaseUrl,
  env = process.env,
  root = process.cwd(),
  log = (name, line) => console.log(`[${name}] ${line}`),
  onExit = () => {},
  extraServerEnv = {},
  /** The balancer's health check: `/readyz` (Redis down takes every instance out) or `/healthz`. */
  healthCheck = '/readyz',
  /** Aborted (Ctrl-C) while the cluster starts: what started is stopped, and this throws. */
  signal,
}) {
  const haproxy = haproxyPath();
  if (!(await redisAnswers(redisUrl))) {
    throw new ClusterError(
      `No Redis answers at ${redisUrl}. Start one (sudo apt-get install redis-server) or set REDIS_URL.`,
    );
  }
  const DATABASE_URL = databaseUrl ?? (await clusterDatabase(env));
  const webPorts = [port + 1, port + 2];
  const publicUrl = `http://127.0.0.1:${port}`;

  // The same builds npm start serves: the web app and the bundled server.
  ensureWebBuild(root);
  await ensureServerBuild(root);

  fs.mkdirSync(dataDir, { recursive: true });
  // One session secret for every instance (a cookie made by one is read by the other), kept.
  const secretFile = path.join(dataDir, 'session-secret');
  if (!fs.existsSync(secretFile))
    fs.writeFileSync(secretFile, randomBytes(32).toString('hex'), { mode: 0o600 });
  const SESSION_SECRET = fs.readFileSync(secretFile, 'utf8').trim();

  // The bucket: S3_ENDPOINT & co. as given, or s3rver on s3Port.
  let s3 = null;
  let s3Env;
  if (env.S3_ENDPOINT) {
    s3Env = {};
  } else {
    const require = createRequire(path.join(root, 'server/package.json'));
    const S3rver = require('s3rver');
    s3 = new S3rver({
      port: s3Port,
      address: '127.0.0.1',
      silent: true,
      directory: path.join(dataDir, 's3'),
      configureBuckets: [{ name: 'vitae', configs: [] }],
    });
    await s3.run();
    s3Env = {
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_BUCKET: 'vitae',
      S3_ACCESS_KEY: 'S3RVER',
      S3_SECRET_KEY: 'S3RVER',
    };
  }

  /** name → { command, args, env } to start it again; name → the running child. */
  const specs = new Map();
  const processes = new Map();
  let stopping = false;

  function launch(name) {
    const { command, args, env: childEnv } = specs.get(name);
    const child = spawn(command, args, { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.on('data', (d) => {
        const lines = (rest + d).split('\n');
        rest = lines.pop();
        for (const l of lines) log(name, l);
      });
    }
    child.exited = new Promise((resolve) => child.once('exit', resolve));
    child.on('exit', (code, signal) => {
      if (!stopping && !child.expectedExit) onExit(name, code, signal);
    });
    processes.set(name, child);
    return child;
  }

  function start(name, command, args, extraEnv) {
    if (stopping) throw new ClusterError('Stopped while starting.');
    specs.set(name, { command, args, env: { ...env, ...extraEnv } });
    return launch(name);
  }

  const serverEnv = (name, role, p) => ({
    NODE_ENV: 'production',
    // Mail goes to each instance's DATA_DIR/outbox (the worker sends it) unless SMTP_URL is set.
    PRODUCTION_ALLOW: env.SMTP_URL ? '' : 'outbox-mail',
    ROLE: role,
    PORT: String(p),
    HOST: '127.0.0.1',
    PUBLIC_URL: publicUrl,
    // HAProxy on this machine forwards the visitor's address.
    TRUST_PROXY: '127.0.0.1',
    DATA_DIR: path.join(dataDir, name),
    DATABASE_URL,
    REDIS_URL: redisUrl,
    SESSION_SECRET,
    ...s3Env,
    ...extraServerEnv,
  });

  async function waitReady(p) {
    for (let i = 0; i < 600; i++) {
      if (stopping) throw new ClusterError('Stopped while starting.');
      try {
        const res = await fetch(`http://127.0.0.1:${p}/readyz`);
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    throw new ClusterError(`The instance on port ${p} was not ready after 60 s.`);
  }

  /** Stops everything once; a second call gets the same promise. */
  let stopped;
  function stop() {
    stopping = true;
    stopped ??= (async () => {
      // HAProxy first (no new requests), then the instances drain (SIGTERM), then the bucket.
      await Promise.all(
        [...processes.values()].reverse().map((child) => {
          if (child.exitCode !== null || child.signalCode !== null) return undefined;
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
          return child.exited;
        }),
      );
      await s3?.close();
    })();
    return stopped;
  }

  const server = [...SERVER_NODE_OPTIONS, SERVER_BUNDLE];
  signal?.addEventListener('abort', () => void stop(), { once: true });
  try {
    // The first instance upgrades the database alone; the others start once it is ready.
    start('web1', process.execPath, server, serverEnv('web1', 'web', webPorts[0]));
    await waitReady(webPorts[0]);
    start('web2', process.execPath, server, serverEnv('web2', 'web', webPorts[1]));
    start('worker', process.execPath, server, serverEnv('worker', 'worker', 0));
    await waitReady(webPorts[1]);

    const cfg = path.join(dataDir, 'haproxy.cfg');
    fs.writeFileSync(cfg, haproxyConfig(port, webPorts, healthCheck));
    const check = spawnSync(haproxy, ['-c', '-q', '-f', cfg], { encoding: 'utf8' });
    if (check.status !== 0) throw new ClusterError(check.stderr || check.stdout);
    start('haproxy', haproxy, ['-db', '-f', cfg], {});
    await waitBalancer(publicUrl);
  } catch (err) {
    await stop();
    throw err;
  }

  return {
    url: publicUrl,
    webPorts,
    dataDir,
    databaseUrl: DATABASE_URL,
    redisUrl,
    s3Endpoint: s3Env.S3_ENDPOINT ?? env.S3_ENDPOINT,
    processes,
    /** Sends `signal` to one process; its exit is not reported to onExit. */
    kill(name, signal = 'SIGKILL') {
      const child = processes.get(name);
      child.expectedExit = true;
      child.kill(signal);
      return child.exited;
    },
    /** Starts a process again with its first environment; a web instance, until ready. */
    async restart(name) {
      const child = launch(name);
      const p = Number(specs.get(name).env.PORT);
      if (name.startsWith('web')) await waitReady(p);
      return child;
    },
    stop,
  };
}

/** HAProxy answers through to an instance. */
async function waitBalancer(url) {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new ClusterError(`HAProxy at ${url} did not answer within 10 s.`);
}

function haproxyConfig(port, webPorts, healthCheck) {
  return `# Written by scripts/lib/cluster.mjs on each start.
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
  # A connection an instance refuses (it died, and the health check has not noticed yet) is
  # tried again, the last time on the other instance. Only connection failures are retried:
  # a request an instance took is never sent twice.
  retries 2
  option redispatch 1

frontend vitae
  bind 127.0.0.1:${port}
  default_backend web

backend web
  balance roundrobin
  # An upload answers once its media is stored: a video waits for its conversion job, up to
  # the conversion limit + 60 s (videoTimeoutMs 120 s, server/src/media/video-job.ts), and a
  # job whose worker died is only run again once BullMQ finds it stalled (30-90 s).
  http-request set-timeout server 200s if { path_beg /media/ } { path_end /upload }
  # A draining instance answers 503 here and gets no new requests.
  option httpchk GET ${healthCheck}
  http-check expect status 200
  default-server inter 2s fall 2 rise 2
${webPorts.map((p, i) => `  server web${i + 1} 127.0.0.1:${p} check`).join('\n')}
`;
}
