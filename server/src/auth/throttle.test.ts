import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES } from '@vitae/core';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { LOCKED_KNOWN_DEVICE_DELAY_MS, LOGIN_LIMITS, MAIL_LIMITS } from './auth-limits.ts';
import { DEVICE_COOKIE } from './device-cookie.ts';
import {
  freshIp,
  mailedTokens,
  post,
  sessionCookie,
  uniqueEmail,
  verifiedUser,
} from '../test/auth-test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Creds = { email: string; password: string };
const login = (creds: Creds, ip: string, cookie?: string) =>
  post(t, '/auth/user/login-web', creds, { ip, ...(cookie ? { cookie } : {}) });
const wrong = (creds: Creds) => ({ ...creds, password: 'not-the-password' });

/** `vitae_device=…` from a sign-in answer, ready to send back. */
const deviceCookieOf = (res: LightMyRequestResponse) => {
  const c = res.cookies.find((x) => x.name === DEVICE_COOKIE);
  if (!c) throw new Error('no device cookie set');
  return `${c.name}=${c.value}`;
};

/** Wrong passwords for `creds` from several addresses, each staying under its own limit. */
async function distributedFlood(creds: Creds, failures: number) {
  const perAddress = LOGIN_LIMITS.accountAddress.limit;
  const statuses: number[] = [];
  for (let sent = 0; sent < failures; sent += perAddress) {
    const ip = freshIp();
    for (let i = 0; i < perAddress; i++) statuses.push((await login(wrong(creds), ip)).statusCode);
  }
  return statuses;
}

const expect429 = (res: LightMyRequestResponse, windowMs: number) => {
  expect(res.statusCode).toBe(429);
  // A new browser is offered an emailed code (sign-in-code.test.ts); a known one never needs it.
  expect(res.json().error).toBe(AUTH_MESSAGES.tooManyAttempts);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(windowMs / 1000);
  expect(sessionCookie(res)).toBeUndefined();
};

