import { strFromU8, unzipSync } from 'fflate';
import { Secret, TOTP } from 'otpauth';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES, TWO_STEP_MESSAGES } from '@vitae/core';
import { buildTestApp, callAs, loginAs, type TestApp, type Who } from '../test/build-test-app.ts';
import { freshIp, post, sessionCookie } from '../test/auth-test-helpers.ts';
import { LOGIN_LIMITS } from './auth-limits.ts';
import { DEVICE_COOKIE } from './device-cookie.ts';

/*
 * Two-step sign-in with an authenticator app (issue 34): set-up, the code after the password,
 * recovery codes, turning it off, and the limits on codes. Codes are computed here with the
 * same library the server uses; Date is moved on by whole 30-second steps, since a code works
 * once and the next one needs the next step.
 */

let t: TestApp;
const call = callAs(() => t);
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const STEP_MS = 30_000;
/** The code the app shows at `at`. */
const codeAt = (secret: string, at = Date.now()) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at });
/** Moves the clock (Date only) one 30-second step on, so a fresh code exists. */
function nextStep() {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now + STEP_MS);
}

const PASSWORD = 'secret123';

/** A signed-in user with two-step on: its secret and recovery codes. */
async function withTwoStep(): Promise<Who & { secret: string; recoveryCodes: string[] }> {
  const who = await loginAs(t);
  const setup = await call(who, 'POST', '/auth/user/two-step/setup');
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const on = await call(who, 'POST', '/auth/user/two-step/enable', { code: codeAt(secret) });
  expect(on.statusCode, on.body).toBe(200);
  nextStep();
  return { ...who, secret, recoveryCodes: on.json().recoveryCodes };
}

const loginWeb = (email: string, ip = freshIp(), extra: Record<string, unknown> = {}) =>
  post(t, '/auth/user/login-web', { email, password: PASSWORD, ...extra }, { ip });
const secondStep = (body: Record<string, unknown>, opts: { ip?: string; cookie?: string } = {}) =>
  post(t, '/auth/user/login-two-step', body, opts);

/** The password step's token (no session yet). */
async function passwordStep(email: string, ip = freshIp(), cookie?: string) {
  const res = await post(
    t,
    '/auth/user/login-web',
    { email, password: PASSWORD },
    { ip, ...(cookie ? { cookie } : {}) },
  );
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({
    success: false,
    twoStepRequired: true,
    message: TWO_STEP_MESSAGES.codeNeeded,
  });
  expect(sessionCookie(res)).toBeUndefined();
  return res.json().twoStepToken as string;
}

const status = async (who: Who) => (await call(who, 'GET', '/auth/user/two-step')).json();

