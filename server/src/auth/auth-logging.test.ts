import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import {
  get,
  logCapture,
  onlyMailedToken,
  post,
  register,
  sessionCookie,
  signIn,
} from '../test/auth-test-helpers.ts';

const logs = logCapture();
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ logStream: logs });
});
afterAll(() => t.close());

describe('logs', () => {
  it('never contain a password, a token or a session id', async () => {
    const secrets: string[] = [];
    const password = 'Pw-0riginal-Secret';
    const newPassword = 'Pw-Brand-New-Secret';
    secrets.push(password, newPassword);

    const creds = await register(t, { password, password2: password, fullName: 'Log Watcher' });
    await post(t, '/auth/user/register', {
      ...creds,
      fullName: 'X',
      password2: 'Pw-Mismatch-Secret',
    });
    secrets.push('Pw-Mismatch-Secret');
    const verifyToken = await onlyMailedToken(t, creds.email, 'email-verified');
    secrets.push(verifyToken);
    // The page the emailed link opens is logged too.
    await t.app.inject({ url: `/email-verified/${verifyToken}`, headers: { accept: 'text/html' } });
    await post(t, '/auth/user/verify-email', { id: verifyToken });
    await post(t, '/auth/user/verify-email', { id: verifyToken });

    await post(t, '/auth/user/login-web', { ...creds, password: 'Pw-Wrong-Secret' });
    secrets.push('Pw-Wrong-Secret');
    const { cookie, res } = await signIn(t, creds);
    secrets.push(sessionCookie(res)!.value);
    await get(t, '/auth/user/fetch-user', cookie);
    await post(t, '/auth/user/enable-hr-dashboard', {}, { cookie });
    await post(t, '/error', { error: 'client side failure' }, { cookie });

    await post(t, '/auth/user/forgot', { email: creds.email });
    const resetToken = await onlyMailedToken(t, creds.email, 'reset-password');
    secrets.push(resetToken);
    await t.app.inject({ url: `/reset-password/${resetToken}`, headers: { accept: 'text/html' } });
    await get(t, `/auth/user/reset/${resetToken}`);
    await post(t, '/auth/user/reset', { token: resetToken, password: 'short', password2: 'short' });
    await post(t, '/auth/user/reset', {
      token: resetToken,
      password: newPassword,
      password2: newPassword,
    });
    await get(t, `/auth/user/reset/${resetToken}`);
    const again = await signIn(t, { email: creds.email, password: newPassword });
    secrets.push(sessionCookie(again.res)!.value);
    await post(t, '/auth/user/logout', undefined, { cookie: again.cookie });

    const text = logs.text();
    // The capture works: requests, their redacted URLs and the auth events are there.
    expect(text).toContain('"msg":"user signed in"');
    expect(text).toContain('"msg":"password reset"');
    expect(text).toContain('/auth/user/reset/[redacted]');
    expect(text).toContain('/reset-password/[redacted]');
    expect(text).toContain('/email-verified/[redacted]');
    // One line per answered request, carrying its method, redacted URL and status.
    const answered = logs.lines.filter((l) => l.includes('"msg":"request completed"'));
    expect(answered.length).toBe(18);
    expect(answered[0]).toMatch(
      /"req":\{"method":"POST","url":"\/auth\/user\/register".*"res":\{"statusCode":201\}/,
    );
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/vitae_sid=/);
    expect(text).not.toContain('$argon2id$');
  });
});
