// What the drills share: the real server as a child process, the API over fetch, sign-up
// through the outbox, a fresh PostgreSQL database.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { sleep } from './net.mjs';

export const PASSWORD = 'drill-secret-1';

/** The server's environment for a drill: its own port, data and database, mail to the outbox. */
export function drillEnv(dataDir, port, databaseUrl) {
  return {
    NODE_ENV: '',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    REDIS_URL: '',
    SMTP_URL: '',
    LOG_LEVEL: 'warn',
    // Every drill user signs up from 127.0.0.1.
    RATE_LIMIT_MULTIPLIER: '50',
  };
}

/** The server process itself (not scripts/start.mjs), so SIGKILL hits the process holding the data. */
export function startServer(env) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  child.exited = new Promise((resolve) => child.once('exit', resolve));
  child.output = () => output;
  return child;
}

export async function waitReady(base, child) {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${child.output()}`);
    try {
      const res = await fetch(`${base}/auth/user/fetch-user`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`server not ready after 30 s:\n${child.output()}`);
}

export async function call(base, method, url, { body, cookie } = {}) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(cookie ? { cookie } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null, headers: res.headers };
}

/** Registers, verifies (the link from the outbox files) and signs in; returns the cookie. */
export async function signUp(base, dataDir, n) {
  const email = `drill-${n}-${randomBytes(3).toString('hex')}@example.com`;
  const reg = await call(base, 'POST', '/auth/user/register', {
    body: { fullName: `Drill User ${n}`, email, password: PASSWORD, password2: PASSWORD },
  });
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.json)}`);
  const token = verificationToken(dataDir, email);
  const ver = await call(base, 'POST', '/auth/user/verify-email', { body: { id: token } });
  if (ver.status !== 200) throw new Error(`verify: ${ver.status} ${JSON.stringify(ver.json)}`);
  const login = await call(base, 'POST', '/auth/user/login-web', {
    body: { email, password: PASSWORD },
  });
  const cookie = login.headers.get('set-cookie')?.split(';')[0];
  if (login.status !== 200 || !cookie) throw new Error(`login: ${login.status}`);
  return { email, cookie };
}

export function verificationToken(dataDir, email) {
  const dir = path.join(dataDir, 'outbox');
  for (const name of fs.readdirSync(dir)) {
    const mail = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
    const token = mail.to === email && /\/email-verified\/([^\s"<]+)/.exec(mail.text)?.[1];
    if (token) return token;
  }
  throw new Error(`no verification mail to ${email}`);
}

/** A fresh PostgreSQL database (created and dropped as the tests do), or null if unreachable. */
export async function freshPostgres() {
  const base =
    process.env.DRILL_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `vitae_drill_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (err) {
    console.log(`PostgreSQL skipped: ${base} is not reachable (${err.message}).`);
    return null;
  }
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
