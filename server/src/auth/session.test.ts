import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs, type TestApp } from '../test/build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('session cookie', () => {
  it('identifies the signed-in user and is HttpOnly + SameSite=Lax', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/user/login-web',
      payload: { email: 'nobody@example.com', password: 'x' },
    });
    expect(res.statusCode).toBe(401);

    const { cookie, userId } = await loginAs(t, { fullName: 'Ada Lovelace' });
    const me = await t.app.inject({ url: '/auth/user/fetch-user', headers: { cookie } });
    expect(me.json().user).toMatchObject({ _id: userId, fullName: 'Ada Lovelace', isHR: false });
  });

  it('cannot be forged', async () => {
    const me = await t.app.inject({
      url: '/auth/user/fetch-user',
      headers: { cookie: 'vitae_sid=forged-value-forged-value' },
    });
    expect(me.json()).toEqual({ user: null });
  });

  it('is gone after logout', async () => {
    const { cookie } = await loginAs(t);
    const out = await t.app.inject({ method: 'POST', url: '/auth/user/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    const me = await t.app.inject({ url: '/auth/user/fetch-user', headers: { cookie } });
    expect(me.json()).toEqual({ user: null });
  });
});
