import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@vitae/core';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import {
  PUBLIC_URL,
  freshIp,
  get,
  mailedTokens,
  onlyMailedToken,
  post,
  register,
  registration,
  sessionCookie,
  signIn,
  uniqueEmail,
  verifiedUser,
} from '../test/auth-test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const userByEmail = (email: string) =>
  t.db
    .selectFrom('users')
    .selectAll()
    .where('email_lower', '=', email.toLowerCase())
    .executeTakeFirstOrThrow();

const expireTokensOf = async (email: string) => {
  const user = await userByEmail(email);
  await t.db
    .updateTable('one_time_tokens')
    .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
    .where('user_id', '=', user.id)
    .execute();
};

describe('POST /auth/user/register', () => {
  it('creates an unverified account, mails a verification link and does not sign in', async () => {
    const body = registration({ fullName: 'Grace Hopper' });
    const res = await post(t, '/auth/user/register', body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true, message: AUTH_MESSAGES.registered });
    expect(sessionCookie(res)).toBeUndefined();

    const user = await userByEmail(body.email);
    expect(user).toMatchObject({ full_name: 'Grace Hopper', is_verified: 0, is_hr: 0 });
    expect(user.password_hash).toMatch(/^\$argon2id\$/);

    const [mail, ...more] = (await t.outbox()).filter((m) => m.to === body.email);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('Verify your email for Vitae');
    const token = await onlyMailedToken(t, body.email, 'email-verified');
    const link = `${PUBLIC_URL}/email-verified/${token}`;
    expect(mail!.text).toContain(link);
    expect(mail!.html).toContain(`href="${link}"`);
    expect(mail!.html).toMatch(/^<!doctype html>/);
  });

  it.each([
    ['fullName', { fullName: undefined }, AUTH_MESSAGES.fullNameRequired],
    ['fullName', { fullName: '   ' }, AUTH_MESSAGES.fullNameRequired],
    ['email', { email: undefined }, AUTH_MESSAGES.emailRequired],
    ['email', { email: '' }, AUTH_MESSAGES.emailRequired],
    ['email', { email: 'not-an-email' }, AUTH_MESSAGES.emailInvalid],
    ['password', { password: '12345', password2: '12345' }, AUTH_MESSAGES.passwordTooShort],
    ['password2', { password2: undefined }, AUTH_MESSAGES.confirmRequired],
    ['password2', { password2: '' }, AUTH_MESSAGES.confirmRequired],
    ['password2', { password2: 'secret124' }, AUTH_MESSAGES.passwordsMismatch],
  ])('refuses a bad %s: %j', async (field, over, message) => {
    const body = registration(over);
    const res = await post(t, '/auth/user/register', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message, fieldErrors: { [field]: message } });
    expect(await mailedTokens(t, String(body.email), 'email-verified')).toEqual([]);
  });

  it('uses exactly the product’s message for a short password', () => {
    expect(AUTH_MESSAGES.passwordTooShort).toBe('Password must be at least 6 characters long');
  });

  it('answers 409 for an email that exists in any letter case', async () => {
    const { email } = await register(t);
    const res = await post(t, '/auth/user/register', registration({ email: email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: AUTH_MESSAGES.emailTaken,
      fieldErrors: { email: AUTH_MESSAGES.emailTaken },
    });
    const users = await t.db
      .selectFrom('users')
      .select('id')
      .where('email_lower', '=', email.toLowerCase())
      .execute();
    expect(users).toHaveLength(1);
    expect(await mailedTokens(t, email.toUpperCase(), 'email-verified')).toEqual([]);
  });

  it('sets the HR flag for HRIntent and keeps cvToSave for the HR side', async () => {
    const { email } = await register(t, { HRIntent: true, cvToSave: 'abcdef0123456789abcdef01' });
    expect(await userByEmail(email)).toMatchObject({
      is_hr: 1,
      pending_cv_to_save: 'abcdef0123456789abcdef01',
    });
    const plain = await register(t, { HRIntent: false });
    expect(await userByEmail(plain.email)).toMatchObject({ is_hr: 0, pending_cv_to_save: null });
  });

  it('is rate limited per IP with a clear 429', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      const res = await post(t, '/auth/user/register', registration(), { ip });
      expect(res.statusCode).toBe(201);
    }
    const res = await post(t, '/auth/user/register', registration(), { ip });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ error: AUTH_MESSAGES.tooManyAttempts });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await post(t, '/auth/user/register', registration())).statusCode).toBe(201);
  });
});

