import type { AddressInfo } from 'node:net';
import { Migrator, type Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_SECURITY_MESSAGES as M, AUTH_MESSAGES } from '@vitae/core';
import { buildTestApp, callAs, loginAs, type TestApp, type Who } from '../test/build-test-app.ts';
import {
  PUBLIC_URL,
  freshIp,
  post,
  sessionCookie,
  uniqueEmail,
} from '../test/auth-test-helpers.ts';
import { disconnection, settle, testSocket } from '../test/socket-test-client.ts';
import { migrationProvider } from '../db/migrations/index.ts';
import { newId, nowIso, isoIn } from '../db/ids.ts';
import { hashPassword } from './password.ts';
import { sessionKeys } from '../plugins/session.ts';

/*
 * Settings → Your sessions, Change password and Change email (issue 34), on the real app and
 * database: what each route answers, what it changes, the mail it sends, and what it refuses.
 */

let t: TestApp;
let url: string;
const call = callAs(() => t);
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const PASSWORD = 'secret123';
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** Another browser signing in to `who`'s account (no device cookie). */
async function anotherBrowser(
  who: { email: string },
  userAgent = SAFARI_IPHONE,
  password = PASSWORD,
) {
  const res = await post(
    t,
    '/auth/user/login-web',
    { email: who.email, password },
    { headers: { 'user-agent': userAgent } },
  );
  const c = sessionCookie(res);
  expect(res.statusCode, res.body).toBe(200);
  return { cookie: `${c!.name}=${c!.value}`, res };
}

const signedIn = async (who: Pick<Who, 'cookie'>) =>
  (await call(who, 'GET', '/auth/user/fetch-user')).json().user !== null;

const listOf = async (who: Pick<Who, 'cookie'>) => {
  const res = await call(who, 'GET', '/auth/user/sessions');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().sessions as Array<Record<string, unknown>>;
};

const mailsTo = async (email: string) => (await t.outbox()).filter((m) => m.to === email);

