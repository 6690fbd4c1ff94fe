import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/lib/net.mjs';

const ROOT = path.resolve(import.meta.dirname, '../../..');

interface Running {
  child: ChildProcess;
  port: number;
  output(): string;
  /** Resolves once the output matches; rejects if the process ends first. */
  waitFor(pattern: RegExp): Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const started: Running[] = [];
const dataDirs: string[] = [];
afterEach(async () => {
  for (const r of started.splice(0)) {
    if (r.child.exitCode === null && r.child.signalCode === null) {
      r.child.kill('SIGKILL');
      await r.exited;
    }
  }
  for (const dir of dataDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** The real server process (`node --import tsx server/src/main.ts`) on a free port and a fresh DATA_DIR. */
async function startServer(env: NodeJS.ProcessEnv = {}): Promise<Running> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitae-ops-'));
  dataDirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      S3_ENDPOINT: '',
      PDF_WARM: 'off',
      LOG_LEVEL: 'info',
      ROLE: '',
      SHUTDOWN_TIMEOUT_MS: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiters = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    waiters.forEach((check) => check());
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    // 'close', not 'exit': by then everything it wrote has been read.
    child.once('close', (code, signal) => resolve({ code, signal })),
  );
  const running: Running = {
    child,
    port,
    output: () => output,
    exited,
    waitFor: (pattern) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!pattern.test(output)) return;
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
        check();
        void exited.then(() => {
          if (!pattern.test(output)) reject(new Error(`exited before ${pattern}:\n${output}`));
        });
      }),
  };
  started.push(running);
  return running;
}

/** Whether a new TCP connection to the port is accepted now (it is closed again at once). */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

interface SlowRequest {
  /** Sends the rest of the body; resolves with the answer. */
  finish(): Promise<{ status: number; body: string }>;
  /** Rejects when the connection is cut before an answer. */
  failed: Promise<Error>;
}

/**
 * A request the server has taken (its headers read and routed: it answered
 * `100 Continue`) whose body the test holds back, so it stays in flight until `finish()`.
 */
async function slowRequest(port: number): Promise<SlowRequest> {
  const body = JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' });
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/auth/user/login-web',
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      expect: '100-continue',
    },
  });
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.once('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode!, body: text }));
    });
    req.once('error', reject);
  });
  const failed = answered.then(
    () => new Error('answered'),
    (err: Error) => err,
  );
  await new Promise<void>((resolve, reject) => {
    req.once('continue', resolve);
    req.once('error', reject);
  });
  return {
    finish: () => {
      req.end(body);
      return answered;
    },
    failed,
  };
}

/** Waits until the port refuses new connections (each try is a real connection attempt). */
async function refusedSoon(port: number): Promise<void> {
  while (await accepts(port)) {
    // The server is still between SIGTERM and closing its listening socket.
  }
}

describe('the server process', { timeout: 60_000 }, () => {
  it('on SIGTERM refuses new connections, answers the request in flight, then exits 0', async () => {
    const server = await startServer();
    await server.waitFor(/Vitae is running at/);
    expect(await accepts(server.port)).toBe(true);

    const inFlight = await slowRequest(server.port);
    server.child.kill('SIGTERM');
    await server.waitFor(/draining/);
    await refusedSoon(server.port);

    // Its answer is the route's own (an unknown email), not a 503 or a cut connection.
    const answer = await inFlight.finish();
    expect(answer.status, answer.body).toBe(401);
    expect(JSON.parse(answer.body)).toMatchObject({ error: expect.any(String) });

    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.output()).toMatch(/"msg":"stopped"/);
    expect(await accepts(server.port)).toBe(false);
  });

  it('with ROLE=web serves HTTP; a second signal exits at once, cutting what is in flight', async () => {
    const server = await startServer({ ROLE: 'web' });
    await server.waitFor(/Vitae is running at .* ROLE=web: .* left to a worker/);
    const health = await fetch(`http://127.0.0.1:${server.port}/healthz`);
    expect(await health.json()).toEqual({ status: 'ok' });
    const inFlight = await slowRequest(server.port);
    server.child.kill('SIGTERM');
    await server.waitFor(/draining/);
    server.child.kill('SIGINT');
    expect(await server.exited).toEqual({ code: 1, signal: null });
    expect(await inFlight.failed).toBeInstanceOf(Error);
    expect(server.output()).toMatch(/second signal: exiting now/);
  });

  it('past SHUTDOWN_TIMEOUT_MS cuts the requests still open and exits 1', async () => {
    const server = await startServer({ SHUTDOWN_TIMEOUT_MS: '300' });
    await server.waitFor(/Vitae is running at/);
    const inFlight = await slowRequest(server.port);
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 1, signal: null });
    expect((await inFlight.failed).message).toMatch(/socket hang up|ECONNRESET/);
    expect(server.output()).toMatch(/shutdown timed out/);
  });

  it('with ROLE=worker serves no HTTP, and stops on SIGTERM with exit 0', async () => {
    const server = await startServer({ ROLE: 'worker' });
    await server.waitFor(/Vitae worker is running \(ROLE=worker, no HTTP\)/);
    expect(await accepts(server.port)).toBe(false);
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
  });

  it('refuses to start with any other ROLE, saying which values it takes', async () => {
    const server = await startServer({ ROLE: 'scheduler' });
    expect(await server.exited).toEqual({ code: 1, signal: null });
    expect(server.output()).toContain('Invalid configuration: ROLE must be web, worker or all');
  });
});
