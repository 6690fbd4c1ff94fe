import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@vitae/core';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { logCapture, post, registration } from '../test/auth-test-helpers.ts';
import type { Mailer } from '../plugins/mailer.ts';

/** A relay that refuses every mail, as one does while it is down. */
const refusing: Mailer = {
  send: () => Promise.reject(new Error('421 service not available')),
  describe: () => 'refusing relay',
};

const logs = logCapture();
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ mailer: refusing, logStream: logs });
});
afterAll(() => t.close());

describe('account mail the relay refuses', () => {
  it('still creates the account; the login screen’s resend is the way on', async () => {
    const body = registration();
    const res = await post(t, '/auth/user/register', body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true, message: AUTH_MESSAGES.registered });
    const signIn = await post(t, '/auth/user/login-web', body);
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().error).toBe(AUTH_MESSAGES.notVerified);
    const resend = await post(t, '/auth/user/resend-verification-email', { email: body.email });
    expect(resend.statusCode).toBe(200);
    expect(resend.json()).toEqual({ success: true, message: AUTH_MESSAGES.verificationSent });
  });

  it('answers forgot password as for any email, and logs the failure without the link', async () => {
    const body = registration();
    await post(t, '/auth/user/register', body);
    const known = await post(t, '/auth/user/forgot', { email: body.email });
    const unknown = await post(t, '/auth/user/forgot', { email: 'nobody@example.com' });
    for (const res of [known, unknown]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: AUTH_MESSAGES.forgotSent });
    }
    const failed = logs.lines.filter((l) => l.includes('account mail failed'));
    expect(failed.some((l) => JSON.parse(l).purpose === 'reset')).toBe(true);
    expect(logs.text()).not.toMatch(/reset-password\/|email-verified\//);
  });
});