describe('setting up two-step sign-in', () => {
  it('turns on only with a right code, then gives ten recovery codes once', async () => {
    const me = await loginAs(t);
    expect(await status(me)).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });

    const setup = await call(me, 'POST', '/auth/user/two-step/setup');
    expect(setup.statusCode).toBe(200);
    const { secret, uri, qrSvg } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toContain(`secret=${secret}`);
    expect(uri).toMatch(/^otpauth:\/\/totp\/Vitae:/);
    expect(qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);

    // A wrong code: refused, and nothing is on.
    const wrongCode = String((Number(codeAt(secret)) + 1) % 1_000_000).padStart(6, '0');
    const wrong = await call(me, 'POST', '/auth/user/two-step/enable', { code: wrongCode });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors).toEqual({ code: TWO_STEP_MESSAGES.codeWrong });
    expect(await status(me)).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    const codesStored = await t.db
      .selectFrom('two_step_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', me.userId)
      .execute();
    expect(codesStored).toEqual([]);
    // Signing in still takes the password alone.
    expect((await loginWeb(me.email)).json().user?.email).toBe(me.email);

    const on = await call(me, 'POST', '/auth/user/two-step/enable', { code: codeAt(secret) });
    expect(on.statusCode, on.body).toBe(200);
    const { recoveryCodes, status: after } = on.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const c of recoveryCodes) expect(c).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    expect(after).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect(Date.parse(after.enabledAt)).not.toBeNaN();
    expect(await status(me)).toEqual(after);

    // The secret is never handed out again, nor stored readable; the codes only as hashes.
    expect((await call(me, 'POST', '/auth/user/two-step/setup')).statusCode).toBe(409);
    const row = await t.db
      .selectFrom('two_step_secrets')
      .selectAll()
      .where('user_id', '=', me.userId)
      .executeTakeFirstOrThrow();
    expect(row.encrypted_secret).not.toContain(secret);
    const hashes = await t.db
      .selectFrom('two_step_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', me.userId)
      .execute();
    expect(hashes).toHaveLength(10);
    const stored = JSON.stringify(hashes);
    for (const c of recoveryCodes) expect(stored).not.toContain(c.replaceAll('-', ''));
  });

  it('a second set-up before confirming replaces the first secret', async () => {
    const me = await loginAs(t);
    const first = (await call(me, 'POST', '/auth/user/two-step/setup')).json().secret;
    const second = (await call(me, 'POST', '/auth/user/two-step/setup')).json().secret;
    expect(second).not.toBe(first);
    const old = await call(me, 'POST', '/auth/user/two-step/enable', { code: codeAt(first) });
    expect(old.statusCode).toBe(400);
    const ok = await call(me, 'POST', '/auth/user/two-step/enable', { code: codeAt(second) });
    expect(ok.statusCode).toBe(200);
  });

  it('confirming without a set-up is refused', async () => {
    const me = await loginAs(t);
    const res = await call(me, 'POST', '/auth/user/two-step/enable', { code: '123456' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(TWO_STEP_MESSAGES.notSetUp);
  });
});