describe('sign-in throttle', () => {
  it('blocks the guessing address, not the owner on another address', async () => {
    const creds = await verifiedUser(t);
    const attacker = freshIp();
    for (let i = 0; i < LOGIN_LIMITS.accountAddress.limit; i++) {
      expect((await login(wrong(creds), attacker)).statusCode).toBe(401);
    }
    // The right password from the guessing address: still blocked, in any letter case.
    expect429(
      await login({ ...creds, email: creds.email.toUpperCase() }, attacker),
      LOGIN_LIMITS.accountAddress.windowMs,
    );
    // The owner, elsewhere, signs in.
    const owner = await login(creds, freshIp());
    expect(owner.statusCode).toBe(200);
    expect(sessionCookie(owner)).toBeDefined();
  });

  it('lets a browser that signed in before through a distributed flood', async () => {
    const creds = await verifiedUser(t);
    const trusted = deviceCookieOf(await login(creds, freshIp()));
    const statuses = await distributedFlood(creds, LOGIN_LIMITS.account.limit + 10);
    // Once the account's budget is spent, every untrusted browser is refused.
    expect(statuses.slice(0, LOGIN_LIMITS.account.limit).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(LOGIN_LIMITS.account.limit).every((s) => s === 429)).toBe(true);
    expect429(await login(creds, freshIp()), LOGIN_LIMITS.account.windowMs);
    // The owner's browser, on a new address, is not.
    const res = await login(creds, freshIp(), trusted);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(creds.email);
  });

  it('lets the owner in on a new browser after a flood, once they reset from it', async () => {
    const creds = await verifiedUser(t);
    await distributedFlood(creds, LOGIN_LIMITS.account.limit);
    const browser = freshIp();
    expect429(await login(creds, browser), LOGIN_LIMITS.account.windowMs);
    // Proving the inbox from this browser makes it the owner's: it gets its own counter.
    await post(t, '/auth/user/forgot', { email: creds.email }, { ip: browser });
    const [token] = (await mailedTokens(t, creds.email, 'reset-password')).slice(-1);
    const password = 'brand-new-pass';
    const reset = await post(t, '/auth/user/reset', { token, password, password2: password });
    expect(reset.statusCode).toBe(200);
    const res = await login({ ...creds, password }, browser, deviceCookieOf(reset));
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(creds.email);
    // The reset started the account's counters afresh: any browser signs in.
    expect((await login({ ...creds, password }, freshIp())).statusCode).toBe(200);
  });

  it('lets a known browser in, slowed, past a stranger on its own address', async () => {
    const creds = await verifiedUser(t);
    const office = freshIp();
    const trusted = deviceCookieOf(await login(creds, freshIp()));
    const limit = Math.max(LOGIN_LIMITS.accountAddress.limit, LOGIN_LIMITS.account.limit);
    for (let i = 0; i < limit; i++) await login(wrong(creds), office);
    expect429(await login(creds, office), LOGIN_LIMITS.accountAddress.windowMs);
    const started = Date.now();
    const res = await login(creds, office, trusted);
    expect(res.statusCode).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(LOCKED_KNOWN_DEVICE_DELAY_MS - 50);
    // Its success hands the stranger no fresh guesses on the address.
    expect429(await login(wrong(creds), office), LOGIN_LIMITS.accountAddress.windowMs);
  });

  it('clears every counter of the account with a password reset', async () => {
    const creds = await verifiedUser(t);
    const office = freshIp();
    for (let i = 0; i < LOGIN_LIMITS.accountAddress.limit; i++) {
      expect((await login(wrong(creds), office)).statusCode).toBe(401);
    }
    expect429(await login(creds, office), LOGIN_LIMITS.accountAddress.windowMs);
    // Reset from another device (a phone on mobile data), then sign in from the office.
    await post(t, '/auth/user/forgot', { email: creds.email });
    const [token] = (await mailedTokens(t, creds.email, 'reset-password')).slice(-1);
    const password = 'brand-new-pass';
    const reset = await post(t, '/auth/user/reset', { token, password, password2: password });
    expect(reset.statusCode).toBe(200);
    expect((await login({ ...creds, password }, office)).statusCode).toBe(200);
  });

  it('trusts a device cookie only for its own account, and never a forged one', async () => {
    const creds = await verifiedUser(t);
    const other = await verifiedUser(t);
    const res = await login(other, freshIp());
    const otherDevice = deviceCookieOf(res);
    expect(res.cookies.find((c) => c.name === DEVICE_COOKIE)).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/auth/user',
    });
    await distributedFlood(creds, LOGIN_LIMITS.account.limit);
    const [name, value] = otherDevice.split('=') as [string, string];
    const forged = `${name}=${value.slice(0, -4)}AAAA`;
    for (const cookie of [otherDevice, forged, `${DEVICE_COOKIE}=junk`]) {
      expect((await login(creds, freshIp(), cookie)).statusCode).toBe(429);
    }
    // The other account's browser keeps its trust for its own account.
    expect((await login(other, freshIp(), otherDevice)).statusCode).toBe(200);
  });

  it('stops trusting a device cookie after 180 days', async () => {
    const creds = await verifiedUser(t);
    const old = deviceCookieOf(await login(creds, freshIp()));
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 181 * 24 * 60 * 60 * 1000);
      await distributedFlood(creds, LOGIN_LIMITS.account.limit);
      expect((await login(creds, freshIp(), old)).statusCode).toBe(429);
    } finally {
      vi.useRealTimers();
    }
  });

  it('counts a trusted browser’s own failures, wherever it sends them from', async () => {
    const creds = await verifiedUser(t);
    const stolen = deviceCookieOf(await login(creds, freshIp()));
    for (let i = 0; i < LOGIN_LIMITS.device.limit; i++) {
      expect((await login(wrong(creds), freshIp(), stolen)).statusCode).toBe(401);
    }
    expect429(await login(creds, freshIp(), stolen), LOGIN_LIMITS.device.windowMs);
    // The account itself was not locked by them.
    expect((await login(creds, freshIp())).statusCode).toBe(200);
  });

  it('counts failures only: successful sign-ins never spend a limit', async () => {
    const creds = await verifiedUser(t);
    const ip = freshIp();
    const n = LOGIN_LIMITS.address.limit + 1;
    for (let i = 0; i < n; i++) expect((await login(creds, ip)).statusCode).toBe(200);
    // A success clears the address's failures on the account.
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < LOGIN_LIMITS.accountAddress.limit - 1; i++) {
        expect((await login(wrong(creds), ip)).statusCode).toBe(401);
      }
      expect((await login(creds, ip)).statusCode).toBe(200);
    }
  });

  it('holds under parallel guesses from one address', async () => {
    const creds = await verifiedUser(t);
    const ip = freshIp();
    const statuses = await Promise.all(
      Array.from({ length: 25 }, async () => (await login(wrong(creds), ip)).statusCode),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_LIMITS.accountAddress.limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25 - LOGIN_LIMITS.accountAddress.limit);
  });

  it('stops one address spraying many accounts', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i <= LOGIN_LIMITS.address.limit; i++) {
      statuses.push(
        (await login({ email: uniqueEmail('spray'), password: 'guess' }, ip)).statusCode,
      );
    }
    expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('reset-request throttle', () => {
  const forgot = (email: string, ip: string) => post(t, '/auth/user/forgot', { email }, { ip });

  it('a stranger’s requests never stop the owner resetting', async () => {
    const victim = await verifiedUser(t);
    const attacker = freshIp();
    for (let i = 0; i < MAIL_LIMITS.accountAddress.limit; i++) {
      expect((await forgot(victim.email, attacker)).statusCode).toBe(200);
    }
    expect429(await forgot(victim.email, attacker), MAIL_LIMITS.accountAddress.windowMs);

    const before = await mailedTokens(t, victim.email, 'reset-password');
    const res = await forgot(victim.email, freshIp());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: AUTH_MESSAGES.forgotSent });
    const tokens = await mailedTokens(t, victim.email, 'reset-password');
    const mine = tokens.filter((tk) => !before.includes(tk));
    expect(mine).toHaveLength(1);
    const reset = await post(t, '/auth/user/reset', {
      token: mine[0],
      password: 'brand-new-pass',
      password2: 'brand-new-pass',
    });
    expect(reset.statusCode).toBe(200);
    expect((await login({ ...victim, password: 'brand-new-pass' }, freshIp())).statusCode).toBe(
      200,
    );
  });

  it('caps the mails an inbox gets, answering as usual, and a mailed link stays live', async () => {
    const { email } = await verifiedUser(t);
    const cap = MAIL_LIMITS.mailsPerAccount.limit;
    const ghost = uniqueEmail('ghost');
    for (let i = 0; i < cap + 3; i++) {
      const res = await forgot(email, freshIp());
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe((await forgot(ghost, freshIp())).body);
    }
    const tokens = await mailedTokens(t, email, 'reset-password');
    expect(tokens).toHaveLength(cap);
    // Requests past the cap made no new link, so the one in the newest mail still works.
    const live = await Promise.all(
      tokens.map(async (tk) => (await t.app.inject(`/auth/user/reset/${tk}`)).statusCode),
    );
    expect(live.filter((s) => s === 200)).toHaveLength(1);
  });

  it('stops one address spraying many emails', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i <= MAIL_LIMITS.address.limit; i++) {
      statuses.push((await forgot(uniqueEmail('spray'), ip)).statusCode);
    }
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
