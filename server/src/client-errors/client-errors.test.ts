import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@vitae/core';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { freshIp, logCapture } from '../test/auth-test-helpers.ts';

const logs = logCapture();
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ logStream: logs });
});
afterAll(() => t.close());

const report = (payload: unknown, ip = freshIp()) =>
  t.app.inject({ method: 'POST', url: '/error', payload: payload as object, remoteAddress: ip });

const reported = () =>
  logs.lines
    .map((l) => JSON.parse(l) as { msg: string; clientError?: string; level: number })
    .filter((l) => l.msg === 'client error reported');

describe('POST /error', () => {
  it('answers 204, stores nothing and logs the error as a warning', async () => {
    const res = await report({ error: 'TypeError: x is undefined' });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(reported().at(-1)).toMatchObject({
      clientError: 'TypeError: x is undefined',
      level: 40,
    });
    const objectError = await report({ error: { message: 'boom', stack: 'at a' } });
    expect(objectError.statusCode).toBe(204);
    expect(reported().at(-1)!.clientError).toBe('{"message":"boom","stack":"at a"}');
  });

  it('caps what it logs and refuses bodies over 16 KiB', async () => {
    expect((await report({ error: 'e'.repeat(10_000) })).statusCode).toBe(204);
    expect(reported().at(-1)!.clientError).toHaveLength(2_000);

    const big = await report({ error: 'e'.repeat(20_000) });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ error: 'The request is too large.' });
  });

  it('is rate limited per IP', async () => {
    const ip = freshIp();
    for (let i = 0; i < 30; i++)
      expect((await report({ error: `e${i}` }, ip)).statusCode).toBe(204);
    const res = await report({ error: 'one too many' }, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ error: AUTH_MESSAGES.tooManyAttempts });
    expect(res.headers['retry-after']).toBeDefined();
  });
});
