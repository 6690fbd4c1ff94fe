import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@vitae/core';
import { buildTestApp, loginAs, type TestApp } from '../test/build-test-app.ts';
import { MAX_SESSIONS_PER_USER, SESSION_COOKIE } from '../plugins/session.ts';
import {
  freshIp,
  mailedTokens,
  post,
  sessionCookie,
  signIn,
  verifiedUser,
} from '../test/auth-test-helpers.ts';
import { isoIn } from '../db/ids.ts';

const DAY = 24 * 60 * 60 * 1000;

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
    const out = await t.app.inject({
      method: 'POST',
      url: '/auth/user/logout',
      headers: { cookie },
    });
    expect(out.statusCode).toBe(200);
    const me = await t.app.inject({ url: '/auth/user/fetch-user', headers: { cookie } });
    expect(me.json()).toEqual({ user: null });
  });

  it('is anonymous once expired, and the expired row is removed', async () => {
    const { cookie, userId } = await loginAs(t);
    await t.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', userId)
      .execute();
    const me = await t.app.inject({ url: '/auth/user/fetch-user', headers: { cookie } });
    expect(me.json()).toEqual({ user: null });
    const guarded = await t.app.inject({
      method: 'POST',
      url: '/auth/user/enable-hr-dashboard',
      headers: { cookie },
      payload: {},
    });
    expect(guarded.statusCode).toBe(401);
    expect(guarded.json()).toEqual({ error: AUTH_MESSAGES.notLoggedIn });
    const rows = await t.db
      .selectFrom('sessions')
      .where('user_id', '=', userId)
      .selectAll()
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('slides: a session older than a day is extended in the database and in the browser', async () => {
    const { cookie, userId } = await loginAs(t);
    const fresh = await t.app.inject({ url: '/auth/user/fetch-user', headers: { cookie } });
    // A fresh session is not rewritten on every request.
    expect(fresh.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();

    await t.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() + 10 * DAY).toISOString() })
      .where('user_id', '=', userId)
      .execute();
    const res = await t.app.inject({ url: '/auth/user/fetch-user', headers: { cookie } });
    expect(res.json().user._id).toBe(userId);
    const resent = res.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(`${SESSION_COOKIE}=${resent.value}`).toBe(cookie);
    expect(resent).toMatchObject({ httpOnly: true, sameSite: 'Lax', maxAge: (30 * DAY) / 1000 });
    const row = await t.db
      .selectFrom('sessions')
      .select('expires_at')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_at)).toBeGreaterThan(Date.now() + 29 * DAY);
  });

  it('stores only a hash of the session id', async () => {
    const { cookie, userId } = await loginAs(t);
    const raw = cookie.split('=')[1]!;
    const rows = await t.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id_hash).not.toContain(raw);
    expect(rows[0]!.id_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('gets a new id at sign-in, so an earlier id (fixation) stops working', async () => {
    const { cookie, email } = await loginAs(t, { password: 'secret123' });
    const again = await t.app.inject({
      method: 'POST',
      url: '/auth/user/login-web',
      headers: { cookie },
      payload: { email, password: 'secret123' },
    });
    expect(again.statusCode).toBe(200);
    const next = again.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(`${SESSION_COOKIE}=${next.value}`).not.toBe(cookie);
    const old = await t.app.inject({ url: '/auth/user/fetch-user', headers: { cookie } });
    expect(old.json()).toEqual({ user: null });
    const now = await t.app.inject({
      url: '/auth/user/fetch-user',
      headers: { cookie: `${SESSION_COOKIE}=${next.value}` },
    });
    expect(now.json().user.email).toBe(email);
  });
});

