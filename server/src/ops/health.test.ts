import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/lib/net.mjs';
import { buildTestApp, testDbKind, type TestApp } from '../test/build-test-app.ts';
import { buildMediaTestApp } from '../test/media-test-kit.ts';
import { logCapture } from '../test/auth-test-helpers.ts';
import { s3Storage } from '../plugins/storage.ts';
import { createLifecycle } from './index.ts';

const get = (t: TestApp, url: string) => t.app.inject({ method: 'GET', url });

describe(`health and readiness (${testDbKind})`, () => {
  const logs = logCapture();
  const lifecycle = createLifecycle();
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ logStream: logs, lifecycle });
  });
  afterAll(() => t.close());

  it('healthz answers 200 ok without a session, and is not logged per request at info', async () => {
    for (let i = 0; i < 30; i++) {
      const res = await get(t, '/healthz');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
      expect(res.headers['cache-control']).toBe('no-store');
    }
    await get(t, '/readyz');
    await get(t, '/auth/user/fetch-user');
    const answered = logs.lines
      .map((l) => JSON.parse(l) as { msg: string; req?: { url: string } })
      .filter((l) => l.msg === 'request completed')
      .map((l) => l.req?.url);
    expect(answered).toContain('/auth/user/fetch-user');
    expect(answered).not.toContain('/healthz');
    expect(answered).not.toContain('/readyz');
  });

  it('readyz answers 200 when the database and the media folder answer', async () => {
    const res = await get(t, '/readyz');
    expect(res.statusCode, res.body).toBe(200);
    // No REDIS_URL: nothing to check there.
    expect(res.json()).toEqual({ status: 'ready', checks: { database: 'ok', storage: 'ok' } });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('readyz answers 503 naming storage when the media folder is gone, and 200 once it is back', async () => {
    const media = path.join(t.dataDir, 'media');
    fs.rmSync(media, { recursive: true, force: true });
    const res = await get(t, '/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: 'not ready',
      checks: { database: 'ok', storage: 'down' },
    });
    fs.mkdirSync(media);
    expect((await get(t, '/readyz')).statusCode).toBe(200);
  });

  it('a draining instance answers readyz 503 draining, while healthz stays 200', async () => {
    lifecycle.startDraining();
    const res = await get(t, '/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'draining' });
    expect((await get(t, '/healthz')).statusCode).toBe(200);
  });
});

describe('readyz and Redis', () => {
  it('answers 503 naming redis, within about two seconds, when REDIS_URL points at a closed port', async () => {
    const port = await freePort();
    const t = await buildTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${port}` } });
    try {
      const started = Date.now();
      const res = await get(t, '/readyz');
      expect(Date.now() - started).toBeLessThan(2_500);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'not ready',
        checks: { database: 'ok', redis: 'down', storage: 'ok' },
      });
    } finally {
      await t.close();
    }
  });

  it.skipIf(!process.env.REDIS_URL)('answers 200 when Redis answers PING', async () => {
    const t = await buildTestApp({ env: { REDIS_URL: process.env.REDIS_URL } });
    try {
      const res = await get(t, '/readyz');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        status: 'ready',
        checks: { database: 'ok', redis: 'ok', storage: 'ok' },
      });
    } finally {
      await t.close();
    }
  });
});

describe('readyz and an S3 bucket', () => {
  it('answers 200 when the bucket answers', async () => {
    const t = await buildMediaTestApp('s3');
    try {
      // The S3 client loads on first use; its import is not what this measures.
      await t.storage.check();
      const res = await get(t, '/readyz');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ checks: { storage: 'ok' } });
    } finally {
      await t.close();
    }
  });

  it('answers 503 naming storage when the S3 endpoint does not answer', async () => {
    const port = await freePort();
    const storage = s3Storage({
      endpoint: `http://127.0.0.1:${port}`,
      bucket: 'vitae',
      accessKey: 'S3RVER',
      secretKey: 'S3RVER',
      region: 'us-east-1',
    });
    const t = await buildTestApp({ storage });
    try {
      const started = Date.now();
      const res = await get(t, '/readyz');
      expect(Date.now() - started).toBeLessThan(2_500);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'not ready',
        checks: { database: 'ok', storage: 'down' },
      });
    } finally {
      await t.close();
    }
  });
});
