import os from 'node:os';
import pino from 'pino';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestLine } from './plugins/request-log.ts';
import { buildTestApp, loginAs, type TestApp } from './test/build-test-app.ts';
import { logCapture, post, signIn, verifiedUser } from './test/auth-test-helpers.ts';

const logs = logCapture();
/** Node warnings while the app is built and used (Fastify announces deprecations so). */
const warnings: string[] = [];
const onWarning = (w: Error & { code?: string }) =>
  warnings.push(`${w.code ?? w.name} ${w.message}`);
let t: TestApp;
beforeAll(async () => {
  process.on('warning', onWarning);
  t = await buildTestApp({ logStream: logs });
});
afterAll(async () => {
  process.off('warning', onWarning);
  await t.close();
});

type Line = { msg: string; req?: object; res?: object; responseTime?: number; reqId?: string };
const answered = (): Line[] =>
  logs.lines.map((l) => JSON.parse(l) as Line).filter((l) => l.msg === 'request completed');

/*
 * The request line is built from two serializers that name every field they keep; nothing
 * else (pino's `redact`) strips headers, so these fields are all a line may carry.
 */
describe('the request log line', () => {
  it('carries method, URL, address, status and time, and no header either way', async () => {
    const { cookie } = await loginAs(t);
    const authorization = 'Bearer an-api-secret-never-logged';
    await t.app.inject({ url: '/auth/user/fetch-user', headers: { cookie, authorization } });
    // An answer that sets the session cookie.
    const { res } = await signIn(t, await verifiedUser(t));
    expect(res.headers['set-cookie']).toBeDefined();
    await post(t, '/auth/user/login-web', { email: 'nobody@example.com', password: 'wrong' });

    const lines = answered();
    expect(lines.length).toBeGreaterThanOrEqual(4);
    for (const line of lines) {
      expect(Object.keys(line.req!).sort()).toEqual(['method', 'remoteAddress', 'url']);
      expect(Object.keys(line.res!)).toEqual(['statusCode']);
      expect(typeof line.responseTime).toBe('number');
      expect(line.reqId).toBeTruthy();
    }
    expect(lines.map((l) => l.res)).toContainEqual({ statusCode: 401 });
    const text = logs.text();
    expect(text).not.toContain(authorization);
    expect(text).not.toContain(cookie.split('=')[1]);
    expect(text).not.toMatch(/set-cookie|vitae_sid|"headers"/i);
  });

  it('is valid JSON whatever the URL and address hold, with the fields pino would write', () => {
    const url = '/api/no"such\\route/\u00e9?q="}{"\n';
    const ip = '"}{"injected":true';
    const req = { method: 'GET', url, ip } as unknown as FastifyRequest;
    const reply = { statusCode: 404, elapsedTime: 1.25 } as unknown as FastifyReply;
    const child = pino().child({ reqId: 'req-1' }) as unknown as Record<symbol, string>;
    const bindings = child[pino.symbols.chindingsSym]!;
    const parsed = JSON.parse(requestLine(req, reply, bindings));
    expect(parsed).toEqual({
      level: 30,
      time: expect.any(Number),
      pid: process.pid,
      hostname: os.hostname(),
      reqId: 'req-1',
      req: { method: 'GET', url, remoteAddress: ip },
      res: { statusCode: 404 },
      responseTime: 1.25,
      msg: 'request completed',
    });
    const gone = { method: 'GET', url: '/api/skill', ip: undefined } as unknown as FastifyRequest;
    expect(JSON.parse(requestLine(gone, reply, bindings)).req).toEqual({
      method: 'GET',
      url: '/api/skill',
    });
  });

  it('redacts the token of a reset link', async () => {
    const from = logs.lines.length;
    await t.app.inject({ url: '/auth/user/reset/a-secret-reset-token' });
    const line = logs.lines.slice(from).find((l) => l.includes('request completed'))!;
    expect(JSON.parse(line).req.url).toBe('/auth/user/reset/[redacted]');
  });

  // A newcomer's `npm start` and the test output stay free of warnings to wonder about.
  it('is configured without any option Fastify deprecates', async () => {
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.filter((w) => w.startsWith('FSTDEP'))).toEqual([]);
  });
});