describe('POST /auth/user/verify-email', () => {
  it('tells an HR sign-up it was an HR account, so the page can welcome them as a recruiter', async () => {
    const creds = await register(t, { HRIntent: true });
    const token = await onlyMailedToken(t, creds.email, 'email-verified');
    const res = await post(t, '/auth/user/verify-email', { id: token });
    expect(res.json()).toEqual({ success: true, message: AUTH_MESSAGES.verified, isHR: true });
  });

  it('accepts the emailed token once, and then the user can sign in', async () => {
    const creds = await register(t);
    const token = await onlyMailedToken(t, creds.email, 'email-verified');
    const first = await post(t, '/auth/user/verify-email', { id: token });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, message: AUTH_MESSAGES.verified, isHR: false });
    expect((await userByEmail(creds.email)).is_verified).toBe(1);

    // Opened again: the address is verified, and the answer says so (not "failed").
    const again = await post(t, '/auth/user/verify-email/', { id: token });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      success: true,
      message: AUTH_MESSAGES.alreadyVerified,
      isHR: false,
      alreadyVerified: true,
    });

    const { res } = await signIn(t, creds);
    expect(res.json().user).toMatchObject({ email: creds.email, isVerified: true });
  });

  it('refuses a forged token', async () => {
    const res = await post(t, '/auth/user/verify-email', { id: 'forged-token-forged-token' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: AUTH_MESSAGES.verificationInvalid });
  });

  it('refuses an expired token and leaves the account unverified', async () => {
    const { email } = await register(t);
    const token = await onlyMailedToken(t, email, 'email-verified');
    await expireTokensOf(email);
    const res = await post(t, '/auth/user/verify-email', { id: token });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(AUTH_MESSAGES.verificationInvalid);
    expect((await userByEmail(email)).is_verified).toBe(0);
  });

  it('refuses a reset token used as a verification token', async () => {
    const { email } = await register(t);
    await post(t, '/auth/user/forgot', { email });
    const resetToken = await onlyMailedToken(t, email, 'reset-password');
    const res = await post(t, '/auth/user/verify-email', { id: resetToken });
    expect(res.statusCode).toBe(400);
  });

  it('says "Invalid verification link" when the id is missing', async () => {
    for (const body of [{}, { id: '' }]) {
      const res = await post(t, '/auth/user/verify-email', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual({ id: AUTH_MESSAGES.verificationLinkInvalid });
    }
  });
});