describe('signing in with two-step on', () => {
  it('asks for the code after the password, then signs in with it, once', async () => {
    const me = await withTwoStep();
    const token = await passwordStep(me.email);

    const wrong = await secondStep({ token, code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors).toEqual({ code: TWO_STEP_MESSAGES.codeWrong });
    expect(sessionCookie(wrong)).toBeUndefined();

    const code = codeAt(me.secret);
    const res = await secondStep({ token, code });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.email).toBe(me.email);
    const cookie = `vitae_sid=${sessionCookie(res)!.value}`;
    const who = await t.app.inject({ url: '/auth/user/fetch-user', headers: { cookie } });
    expect(who.json().user.email).toBe(me.email);

    // The token is spent.
    nextStep();
    const again = await secondStep({ token, code: codeAt(me.secret) });
    expect(again.statusCode).toBe(400);
    expect(again.json().fieldErrors).toEqual({ token: TWO_STEP_MESSAGES.signInExpired });
  });

  it('refuses a code used once already (replay), even with a new password step', async () => {
    const me = await withTwoStep();
    const code = codeAt(me.secret);
    expect((await secondStep({ token: await passwordStep(me.email), code })).statusCode).toBe(200);
    const replay = await secondStep({ token: await passwordStep(me.email), code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().fieldErrors).toEqual({ code: TWO_STEP_MESSAGES.codeWrong });
    // An older step's code is spent too once a later one was used.
    const older = codeAt(me.secret, Date.now() - STEP_MS);
    expect(
      (await secondStep({ token: await passwordStep(me.email), code: older })).statusCode,
    ).toBe(400);
  });

  it('a recovery code works once', async () => {
    const me = await withTwoStep();
    const recoveryCode = me.recoveryCodes[3]!.toLowerCase();
    const res = await secondStep({ token: await passwordStep(me.email), recoveryCode });
    expect(res.statusCode, res.body).toBe(200);
    const cookie = `vitae_sid=${sessionCookie(res)!.value}`;
    expect(await status({ ...me, cookie })).toMatchObject({ recoveryCodesLeft: 9 });

    const again = await secondStep({ token: await passwordStep(me.email), recoveryCode });
    expect(again.statusCode).toBe(400);
    expect(again.json().fieldErrors).toEqual({
      recoveryCode: TWO_STEP_MESSAGES.recoveryCodeWrong,
    });
  });

  it('the password step lasts five minutes', async () => {
    const me = await withTwoStep();
    const token = await passwordStep(me.email);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 5 * 60_000 + 1000);
    const late = await secondStep({ token, code: codeAt(me.secret) });
    expect(late.statusCode).toBe(400);
    expect(late.json().fieldErrors).toEqual({ token: TWO_STEP_MESSAGES.signInExpired });
  });

  it('a wrong password still answers as before, with no token', async () => {
    const me = await withTwoStep();
    const res = await post(t, '/auth/user/login-web', { email: me.email, password: 'nope-nope' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).not.toHaveProperty('twoStepToken');
  });

  it('carries the HR intent through to the finished sign-in', async () => {
    const me = await withTwoStep();
    const first = await loginWeb(me.email, freshIp(), { HRIntent: true });
    const res = await secondStep({ token: first.json().twoStepToken, code: codeAt(me.secret) });
    expect(res.json().user.isHR).toBe(true);
  });
});

describe('limits on codes', () => {
  it('refuses a new browser past the limit, but the owner’s browser still gets in', async () => {
    const me = await withTwoStep();
    // The owner's own browser: it signed in before, so it carries the device cookie.
    const home = freshIp();
    const first = await secondStep(
      { token: await passwordStep(me.email, home), code: codeAt(me.secret) },
      { ip: home },
    );
    const device = first.cookies.find((c) => c.name === DEVICE_COOKIE)!;
    const deviceCookie = `${DEVICE_COOKIE}=${device.value}`;

    // Someone with the password guesses codes from many addresses.
    const guess = async (ip: string) =>
      (await secondStep({ token: await passwordStep(me.email, ip), code: '000000' }, { ip }))
        .statusCode;
    const office = freshIp();
    for (let i = 0; i < LOGIN_LIMITS.accountAddress.limit; i++)
      expect(await guess(office)).toBe(400);
    expect(await guess(office)).toBe(429);
    let refused = false;
    for (let i = 0; i < LOGIN_LIMITS.account.limit && !refused; i++) {
      refused = (await guess(freshIp())) === 429;
    }
    expect(refused).toBe(true);
    // A new browser is refused even with the right code...
    nextStep();
    const stranger = await secondStep({
      token: await passwordStep(me.email),
      code: codeAt(me.secret),
    });
    expect(stranger.statusCode).toBe(429);
    // ...the owner's browser is not.
    const owner = await secondStep(
      { token: await passwordStep(me.email, home, deviceCookie), code: codeAt(me.secret) },
      { ip: home, cookie: deviceCookie },
    );
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it('a locked new browser gives the app’s code with the password; no code is mailed', async () => {
    const me = await withTwoStep();
    const office = freshIp();
    for (let i = 0; i < LOGIN_LIMITS.accountAddress.limit; i++) {
      const res = await post(
        t,
        '/auth/user/login-web',
        { email: me.email, password: 'wrong' },
        {
          ip: office,
        },
      );
      expect(res.statusCode).toBe(401);
    }
    const mailsBefore = (await t.outbox()).filter((m) => m.to === me.email).length;
    const asked = await loginWeb(me.email, office);
    expect(asked.statusCode).toBe(429);
    expect(asked.json().fieldErrors).toEqual({
      codeRequired: TWO_STEP_MESSAGES.lockedCodeNeeded,
      twoStepRequired: TWO_STEP_MESSAGES.lockedCodeNeeded,
    });
    expect((await t.outbox()).filter((m) => m.to === me.email)).toHaveLength(mailsBefore);

    const wrong = await loginWeb(me.email, office, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors).toEqual({ code: TWO_STEP_MESSAGES.codeWrong });
    // A right code with a wrong password is still a wrong password.
    const badPassword = await post(
      t,
      '/auth/user/login-web',
      { email: me.email, password: 'wrong', code: codeAt(me.secret) },
      { ip: office },
    );
    expect(badPassword.statusCode).toBe(401);

    const res = await loginWeb(me.email, office, { code: codeAt(me.secret) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.email).toBe(me.email);
    expect(sessionCookie(res)).toBeDefined();
    // A recovery code serves there too.
    const withRecovery = await loginWeb(me.email, office, { code: me.recoveryCodes[0] });
    expect(withRecovery.statusCode, withRecovery.body).toBe(200);
  });

  it('without two-step, a locked new browser still gets its emailed code', async () => {
    const me = await loginAs(t);
    const office = freshIp();
    for (let i = 0; i < LOGIN_LIMITS.accountAddress.limit; i++) {
      await post(t, '/auth/user/login-web', { email: me.email, password: 'wrong' }, { ip: office });
    }
    const asked = await loginWeb(me.email, office);
    expect(asked.statusCode).toBe(429);
    expect(asked.json().fieldErrors).toEqual({ codeRequired: AUTH_MESSAGES.signInCodeSent });
  });
});

describe('turning two-step off', () => {
  it('needs the password and a code, then signing in takes the password alone', async () => {
    const me = await withTwoStep();
    const off = (body: Record<string, unknown>) =>
      call(me, 'POST', '/auth/user/two-step/disable', body);

    const wrongPassword = await off({ password: 'nope-nope', code: codeAt(me.secret) });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().fieldErrors).toEqual({
      password: TWO_STEP_MESSAGES.wrongPassword,
    });
    const wrongCode = await off({ password: PASSWORD, code: '000000' });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().fieldErrors).toEqual({ code: TWO_STEP_MESSAGES.codeWrong });
    expect(await status(me)).toMatchObject({ enabled: true });

    const res = await off({ password: PASSWORD, code: codeAt(me.secret) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    const left = await t.db
      .selectFrom('two_step_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', me.userId)
      .execute();
    expect(left).toEqual([]);
    const signIn = await loginWeb(me.email);
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user.email).toBe(me.email);
    expect((await off({ password: PASSWORD, code: codeAt(me.secret) })).statusCode).toBe(409);
  });

  it('a recovery code serves instead of the app’s code', async () => {
    const me = await withTwoStep();
    const res = await call(me, 'POST', '/auth/user/two-step/disable', {
      password: PASSWORD,
      recoveryCode: me.recoveryCodes[9],
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('who may call what, and bad input', () => {
  it('the settings routes need a signed-in user', async () => {
    for (const [method, url, body] of [
      ['GET', '/auth/user/two-step', undefined],
      ['POST', '/auth/user/two-step/setup', undefined],
      ['POST', '/auth/user/two-step/enable', { code: '123456' }],
      ['POST', '/auth/user/two-step/disable', { password: PASSWORD, code: '123456' }],
    ] as const) {
      const res = await call(null, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('one user’s pending sign-in cannot be finished with another’s code', async () => {
    const a = await withTwoStep();
    const b = await withTwoStep();
    const res = await secondStep({ token: await passwordStep(a.email), code: codeAt(b.secret) });
    expect(res.statusCode).toBe(400);
    const rec = await secondStep({
      token: await passwordStep(a.email),
      recoveryCode: b.recoveryCodes[0],
    });
    expect(rec.statusCode).toBe(400);
  });

  it('answers 400 with a message to bad bodies on every new route, changing nothing', async () => {
    const me = await loginAs(t);
    const cases: [string, unknown, string][] = [
      ['/auth/user/two-step/setup', { extra: 1 }, ''],
      ['/auth/user/two-step/enable', {}, TWO_STEP_MESSAGES.codeRequired],
      ['/auth/user/two-step/enable', { code: '12a456' }, TWO_STEP_MESSAGES.codeFormat],
      ['/auth/user/two-step/enable', { code: 123456 }, TWO_STEP_MESSAGES.codeRequired],
      ['/auth/user/two-step/disable', { code: '123456' }, TWO_STEP_MESSAGES.passwordRequired],
      ['/auth/user/two-step/disable', { password: PASSWORD }, TWO_STEP_MESSAGES.codeRequired],
      [
        '/auth/user/two-step/disable',
        { password: PASSWORD, code: '123456', recoveryCode: 'AAAA-BBBB-CCCC-DDDD' },
        TWO_STEP_MESSAGES.oneCodeOnly,
      ],
      ['/auth/user/login-two-step', {}, TWO_STEP_MESSAGES.signInExpired],
      ['/auth/user/login-two-step', { token: 'x' }, TWO_STEP_MESSAGES.codeRequired],
      ['/auth/user/login-two-step', { token: 'x', code: '1234567' }, TWO_STEP_MESSAGES.codeFormat],
      [
        '/auth/user/login-two-step',
        { token: 'x', recoveryCode: 'short' },
        TWO_STEP_MESSAGES.recoveryCodeFormat,
      ],
      ['/auth/user/login-two-step', { token: 'a\u0000b', code: '123456' }, ''],
    ];
    for (const [url, body, message] of cases) {
      const res = await call(me, 'POST', url, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}: ${res.body}`).toBe(400);
      if (message) expect(Object.values(res.json().fieldErrors ?? {})).toContain(message);
    }
    expect(await status(me)).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    // An unknown token is a 400 too (an expired sign-in), never a 500.
    const res = await secondStep({ token: 'not-a-token', code: '123456' });
    expect(res.statusCode).toBe(400);
  });
});

describe('the account', () => {
  it('its export says two-step is on, and holds neither the secret nor a code hash', async () => {
    const me = await withTwoStep();
    vi.useRealTimers();
    expect((await call(me, 'POST', '/api/account/export')).statusCode).toBe(202);
    await expect
      .poll(async () => (await call(me, 'GET', '/api/account/export')).json().export?.status, {
        timeout: 20_000,
      })
      .toBe('ready');
    const file = await call(me, 'GET', '/api/account/export/download');
    const account = JSON.parse(
      strFromU8(unzipSync(new Uint8Array(file.rawPayload))['account.json']!),
    );
    expect(account.tables.two_step_secrets).toEqual([
      expect.objectContaining({ user_id: me.userId, enabled_at: expect.any(String) }),
    ]);
    expect(account.tables.two_step_recovery_codes).toHaveLength(10);
    expect(account.omittedColumns).toMatchObject({
      two_step_secrets: ['encrypted_secret'],
      two_step_recovery_codes: ['code_hash'],
    });
    const text = JSON.stringify(account);
    const row = await t.db
      .selectFrom('two_step_secrets')
      .select('encrypted_secret')
      .where('user_id', '=', me.userId)
      .executeTakeFirstOrThrow();
    expect(text).not.toContain(row.encrypted_secret);
    expect(text).not.toContain(me.secret);
  });

  it('deleting it removes its two-step rows', async () => {
    const me = await withTwoStep();
    await passwordStep(me.email);
    const del = await call(me, 'POST', '/api/account/delete', { password: PASSWORD });
    expect(del.statusCode, del.body).toBe(200);
    for (const table of [
      'two_step_secrets',
      'two_step_recovery_codes',
      'two_step_logins',
    ] as const) {
      const rows = await t.db
        .selectFrom(table)
        .select('user_id')
        .where('user_id', '=', me.userId)
        .execute();
      expect(rows, table).toEqual([]);
    }
  });

  it('a password reset ends sign-ins waiting for their code', async () => {
    const me = await withTwoStep();
    const token = await passwordStep(me.email);
    await post(t, '/auth/user/forgot', { email: me.email });
    const mail = (await t.outbox()).reverse().find((m) => m.to === me.email)!;
    const resetToken = /reset-password\/([\w-]+)/.exec(mail.text)![1]!;
    const reset = await post(t, '/auth/user/reset', {
      token: resetToken,
      password: 'new-secret-1',
      password2: 'new-secret-1',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const res = await secondStep({ token, code: codeAt(me.secret) });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ token: TWO_STEP_MESSAGES.signInExpired });
  });
});