describe('sessions against a password reset and account deletion', () => {
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const signedInAs = async (cookieValue: string) =>
    (
      await t.app.inject({
        url: '/auth/user/fetch-user',
        headers: { cookie: `${SESSION_COOKIE}=${cookieValue}` },
      })
    ).json().user;

  it('a reset ends the sessions of sign-ins with the old password racing it', async () => {
    // Someone who knows the old password signs in again and again; the owner resets.
    const creds = await verifiedUser(t);
    await post(t, '/auth/user/forgot', { email: creds.email });
    const [token] = await mailedTokens(t, creds.email, 'reset-password');
    const signIns: ReturnType<typeof post>[] = [];
    let reset: ReturnType<typeof post> | undefined;
    for (let i = 0; i < 12; i++) {
      signIns.push(post(t, '/auth/user/login-web', creds, { ip: freshIp() }));
      await sleep(8);
      if (i === 3) {
        const password = 'brand-new-pass';
        reset = post(t, '/auth/user/reset', { token, password, password2: password });
      }
    }
    expect((await reset!).statusCode).toBe(200);
    const answers = await Promise.all(signIns);
    expect(answers.every((r) => r.statusCode === 200 || r.statusCode === 401)).toBe(true);
    // Those that began before the reset were let in at the time…
    expect(answers.some((r) => r.statusCode === 200)).toBe(true);
    // …and none of their sessions outlives it.
    for (const r of answers) {
      const c = sessionCookie(r);
      if (c?.value) expect(await signedInAs(c.value)).toBeNull();
    }
    const user = await t.db
      .selectFrom('users')
      .select('id')
      .where('email_lower', '=', creds.email)
      .executeTakeFirstOrThrow();
    const left = await t.db
      .selectFrom('sessions')
      .select('id_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('a sign-in racing the account’s deletion is refused, never a 500', async () => {
    const creds = await verifiedUser(t);
    const { cookie } = await signIn(t, creds);
    const answers: Promise<number>[] = [];
    for (let i = 0; i < 16; i++) {
      answers.push(
        post(t, '/auth/user/login-web', creds, { ip: freshIp() }).then((r) => r.statusCode),
      );
      await sleep(8);
      if (i === 3) {
        const del = post(t, '/api/account/delete', { password: creds.password }, { cookie });
        answers.push(del.then((r) => (r.statusCode === 200 ? 0 : r.statusCode)));
      }
    }
    const statuses = await Promise.all(answers);
    expect(statuses).toContain(0);
    expect(statuses.filter((s) => s !== 0 && s !== 200 && s !== 401)).toEqual([]);
    const orphans = await t.db
      .selectFrom('sessions')
      .leftJoin('users', 'users.id', 'sessions.user_id')
      .select('sessions.id_hash')
      .where('users.id', 'is', null)
      .execute();
    expect(orphans).toEqual([]);
  });

  it('keeps a bounded number of sessions per user: expired ones and the oldest go', async () => {
    const creds = await verifiedUser(t);
    const { cookie } = await signIn(t, creds);
    const user = await t.db
      .selectFrom('users')
      .select('id')
      .where('email_lower', '=', creds.email)
      .executeTakeFirstOrThrow();
    const row = (n: number, expiresAt: string) => ({
      id_hash: `${'0'.repeat(60)}${String(n).padStart(4, '0')}`,
      user_id: user.id,
      created_at: new Date(Date.now() - (n + 1) * DAY).toISOString(),
      expires_at: expiresAt,
    });
    // 60 older sessions, the first of them (the newest) already expired.
    await t.db
      .insertInto('sessions')
      .values(Array.from({ length: 60 }, (_, n) => row(n, isoIn(n === 0 ? -1000 : DAY))))
      .execute();
    const { res } = await signIn(t, creds);
    const hashes = (
      await t.db.selectFrom('sessions').select('id_hash').where('user_id', '=', user.id).execute()
    ).map((r) => r.id_hash);
    expect(hashes).toHaveLength(MAX_SESSIONS_PER_USER);
    expect(hashes).not.toContain(row(0, '').id_hash);
    expect(hashes).not.toContain(row(59, '').id_hash);
    // The two real sign-ins are the newest, so both still work.
    expect((await signedInAs(sessionCookie(res)!.value)).email).toBe(creds.email);
    expect((await signedInAs(cookie.split('=')[1]!)).email).toBe(creds.email);
  });
});

describe('origin check on state-changing requests', () => {
  const logout = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/auth/user/logout', headers });

  it('refuses a POST from a foreign origin with 403', async () => {
    const { cookie } = await loginAs(t);
    const res = await logout({ cookie, origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Cross-site request refused.' });
    // The session survived the refused request.
    const me = await t.app.inject({ url: '/auth/user/fetch-user', headers: { cookie } });
    expect(me.json().user).not.toBeNull();
    expect((await logout({ origin: 'null' })).statusCode).toBe(403);
  });

  it('lets the same origin, the request host and origin-less clients through', async () => {
    expect((await logout({ origin: 'http://localhost:5000' })).statusCode).toBe(200);
    expect((await logout({ origin: 'http://localhost:80', host: 'localhost:80' })).statusCode).toBe(
      200,
    );
    expect((await logout({})).statusCode).toBe(200);
  });

  it('does not apply to safe methods', async () => {
    const res = await t.app.inject({
      url: '/auth/user/fetch-user',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(200);
  });
});