describe('POST /auth/user/login-web', () => {
  it('signs in with an HttpOnly, SameSite=Lax session cookie and returns the user', async () => {
    const creds = await verifiedUser(t, { fullName: 'Ada Lovelace' });
    const res = await post(t, '/auth/user/login-web', creds);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      user: { fullName: 'Ada Lovelace', email: creds.email, isHR: false, isVerified: true },
    });
    expect(res.json().user).not.toHaveProperty('password_hash');
    const c = sessionCookie(res)!;
    expect(c).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(c.secure).toBeFalsy();
    expect(c.maxAge).toBe(30 * 24 * 60 * 60);
    const me = await get(t, '/auth/user/fetch-user', `${c.name}=${c.value}`);
    expect(me.json().user).toMatchObject({ email: creds.email, fullName: 'Ada Lovelace' });
  });

  it('matches the email in any letter case', async () => {
    const creds = await verifiedUser(t);
    const res = await post(t, '/auth/user/login-web', {
      ...creds,
      email: creds.email.toUpperCase(),
    });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['email', { email: undefined }, AUTH_MESSAGES.emailRequired],
    ['email', { email: '' }, AUTH_MESSAGES.emailRequired],
    ['email', { email: 'nope' }, AUTH_MESSAGES.emailInvalid],
    ['password', { password: undefined }, AUTH_MESSAGES.passwordRequired],
    ['password', { password: '' }, AUTH_MESSAGES.passwordRequired],
  ])('refuses a missing or bad %s: %j', async (field, over, message) => {
    const res = await post(t, '/auth/user/login-web', {
      email: 'someone@example.com',
      password: 'secret123',
      ...over,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message, fieldErrors: { [field]: message } });
  });

  it('answers a wrong password exactly like an unknown email (401)', async () => {
    const creds = await verifiedUser(t);
    const wrong = await post(t, '/auth/user/login-web', { ...creds, password: 'wrong-password' });
    const unknown = await post(t, '/auth/user/login-web', {
      email: uniqueEmail('ghost'),
      password: 'wrong-password',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      error: AUTH_MESSAGES.invalidCredentials,
      fieldErrors: { general: AUTH_MESSAGES.invalidCredentials },
    });
    expect(unknown.json()).toEqual(wrong.json());
    expect(sessionCookie(wrong)).toBeUndefined();
  });

  it('refuses an unverified account with 403 and fieldErrors.notVerified', async () => {
    const creds = await register(t);
    const res = await post(t, '/auth/user/login-web', creds);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: AUTH_MESSAGES.notVerified,
      fieldErrors: { notVerified: AUTH_MESSAGES.notVerified },
    });
    expect(sessionCookie(res)).toBeUndefined();
    // Without the right password it does not reveal that the account exists.
    const wrong = await post(t, '/auth/user/login-web', { ...creds, password: 'nope-nope' });
    expect(wrong.statusCode).toBe(401);
  });

  it('sets the HR flag for HRIntent and keeps cvToSave', async () => {
    const creds = await verifiedUser(t);
    const res = await post(t, '/auth/user/login-web', {
      ...creds,
      HRIntent: true,
      cvToSave: { cvId: 'cv0123456789abcdef012345', fullName: 'Jane Doe' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.isHR).toBe(true);
    expect(await userByEmail(creds.email)).toMatchObject({
      is_hr: 1,
      pending_cv_to_save: 'cv0123456789abcdef012345',
    });
  });

  it('is rate limited per email and address: 429 with a clear message and retry-after', async () => {
    const creds = await verifiedUser(t);
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      const res = await post(
        t,
        '/auth/user/login-web',
        { ...creds, password: `wrong-${i}` },
        { ip },
      );
      expect(res.statusCode).toBe(401);
    }
    // From that address, with the right password, in another letter case: still blocked.
    const res = await post(
      t,
      '/auth/user/login-web',
      { ...creds, email: creds.email.toUpperCase() },
      { ip },
    );
    expect(res.statusCode).toBe(429);
    // This browser never signed in: it may go on with a code mailed to the account.
    expect(res.json()).toEqual({
      error: AUTH_MESSAGES.tooManyAttempts,
      fieldErrors: { codeRequired: AUTH_MESSAGES.signInCodeSent },
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(sessionCookie(res)).toBeUndefined();
    // Another account from that address is not affected, nor this one from elsewhere.
    const other = await verifiedUser(t);
    expect((await post(t, '/auth/user/login-web', other, { ip })).statusCode).toBe(200);
    expect((await post(t, '/auth/user/login-web', creds)).statusCode).toBe(200);
  });

  it('does not count a successful sign-in against the per-email limit', async () => {
    const creds = await verifiedUser(t);
    for (let i = 0; i < 9; i++) await post(t, '/auth/user/login-web', { ...creds, password: 'x' });
    await signIn(t, creds);
    for (let i = 0; i < 9; i++) {
      const res = await post(t, '/auth/user/login-web', { ...creds, password: 'x' });
      expect(res.statusCode).toBe(401);
    }
  });

  it('is rate limited per IP across emails', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await post(
        t,
        '/auth/user/login-web',
        { email: uniqueEmail('spray'), password: 'guess-guess' },
        { ip },
      );
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('POST /auth/user/logout', () => {
  it('deletes the session and clears the cookie', async () => {
    const creds = await verifiedUser(t);
    const { cookie } = await signIn(t, creds);
    const out = await post(t, '/auth/user/logout', undefined, { cookie });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true });
    const cleared = sessionCookie(out)!;
    expect(cleared.value).toBe('');
    expect((await get(t, '/auth/user/fetch-user', cookie)).json()).toEqual({ user: null });
    const user = await userByEmail(creds.email);
    const rows = await t.db
      .selectFrom('sessions')
      .where('user_id', '=', user.id)
      .selectAll()
      .execute();
    expect(rows).toHaveLength(0);
  });
});

describe('POST /auth/user/forgot', () => {
  it.each([
    [{}, AUTH_MESSAGES.emailRequired],
    [{ email: '' }, AUTH_MESSAGES.emailRequired],
    [{ email: 'bad@' }, AUTH_MESSAGES.emailInvalid],
  ])('refuses %j with the spec message', async (body, message) => {
    const res = await post(t, '/auth/user/forgot', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message, fieldErrors: { email: message } });
  });

  it('mails a reset link to a known email, answering exactly as for an unknown one', async () => {
    const { email } = await verifiedUser(t);
    const known = await post(t, '/auth/user/forgot', { email: email.toUpperCase() });
    const ghost = uniqueEmail('ghost');
    const unknown = await post(t, '/auth/user/forgot', { email: ghost });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ success: true, message: AUTH_MESSAGES.forgotSent });
    expect(unknown.body).toBe(known.body);

    expect((await t.outbox()).filter((m) => m.to === ghost)).toEqual([]);
    const token = await onlyMailedToken(t, email, 'reset-password');
    const mail = (await t.outbox()).find((m) => m.to === email && m.text.includes(token))!;
    expect(mail.subject).toBe('Reset your Vitae password');
    expect(mail.html).toContain(`href="${PUBLIC_URL}/reset-password/${token}"`);
  });

  it('is rate limited per email and address', async () => {
    const { email } = await verifiedUser(t);
    const ip = freshIp();
    for (let i = 0; i < 3; i++) {
      expect((await post(t, '/auth/user/forgot', { email }, { ip })).statusCode).toBe(200);
    }
    const res = await post(t, '/auth/user/forgot', { email }, { ip });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ error: AUTH_MESSAGES.tooManyAttempts });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(await mailedTokens(t, email, 'reset-password')).toHaveLength(3);
  });
});

