import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@vitae/core';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { LOGIN_LIMITS, SIGN_IN_CODE } from './auth-limits.ts';
import { DEVICE_COOKIE } from './device-cookie.ts';
import { freshIp, post, sessionCookie, verifiedUser } from '../test/auth-test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Creds = { email: string; password: string; code?: string };
const login = (creds: Creds, ip: string, cookie?: string) =>
  post(t, '/auth/user/login-web', creds, { ip, ...(cookie ? { cookie } : {}) });
const wrong = (creds: Creds) => ({ ...creds, password: 'not-the-password' });

/** The sign-in codes mailed to `email`, oldest first. */
async function mailedCodes(email: string): Promise<string[]> {
  return (await t.outbox())
    .filter((m) => m.to === email && m.subject.endsWith('is your Vitae sign-in code'))
    .map((m) => /^(\d{6}) /.exec(m.subject)![1]!);
}

/** A stranger on the owner's address spends the account's guesses there. */
async function lockAddress(creds: Creds, office: string) {
  for (let i = 0; i < LOGIN_LIMITS.accountAddress.limit; i++) {
    expect((await login(wrong(creds), office)).statusCode).toBe(401);
  }
}

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('sign-in code for a new browser on a locked address', () => {
  it('mails the owner a code for the right password and lets the code in, once', async () => {
    const creds = await verifiedUser(t);
    const office = freshIp();
    await lockAddress(creds, office);

    const asked = await login(creds, office);
    expect(asked.statusCode).toBe(429);
    expect(asked.json()).toEqual({
      error: AUTH_MESSAGES.tooManyAttempts,
      fieldErrors: { codeRequired: AUTH_MESSAGES.signInCodeSent },
    });
    expect(sessionCookie(asked)).toBeUndefined();
    const [code] = await mailedCodes(creds.email);
    expect(code).toMatch(/^\d{6}$/);
    const mail = (await t.outbox()).find((m) => m.to === creds.email && m.text.includes(code!));
    expect(mail?.text).toContain('valid for 15 minutes');

    const wrongCode = await login({ ...creds, code: otherCode(code!) }, office);
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().fieldErrors).toEqual({ code: AUTH_MESSAGES.signInCodeWrong });
    expect(sessionCookie(wrongCode)).toBeUndefined();

    const res = await login({ ...creds, code: code! }, office);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(creds.email);
    expect(sessionCookie(res)).toBeDefined();
    // The browser is now known: it signs in on its own counter, without a code.
    const device = res.cookies.find((c) => c.name === DEVICE_COOKIE);
    expect(device).toBeDefined();
    const again = await login(creds, office, `${DEVICE_COOKIE}=${device!.value}`);
    expect(again.statusCode).toBe(200);

    // Single use: a second new browser cannot reuse it.
    const reused = await login({ ...creds, code: code! }, office);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toBe(AUTH_MESSAGES.signInCodeWrong);
  });

  it('answers a wrong password alike and mails nothing, so the lock is no oracle', async () => {
    const creds = await verifiedUser(t);
    const office = freshIp();
    await lockAddress(creds, office);
    const res = await login(wrong(creds), office);
    expect(res.statusCode).toBe(429);
    expect(res.json().fieldErrors).toEqual({ codeRequired: AUTH_MESSAGES.signInCodeSent });
    expect(await mailedCodes(creds.email)).toEqual([]);
    // Nor does an unknown account get anything different.
    const ghost = { email: `ghost-${creds.email}`, password: 'whatever1' };
    await lockAddress(ghost, office);
    const none = await login(ghost, office);
    expect(none.statusCode).toBe(429);
    expect(none.json().fieldErrors).toEqual({ codeRequired: AUTH_MESSAGES.signInCodeSent });
    expect(await login({ ...ghost, code: '123456' }, office)).toMatchObject({ statusCode: 400 });
  });

  it('wants the right password with the right code', async () => {
    const creds = await verifiedUser(t);
    const office = freshIp();
    await lockAddress(creds, office);
    await login(creds, office);
    const [code] = await mailedCodes(creds.email);
    const res = await login({ ...wrong(creds), code: code! }, office);
    expect(res.statusCode).toBe(401);
    expect(sessionCookie(res)).toBeUndefined();
    // The code was not used up by it.
    expect((await login({ ...creds, code: code! }, office)).statusCode).toBe(200);
  });

  it('voids the code after too many wrong ones', async () => {
    const creds = await verifiedUser(t);
    const office = freshIp();
    await lockAddress(creds, office);
    await login(creds, office);
    const [code] = await mailedCodes(creds.email);
    for (let i = 0; i < SIGN_IN_CODE.wrongCodes.limit; i++) {
      expect((await login({ ...creds, code: otherCode(code!) }, office)).statusCode).toBe(400);
    }
    const refused = await login({ ...creds, code: code! }, office);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe(AUTH_MESSAGES.tooManyWrongCodes);
    expect(sessionCookie(refused)).toBeUndefined();
    const live = await t.db
      .selectFrom('one_time_tokens')
      .innerJoin('users', 'users.id', 'one_time_tokens.user_id')
      .select('token_hash')
      .where('users.email', '=', creds.email)
      .where('purpose', '=', 'sign-in')
      .execute();
    expect(live).toEqual([]);
  });

  it('refuses an expired code', async () => {
    const creds = await verifiedUser(t);
    const office = freshIp();
    await lockAddress(creds, office);
    await login(creds, office);
    const [code] = await mailedCodes(creds.email);
    await t.db
      .updateTable('one_time_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('purpose', '=', 'sign-in')
      .execute();
    expect((await login({ ...creds, code: code! }, office)).statusCode).toBe(400);
  });
});
