import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  // A newcomer's `npm start` and the test output stay free of warnings to wonder about.
  it('is configured without any option Fastify deprecates', async () => {
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.filter((w) => w.startsWith('FSTDEP'))).toEqual([]);
  });
});
