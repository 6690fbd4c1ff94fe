import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@vitae/core';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import {
  PUBLIC_URL,
  get,
  post,
  register,
  registration,
  signIn,
  verifiedUser,
} from '../test/auth-test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function signedIn(over: Record<string, unknown> = {}) {
  const creds = await verifiedUser(t, over);
  const { cookie, res } = await signIn(t, creds);
  return { cookie, user: res.json().user as { _id: string; affiliateCode: string } };
}

describe('affiliate programme', () => {
  it('gives every user a short unique code, with a share link to /signup?ref=CODE', async () => {
    const a = await signedIn();
    const b = await signedIn();
    expect(a.user.affiliateCode).toMatch(/^[A-Z2-9]{8}$/);
    expect(a.user.affiliateCode).not.toBe(b.user.affiliateCode);

    const info = await get(t, '/api/affiliate/info', a.cookie);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({
      code: a.user.affiliateCode,
      link: `${PUBLIC_URL}/signup?ref=${a.user.affiliateCode}`,
      referralCount: 0,
    });
    expect((await get(t, '/api/affiliate', a.cookie)).json()).toEqual({ affiliates: [] });
  });

  it('links a sign-up that carries a valid affiliatceIntroCode (any case, padded)', async () => {
    const owner = await signedIn();
    await register(t, {
      fullName: 'Referred One',
      affiliatceIntroCode: ` ${owner.user.affiliateCode.toLowerCase()} `,
    });
    await register(t, { fullName: 'Referred Two', affiliatceIntroCode: owner.user.affiliateCode });

    const info = await get(t, '/api/affiliate/info', owner.cookie);
    expect(info.json().referralCount).toBe(2);
    const list = (await get(t, '/api/affiliate', owner.cookie)).json().affiliates as Array<{
      _id: string;
      fullName: string;
      joinedAt: string;
    }>;
    expect(list.map((x) => x.fullName).sort()).toEqual(['Referred One', 'Referred Two']);
    for (const x of list) {
      expect(x._id).toMatch(/^[0-9a-f]{24}$/);
      expect(Number.isNaN(Date.parse(x.joinedAt))).toBe(false);
      expect(x).not.toHaveProperty('email');
    }
    // Referrals belong to their owner only.
    const other = await signedIn();
    expect((await get(t, '/api/affiliate/info', other.cookie)).json().referralCount).toBe(0);
  });

  it('ignores an unknown or empty code: the sign-up still succeeds', async () => {
    const referrals = () => t.db.selectFrom('affiliate_referrals').selectAll().execute();
    const before = (await referrals()).length;
    for (const code of ['NOSUCHCD', '', null]) {
      const res = await post(t, '/auth/user/register', registration({ affiliatceIntroCode: code }));
      expect(res.statusCode).toBe(201);
    }
    expect(await referrals()).toHaveLength(before);
  });

  it('needs a session', async () => {
    for (const url of ['/api/affiliate/info', '/api/affiliate']) {
      const res = await get(t, url);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: AUTH_MESSAGES.notLoggedIn });
    }
  });
});