describe('your sessions', () => {
  it('lists each signed-in browser with its device, this one marked, and no secret', async () => {
    const me = await loginAs(t);
    const laptop = await anotherBrowser(me, CHROME_WINDOWS);
    const phone = await anotherBrowser(me, SAFARI_IPHONE);
    const res = await call(laptop, 'GET', '/auth/user/sessions');
    const list = res.json().sessions as Array<Record<string, unknown>>;
    expect(list).toHaveLength(3);
    expect(list[0]).toMatchObject({
      current: true,
      deviceKind: 'desktop',
      browser: 'Chrome 131',
      os: 'Windows 10',
      place: null,
    });
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(list).toContainEqual(
      expect.objectContaining({
        current: false,
        deviceKind: 'phone',
        browser: 'Safari 18',
        os: 'iOS 18.1',
      }),
    );
    for (const s of list) {
      expect(s.id).toMatch(/^[0-9a-f]{24}$/);
      expect(typeof s.createdAt).toBe('string');
      expect(typeof s.lastActiveAt).toBe('string');
    }
    // Nothing in the list signs in: not the cookies, not their stored keys.
    const keys = (await t.db.selectFrom('sessions').select('id_hash').execute()).map(
      (r) => r.id_hash,
    );
    for (const secret of [...keys, ...[me, laptop, phone].map((w) => w.cookie.split('=')[1]!)]) {
      expect(res.body).not.toContain(secret);
    }
  });

  it('ends another session, closing its sockets only, and this one stays', async () => {
    const me = await loginAs(t);
    const phone = await anotherBrowser(me);
    const mySocket = await testSocket(url, { cookie: me.cookie, claim: me.userId });
    const phoneSocket = await testSocket(url, { cookie: phone.cookie, claim: me.userId });
    const closed = disconnection(phoneSocket.socket);
    const theirs = (await listOf(me)).find((s) => !s.current)!;
    const res = await call(me, 'DELETE', `/auth/user/sessions/${theirs.id as string}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await closed).toBe('io server disconnect');
    await settle();
    expect(mySocket.socket.connected).toBe(true);
    mySocket.socket.disconnect();
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(me)).toBe(true);
    expect((await listOf(me)).map((s) => s.current)).toEqual([true]);
    // Ended already: a clear 404.
    const again = await call(me, 'DELETE', `/auth/user/sessions/${theirs.id as string}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe(M.sessionNotFound);
  });

  it('will not end this session by id, nor another user’s, nor a malformed id', async () => {
    const me = await loginAs(t);
    const other = await loginAs(t);
    const mine = (await listOf(me))[0]!;
    const self = await call(me, 'DELETE', `/auth/user/sessions/${mine.id as string}`);
    expect(self.statusCode).toBe(400);
    expect(self.json().error).toBe(M.sessionIsCurrent);
    const theirs = (await listOf(other))[0]!;
    const notMine = await call(me, 'DELETE', `/auth/user/sessions/${theirs.id as string}`);
    expect(notMine.statusCode).toBe(404);
    expect(await signedIn(other)).toBe(true);
    const bad = await call(me, 'DELETE', '/auth/user/sessions/not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ id: M.sessionIdInvalid });
    expect(await signedIn(me)).toBe(true);
  });

  it('signs out every other session and keeps this one', async () => {
    const me = await loginAs(t);
    const a = await anotherBrowser(me);
    const b = await anotherBrowser(me, CHROME_WINDOWS);
    const ended: string[] = [];
    const stop = t.events.subscribe('session.ended', ({ sessionKey }) => ended.push(sessionKey));
    const res = await call(a, 'POST', '/auth/user/sessions/end-others');
    stop();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ended: 2, message: M.otherSessionsEnded });
    expect(ended).toHaveLength(2);
    expect([await signedIn(me), await signedIn(a), await signedIn(b)]).toEqual([
      false,
      true,
      false,
    ]);
  });

  it('writes the last activity at most every few minutes', async () => {
    const me = await loginAs(t);
    const activity = async () =>
      (
        await t.db
          .selectFrom('sessions')
          .select('last_active_at')
          .where('user_id', '=', me.userId)
          .executeTakeFirstOrThrow()
      ).last_active_at;
    const first = await activity();
    await call(me, 'GET', '/auth/user/fetch-user');
    expect(await activity()).toBe(first);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 11 * 60_000);
    await call(me, 'GET', '/auth/user/fetch-user');
    const later = await activity();
    expect(Date.parse(later!)).toBeGreaterThan(Date.parse(first!));
    await call(me, 'GET', '/auth/user/fetch-user');
    expect(await activity()).toBe(later);
  });
});

