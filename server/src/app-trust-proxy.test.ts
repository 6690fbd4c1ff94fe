import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test/build-test-app.ts';
import { registration } from './test/auth-test-helpers.ts';

/**
 * Behind a proxy, per-address limits must count each visitor, not the proxy: otherwise one
 * visitor's ten sign-ups in an hour would refuse everyone else's.
 */
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const PROXY = '10.0.0.2';
const signUpVia = (app: TestApp, forwardedFor: string) =>
  app.app.inject({
    method: 'POST',
    url: '/auth/user/register',
    payload: registration(),
    headers: { 'x-forwarded-for': forwardedFor },
    remoteAddress: PROXY,
  });

async function spendSignUps(app: TestApp, forwardedFor: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++) statuses.push((await signUpVia(app, forwardedFor)).statusCode);
  return statuses;
}

describe('TRUST_PROXY', () => {
  it.each(['1', PROXY, 'true'])(
    '%s: one visitor spending the sign-up limit leaves another visitor free',
    async (trust) => {
      t = await buildTestApp({ env: { TRUST_PROXY: trust } });
      expect(await spendSignUps(t, '198.51.100.7')).toEqual([...Array(10).fill(201), 429]);
      expect((await signUpVia(t, '203.0.113.9')).statusCode).toBe(201);
    },
  );

  it('a hop count trusts only that many proxies: an address forged before them is ignored', async () => {
    t = await buildTestApp({ env: { TRUST_PROXY: '1' } });
    // The visitor forges a first address each time; the proxy appends the real one.
    for (let i = 0; i < 10; i++) await signUpVia(t, `192.0.2.${i}, 198.51.100.7`);
    expect((await signUpVia(t, '192.0.2.99, 198.51.100.7')).statusCode).toBe(429);
  });
});
