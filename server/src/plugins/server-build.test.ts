import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildServer,
  SERVER_NODE_OPTIONS,
  serverRebuildReason,
} from '../../../scripts/lib/server-build.mjs';
import { writeStamp } from '../../../scripts/lib/web-build-stamp.mjs';
import { freePort, sleep } from '../../../scripts/lib/net.mjs';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** The top-level `import … from "x"` statements of a bundle: what loads at start-up. */
const staticImports = (code: string) =>
  [...code.matchAll(/^import\s[^;]*?from\s*"([^"]+)";/gms)].map((m) => m[1]);

// npm start runs server/dist/main.mjs (docs/decisions/0008-performance-measurements.md#0012).
describe('the compiled server npm start runs', () => {
  // Inside the repository, so node resolves the bundle's packages from node_modules as it
  // does for server/dist (dist/ is ignored by git); two levels down, so a path worked out
  // relative to the bundle instead of its source file would miss.
  const dir = path.join(ROOT, 'server/dist', `test-${process.pid}-${Date.now()}`);
  const bundle = path.join(dir, 'nested/main.mjs');
  let dataDir: string;
  let server: ChildProcess | undefined;
  let output = '';
  let base = '';

  beforeAll(async () => {
    await buildServer(ROOT, bundle);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitae-bundle-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, [...SERVER_NODE_OPTIONS, bundle], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        REDIS_URL: '',
        SMTP_URL: '',
        // A production server on this machine, mailing to the outbox, with a generated secret.
        PRODUCTION_ALLOW: 'outbox-mail,generated-secret',
        S3_ENDPOINT: '',
        PDF_WARM: 'off',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (c: Buffer) => (output += c.toString()));
    server.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    for (let i = 0; i < 200; i++) {
      if (server.exitCode !== null) throw new Error(`the bundle exited:\n${output}`);
      const ok = await fetch(`${base}/auth/user/fetch-user`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await sleep(100);
    }
    throw new Error(`the bundle did not answer:\n${output}`);
  }, 60_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server!.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('loads none of playwright-core, the S3 client, sharp and ioredis at start-up', () => {
    const imports = staticImports(fs.readFileSync(bundle, 'utf8'));
    // The check reads real imports: fastify is one.
    expect(imports).toContain('fastify');
    expect(imports).not.toContain('playwright-core');
    expect(imports).not.toContain('sharp');
    expect(imports).not.toContain('ioredis');
    expect(imports.filter((i) => i!.startsWith('@aws-sdk/'))).toEqual([]);
    expect(imports.filter((i) => i!.startsWith('@vitae/'))).toEqual([]);
  });

  it('answers the API, with files found from each source file’s own place', async () => {
    const me = await fetch(`${base}/auth/user/fetch-user`);
    expect(me.status).toBe(200);
    // server/assets, named from server/src/first-impression: a path built from import.meta.url.
    const demo = await fetch(`${base}/media/demo/first-impression.mp4`, {
      headers: { range: 'bytes=0-15' },
    });
    expect(demo.status).toBe(206);
    expect(
      Buffer.from(await demo.arrayBuffer())
        .subarray(4, 8)
        .toString(),
    ).toBe('ftyp');
  });

  it('keeps the API docs to itself in production', async () => {
    expect((await fetch(`${base}/api/docs/json`)).status).toBe(404);
  });

  it('refuses a production start without SMTP_URL, in one line saying what to set', async () => {
    const refused = spawn(process.execPath, [...SERVER_NODE_OPTIONS, bundle], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, SMTP_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let said = '';
    refused.stderr!.on('data', (c: Buffer) => (said += c.toString()));
    const code = await new Promise((r) => refused.once('exit', r));
    expect(code).toBe(1);
    expect(said.trim()).toBe(
      'Refusing to start in production: SMTP_URL is not set, so mail would only go to DATA_DIR/outbox. Set SMTP_URL=smtp://…, or PRODUCTION_ALLOW=outbox-mail.',
    );
  });

  it('writes its log lines (asynchronously) to stdout', async () => {
    await fetch(`${base}/auth/user/fetch-user?logged=yes`);
    type Line = { reqId?: string; req?: { url: string }; res?: { statusCode: number } };
    const lines = () =>
      output
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Line);
    const completed = () => {
      const reqId = lines().find((l) => l.req?.url.includes('logged=yes'))?.reqId;
      return reqId && lines().find((l) => l.reqId === reqId && l.res);
    };
    for (let i = 0; i < 50 && !completed(); i++) await sleep(100);
    const done = completed();
    expect(done, output.slice(-2000)).toBeTruthy();
    expect(done && done.res?.statusCode).toBe(200);
  });
});

describe('the server build stamp npm start checks', () => {
  let root: string;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'vitae-server-stamp-'));
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('builds when there is no bundle, or when the sources changed since it was built', () => {
    expect(serverRebuildReason(root, 'h1')).toBe('the server is not built yet');
    fs.mkdirSync(path.join(root, 'server/dist'), { recursive: true });
    fs.writeFileSync(path.join(root, 'server/dist/main.mjs'), '');
    expect(serverRebuildReason(root, 'h1')).toBe('the server sources changed');
    writeStamp(path.join(root, 'server/dist'), {
      mode: 'production',
      sourceHash: 'h1',
      builtAt: new Date().toISOString(),
    });
    expect(serverRebuildReason(root, 'h1')).toBeUndefined();
    expect(serverRebuildReason(root, 'h2')).toBe('the server sources changed');
  });
});