describe('reset password', () => {
  async function resetTokenFor(email: string) {
    expect((await post(t, '/auth/user/forgot', { email })).statusCode).toBe(200);
    return onlyMailedToken(t, email, 'reset-password');
  }
  const resetBody = (token: string, over: Record<string, unknown> = {}) => ({
    token,
    password: 'brand-new-pass',
    password2: 'brand-new-pass',
    ...over,
  });

  it('GET reset/:token says whether the link is valid', async () => {
    const { email } = await verifiedUser(t);
    const token = await resetTokenFor(email);
    const ok = await get(t, `/auth/user/reset/${token}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ valid: true });
    // Checking the link does not use it up.
    expect((await get(t, `/auth/user/reset/${token}`)).statusCode).toBe(200);

    const bad = await get(t, '/auth/user/reset/not-a-real-token');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: AUTH_MESSAGES.resetInvalid });
  });

  it.each([
    ['password', { password: undefined }, AUTH_MESSAGES.newPasswordRequired],
    ['password', { password: '' }, AUTH_MESSAGES.newPasswordRequired],
    ['password', { password: 'abc', password2: 'abc' }, AUTH_MESSAGES.passwordTooShort],
    ['password2', { password2: undefined }, AUTH_MESSAGES.confirmRequired],
    ['password2', { password2: '' }, AUTH_MESSAGES.confirmRequired],
    ['password2', { password2: 'different-pass' }, AUTH_MESSAGES.passwordsMismatch],
  ])('refuses a bad %s: %j', async (field, over, message) => {
    const res = await post(t, '/auth/user/reset', resetBody('some-token', over));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message, fieldErrors: { [field]: message } });
  });

  it('uses exactly the product’s wording', () => {
    expect([
      AUTH_MESSAGES.newPasswordRequired,
      AUTH_MESSAGES.passwordTooShort,
      AUTH_MESSAGES.confirmRequired,
      AUTH_MESSAGES.passwordsMismatch,
    ]).toEqual([
      'Please enter a new password',
      'Password must be at least 6 characters long',
      'Please confirm your password',
      'Passwords do not match',
    ]);
  });

  it('sets the new password once, revokes sessions, and the old password stops working', async () => {
    const creds = await verifiedUser(t);
    const { cookie } = await signIn(t, creds);
    const token = await resetTokenFor(creds.email);

    const res = await post(t, '/auth/user/reset', resetBody(token));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: AUTH_MESSAGES.resetDone });

    expect((await get(t, '/auth/user/fetch-user', cookie)).json()).toEqual({ user: null });
    const old = await post(t, '/auth/user/login-web', creds);
    expect(old.statusCode).toBe(401);
    await signIn(t, { email: creds.email, password: 'brand-new-pass' });

    const reused = await post(
      t,
      '/auth/user/reset',
      resetBody(token, { password: 'other-pass', password2: 'other-pass' }),
    );
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ error: AUTH_MESSAGES.resetInvalid });
    expect((await get(t, `/auth/user/reset/${token}`)).statusCode).toBe(400);
    await signIn(t, { email: creds.email, password: 'brand-new-pass' });
  });

  it('refuses an expired token (GET and POST) and keeps the password', async () => {
    const creds = await verifiedUser(t);
    const token = await resetTokenFor(creds.email);
    await expireTokensOf(creds.email);
    expect((await get(t, `/auth/user/reset/${token}`)).statusCode).toBe(400);
    const res = await post(t, '/auth/user/reset', resetBody(token));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(AUTH_MESSAGES.resetInvalid);
    await signIn(t, creds);
  });

  it('refuses a forged token and a verification token', async () => {
    const forged = await post(t, '/auth/user/reset', resetBody('forged-forged-forged-forged'));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error).toBe(AUTH_MESSAGES.resetInvalid);

    const { email } = await register(t);
    const verifyToken = await onlyMailedToken(t, email, 'email-verified');
    expect((await get(t, `/auth/user/reset/${verifyToken}`)).statusCode).toBe(400);
    expect((await post(t, '/auth/user/reset', resetBody(verifyToken))).statusCode).toBe(400);
  });

  it('a newer reset link replaces an older one', async () => {
    const { email } = await verifiedUser(t);
    await post(t, '/auth/user/forgot', { email });
    await post(t, '/auth/user/forgot', { email });
    const tokens = await mailedTokens(t, email, 'reset-password');
    expect(tokens).toHaveLength(2);
    const statuses = await Promise.all(
      tokens.map(async (tk) => (await get(t, `/auth/user/reset/${tk}`)).statusCode),
    );
    expect(statuses.sort()).toEqual([200, 400]);
  });
});

describe('POST /auth/user/resend-verification-email', () => {
  it('sends a new working link to an unverified account', async () => {
    const { email } = await register(t);
    const res = await post(t, '/auth/user/resend-verification-email', {
      email: email.toUpperCase(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: AUTH_MESSAGES.verificationSent });
    const tokens = await mailedTokens(t, email, 'email-verified');
    expect(tokens).toHaveLength(2);
    const results = await Promise.all(
      tokens.map(async (id) => (await post(t, '/auth/user/verify-email', { id })).statusCode),
    );
    // Only the newest link is live; the older one was replaced.
    expect(results.sort()).toEqual([200, 400]);
    expect((await userByEmail(email)).is_verified).toBe(1);
  });

  it('sends nothing to a verified or unknown account, with the same answer', async () => {
    const { email } = await verifiedUser(t);
    const verified = await post(t, '/auth/user/resend-verification-email', { email });
    const ghost = uniqueEmail('ghost');
    const unknown = await post(t, '/auth/user/resend-verification-email', { email: ghost });
    expect(verified.statusCode).toBe(200);
    expect(unknown.body).toBe(verified.body);
    expect(await mailedTokens(t, email, 'email-verified')).toHaveLength(1);
    expect((await t.outbox()).filter((m) => m.to === ghost)).toEqual([]);
  });

  it('validates the email and is rate limited per email and address', async () => {
    const bad = await post(t, '/auth/user/resend-verification-email', { email: 'x' });
    expect(bad.json()).toEqual({
      error: AUTH_MESSAGES.emailInvalid,
      fieldErrors: { email: AUTH_MESSAGES.emailInvalid },
    });
    const { email } = await register(t);
    const ip = freshIp();
    const resend = () => post(t, '/auth/user/resend-verification-email', { email }, { ip });
    for (let i = 0; i < 3; i++) expect((await resend()).statusCode).toBe(200);
    const res = await resend();
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    // Another address still gets a link mailed: a stranger cannot hold back the owner's.
    expect((await post(t, '/auth/user/resend-verification-email', { email })).statusCode).toBe(200);
    expect(await mailedTokens(t, email, 'email-verified')).toHaveLength(5);
  });
});

describe('POST /auth/user/enable-hr-dashboard', () => {
  it('needs a session', async () => {
    const res = await post(t, '/auth/user/enable-hr-dashboard', {});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: AUTH_MESSAGES.notLoggedIn });
  });

  it('sets isHR, keeps cvToSave, and answers with the user', async () => {
    const creds = await verifiedUser(t);
    const { cookie } = await signIn(t, creds);
    const res = await post(
      t,
      '/auth/user/enable-hr-dashboard',
      { cvToSave: 'fedcba9876543210fedcba98' },
      { cookie },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, user: { email: creds.email, isHR: true } });
    expect(await userByEmail(creds.email)).toMatchObject({
      is_hr: 1,
      pending_cv_to_save: 'fedcba9876543210fedcba98',
    });
    expect((await get(t, '/auth/user/fetch-user', cookie)).json().user.isHR).toBe(true);
  });

  it('works without a body and keeps an earlier cvToSave', async () => {
    const creds = await verifiedUser(t, { cvToSave: 'aaaaaaaaaaaaaaaaaaaaaaaa' });
    const { cookie } = await signIn(t, creds);
    const res = await post(t, '/auth/user/enable-hr-dashboard', undefined, { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.isHR).toBe(true);
    expect((await userByEmail(creds.email)).pending_cv_to_save).toBe('aaaaaaaaaaaaaaaaaaaaaaaa');
  });
});

describe('GET /auth/user/fetch-user', () => {
  it('answers {user: null} with 200 for a visitor', async () => {
    const res = await get(t, '/auth/user/fetch-user');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: null });
  });
});