describe('sign-in from a new browser', () => {
  it('emails the account, but not for its very first sign-in nor a known browser', async () => {
    const me = await loginAs(t);
    expect(await mailsTo(me.email)).toEqual([]);
    const laptop = await anotherBrowser(me, CHROME_WINDOWS);
    const mails = await mailsTo(me.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('New sign-in to your Vitae account');
    expect(mails[0]!.text).toContain('Chrome 131 on Windows 10 (desktop)');
    expect(mails[0]!.text).toContain('change your password');
    // The same browser again (its device cookie goes with it): no new mail.
    const device = laptop.res.cookies.find((c) => c.name === 'vitae_device')!;
    const again = await post(
      t,
      '/auth/user/login-web',
      { email: me.email, password: PASSWORD },
      { cookie: `vitae_device=${device.value}`, headers: { 'user-agent': CHROME_WINDOWS } },
    );
    expect(again.statusCode).toBe(200);
    expect(await mailsTo(me.email)).toHaveLength(1);
  });
});

describe('change password', () => {
  const change = (who: Pick<Who, 'cookie'>, body: Record<string, unknown>) =>
    call(who, 'POST', '/auth/user/change-password', body);

  it('needs the current password; a wrong one or a weak new one changes nothing', async () => {
    const me = await loginAs(t);
    const wrong = await change(me, {
      currentPassword: 'nope',
      password: 'newpass123',
      password2: 'newpass123',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      error: M.wrongCurrentPassword,
      fieldErrors: { currentPassword: M.wrongCurrentPassword },
    });
    const short = await change(me, {
      currentPassword: PASSWORD,
      password: 'abc',
      password2: 'abc',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().fieldErrors).toEqual({ password: AUTH_MESSAGES.passwordTooShort });
    const mismatch = await change(me, {
      currentPassword: PASSWORD,
      password: 'newpass123',
      password2: 'newpass124',
    });
    expect(mismatch.json().fieldErrors).toEqual({ password2: AUTH_MESSAGES.passwordsMismatch });
    const empty = await change(me, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors).toMatchObject({
      currentPassword: M.currentPasswordRequired,
      password: AUTH_MESSAGES.newPasswordRequired,
    });
    const same = await change(me, {
      currentPassword: PASSWORD,
      password: PASSWORD,
      password2: PASSWORD,
    });
    expect(same.json().fieldErrors).toEqual({ password: M.samePassword });
    // The old password still signs in.
    await anotherBrowser(me);
  });

  it('changes it, signs out every other session, keeps this one and emails the account', async () => {
    const me = await loginAs(t);
    const phone = await anotherBrowser(me);
    const phoneSocket = await testSocket(url, { cookie: phone.cookie, claim: me.userId });
    const closed = disconnection(phoneSocket.socket);
    const res = await change(me, {
      currentPassword: PASSWORD,
      password: 'brand-new-9',
      password2: 'brand-new-9',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(M.passwordChanged);
    expect(await closed).toBe('io server disconnect');
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(me)).toBe(true);
    const old = await post(t, '/auth/user/login-web', { email: me.email, password: PASSWORD });
    expect(old.statusCode).toBe(401);
    await anotherBrowser(me, CHROME_WINDOWS, 'brand-new-9');
    const mails = await mailsTo(me.email);
    expect(mails.map((m) => m.subject)).toContain('Your Vitae password was changed');
  });

  it('counts wrong current passwords like sign-in does', async () => {
    const me = await loginAs(t);
    const body = { currentPassword: 'wrong-one', password: 'newpass123', password2: 'newpass123' };
    const answers: number[] = [];
    for (let i = 0; i < 11; i++) answers.push((await change(me, body)).statusCode);
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(answers[10]).toBe(429);
  });
});

describe('change email', () => {
  const ask = (who: Pick<Who, 'cookie'>, body: Record<string, unknown>) =>
    call(who, 'POST', '/auth/user/change-email', body);
  const confirm = (token: string) => post(t, '/auth/user/confirm-email-change', { token });
  const linksTo = async (email: string) => {
    const pattern = new RegExp(`${PUBLIC_URL}/change-email/([A-Za-z0-9_-]+)`);
    return (await mailsTo(email)).flatMap((m) => pattern.exec(m.text)?.[1] ?? []);
  };
  const emailOf = async (userId: string) =>
    (
      await t.db
        .selectFrom('users')
        .select('email')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    ).email;

  it('refuses bad input with clear messages and changes nothing', async () => {
    const me = await loginAs(t);
    const other = await loginAs(t);
    const cases: Array<[Record<string, unknown>, number, Record<string, string>]> = [
      [{ password: 'wrong', email: uniqueEmail() }, 400, { password: M.wrongCurrentPassword }],
      [{ password: PASSWORD, email: 'not-an-email' }, 400, { email: AUTH_MESSAGES.emailInvalid }],
      [
        { password: '', email: '' },
        400,
        { password: M.currentPasswordRequired, email: AUTH_MESSAGES.emailRequired },
      ],
      [{ password: PASSWORD, email: me.email.toUpperCase() }, 400, { email: M.sameEmail }],
      [{ password: PASSWORD, email: other.email }, 409, { email: AUTH_MESSAGES.emailTaken }],
    ];
    for (const [body, status, fieldErrors] of cases) {
      const res = await ask(me, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().fieldErrors).toEqual(fieldErrors);
    }
    expect(await emailOf(me.userId)).toBe(me.email);
    expect(
      await t.db.selectFrom('email_changes').selectAll().where('user_id', '=', me.userId).execute(),
    ).toEqual([]);
  });

  it('changes the address only when the link is opened, and tells the old one', async () => {
    const me = await loginAs(t);
    const first = uniqueEmail('first');
    const next = uniqueEmail('Next');
    expect((await ask(me, { password: PASSWORD, email: first })).statusCode).toBe(200);
    const res = await ask(me, { password: PASSWORD, email: next });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(M.emailChangeSent);
    expect(await emailOf(me.userId)).toBe(me.email);
    const [firstLink] = await linksTo(first);
    const [link] = await linksTo(next);
    // The newer request replaced the older one.
    expect((await confirm(firstLink!)).statusCode).toBe(400);
    // Opened in the signed-in browser: its device cookie now names the new address.
    const done = await post(t, '/auth/user/confirm-email-change', { token: link }, me);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.cookies.find((c) => c.name === 'vitae_device')).toBeDefined();
    expect(done.json()).toMatchObject({ email: next, message: M.emailChanged });
    expect(await emailOf(me.userId)).toBe(next);
    // Once only.
    const again = await confirm(link!);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(M.emailChangeInvalid);
    // The old address is told, without the new one in full.
    const told = (await mailsTo(me.email)).find(
      (m) => m.subject === 'Your Vitae email address was changed',
    );
    expect(told?.text).toContain('N•••@e•••.com');
    expect(told?.text).not.toContain(next);
    // Sign-in goes by the new address; the session in use stays.
    expect(await signedIn(me)).toBe(true);
    await anotherBrowser({ email: next });
    expect(
      (await post(t, '/auth/user/login-web', { email: me.email, password: PASSWORD })).statusCode,
    ).toBe(401);
  });

  it('a link expires, and a password change voids it', async () => {
    const me = await loginAs(t);
    const later = uniqueEmail();
    await ask(me, { password: PASSWORD, email: later });
    const [link] = await linksTo(later);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 25 * 60 * 60_000);
    expect((await confirm(link!)).statusCode).toBe(400);
    vi.useRealTimers();

    const other = uniqueEmail();
    const me2 = await loginAs(t);
    await ask(me2, { password: PASSWORD, email: other });
    const [link2] = await linksTo(other);
    const changed = await call(me2, 'POST', '/auth/user/change-password', {
      currentPassword: PASSWORD,
      password: 'another-99',
      password2: 'another-99',
    });
    expect(changed.statusCode).toBe(200);
    expect((await confirm(link2!)).statusCode).toBe(400);
    expect(await emailOf(me2.userId)).toBe(me2.email);
  });

  it('answers 409 when the address was taken before the link was opened', async () => {
    const me = await loginAs(t);
    const wanted = uniqueEmail();
    await ask(me, { password: PASSWORD, email: wanted });
    const [link] = await linksTo(wanted);
    await loginAs(t, { email: wanted });
    const res = await confirm(link!);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(AUTH_MESSAGES.emailTaken);
    expect(await emailOf(me.userId)).toBe(me.email);
  });
});

describe('who may call what', () => {
  it('every settings route needs a signed-in user', async () => {
    for (const [method, path, body] of [
      ['GET', '/auth/user/sessions', undefined],
      ['DELETE', `/auth/user/sessions/${newId()}`, undefined],
      ['POST', '/auth/user/sessions/end-others', undefined],
      [
        'POST',
        '/auth/user/change-password',
        { currentPassword: PASSWORD, password: 'newpass123', password2: 'newpass123' },
      ],
      ['POST', '/auth/user/change-email', { password: PASSWORD, email: uniqueEmail() }],
    ] as const) {
      const res = await call(null, method, path, body);
      expect(res.statusCode, `${method} ${path}`).toBe(401);
    }
  });

  it('the email link needs no session, only a live token', async () => {
    const res = await post(
      t,
      '/auth/user/confirm-email-change',
      { token: 'made-up' },
      { ip: freshIp() },
    );
    expect(res.statusCode).toBe(400);
    const missing = await post(t, '/auth/user/confirm-email-change', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toEqual({ token: M.emailChangeInvalid });
  });
});

describe('upgrading to migration 030', () => {
  it('a session from before it still signs in and is listed as an unknown device', async () => {
    const token = 'a-session-cookie-from-before-030-xxxxxxxxxx';
    const userId = newId();
    const upgraded = await buildTestApp({
      beforeUpgrade: async (db) => {
        const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo(
          '029-public-links',
        );
        expect(error).toBeUndefined();
        const now = nowIso();
        const old = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
        await old
          .insertInto('users')
          .values({
            id: userId,
            full_name: 'Early User',
            email: 'early@example.com',
            email_lower: 'early@example.com',
            password_hash: await hashPassword(PASSWORD),
            is_hr: 0,
            is_verified: 1,
            affiliate_code: 'EARLY234',
            pending_cv_to_save: null,
            created_at: now,
            updated_at: now,
          })
          .execute();
        await old
          .insertInto('sessions')
          .values({
            id_hash: sessionKeys(t.sessionSecret)(token),
            user_id: userId,
            created_at: now,
            expires_at: isoIn(86_400_000),
          })
          .execute();
      },
    });
    try {
      const who = { cookie: `vitae_sid=${token}` };
      const me = await upgraded.app.inject({ url: '/auth/user/fetch-user', headers: who });
      expect(me.json().user?._id).toBe(userId);
      const list = await upgraded.app.inject({ url: '/auth/user/sessions', headers: who });
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json().sessions).toEqual([
        expect.objectContaining({ current: true, deviceKind: 'other', browser: null, os: null }),
      ]);
    } finally {
      await upgraded.close();
    }
  });
});

describe('the place a session signed in from', () => {
  it('is what the trusted proxy in front says, and nothing when a browser says it directly', async () => {
    const proxied = await buildTestApp({
      env: { TRUST_PROXY: '127.0.0.1', SESSION_PLACE_HEADERS: 'x-geo-city,x-geo-country' },
    });
    try {
      const who = await loginAs(proxied);
      const geo = { 'x-geo-city': 'Durban', 'x-geo-country': 'ZA' };
      const signIn = (headers: Record<string, string>) =>
        post(
          proxied,
          '/auth/user/login-web',
          { email: who.email, password: PASSWORD },
          { ip: '127.0.0.1', headers },
        );
      // Through the proxy: it forwarded the browser's address and named its place.
      const viaProxy = await signIn({ ...geo, 'x-forwarded-for': '203.0.113.9' });
      expect(viaProxy.statusCode, viaProxy.body).toBe(200);
      // Straight to the server (no forwarded address): the headers are the browser's own word.
      const direct = await post(
        proxied,
        '/auth/user/login-web',
        { email: who.email, password: PASSWORD },
        { ip: '198.51.100.7', headers: geo },
      );
      expect(direct.statusCode, direct.body).toBe(200);
      const c = sessionCookie(viaProxy)!;
      const list = await proxied.app.inject({
        method: 'GET',
        url: '/auth/user/sessions',
        headers: { cookie: `${c.name}=${c.value}` },
      });
      const places = (
        list.json() as { sessions: Array<{ current: boolean; place: string | null }> }
      ).sessions;
      expect(places.find((s) => s.current)?.place).toBe('Durban, ZA');
      expect(places.filter((s) => !s.current).map((s) => s.place)).toEqual([null, null]);
    } finally {
      await proxied.close();
    }
  });
});
