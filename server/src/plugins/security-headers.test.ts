import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs, type TestApp } from '../test/build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const HELMET_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

describe('security headers', () => {
  it('are on every answer: a read, a refusal, a miss, a failed body, one with a cookie', async () => {
    const { cookie } = await loginAs(t);
    const answers = [
      await t.app.inject({ url: '/api/skill', headers: { cookie } }),
      await t.app.inject({ url: '/api/skill' }),
      await t.app.inject({ url: '/api/no-such-route' }),
      await t.app.inject({
        method: 'POST',
        url: '/api/skill',
        headers: { cookie, 'content-type': 'application/json' },
        payload: '{"skill":',
      }),
      await t.app.inject({
        method: 'POST',
        url: '/auth/user/login-web',
        payload: { email: 'nobody@example.com', password: 'x' },
      }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 401, 404, 400, 401]);
    for (const answer of answers) {
      for (const name of HELMET_HEADERS) expect(answer.headers[name], name).toBeTruthy();
      expect(answer.headers['x-powered-by']).toBeUndefined();
      expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
    }
  });
});
