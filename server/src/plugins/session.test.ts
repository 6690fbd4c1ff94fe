import * as crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_TTL_DAYS } from '@vitae/core';
import { buildTestApp, loginAs, type TestApp } from '../test/build-test-app.ts';
import { SESSION_COOKIE, sessionKeys } from './session.ts';

vi.mock('node:crypto', async (actual) => {
  const real = await actual<typeof crypto>();
  return { ...real, createHmac: vi.fn(real.createHmac) };
});

const DAY = 24 * 60 * 60 * 1000;
const hmacs = () => vi.mocked(crypto.createHmac).mock.calls.length;

afterEach(() => {
  vi.useRealTimers();
  vi.mocked(crypto.createHmac).mockClear();
});

describe('session keys', () => {
  const secret = 'a-secret-a-secret-a-secret-a-secret';
  const token = 'x'.repeat(43);

  it('are the HMAC-SHA256 of the cookie value, as stored before', () => {
    const expected = crypto.createHmac('sha256', secret).update(token).digest('hex');
    expect(sessionKeys(secret)(token)).toBe(expected);
  });

  it('remember a cookie value for 10 s at most, in use or not', () => {
    vi.useFakeTimers();
    const keyOf = sessionKeys(secret);
    const first = keyOf(token);
    vi.mocked(crypto.createHmac).mockClear();
    for (let s = 0; s < 4; s++) {
      vi.advanceTimersByTime(1000);
      expect(keyOf(token)).toBe(first);
    }
    expect(hmacs()).toBe(0);
    vi.advanceTimersByTime(6000);
    expect(keyOf(token)).toBe(first);
    expect(hmacs()).toBe(1);
  });

  it('never remember an over-long value', () => {
    const keyOf = sessionKeys(secret);
    const long = 'y'.repeat(101);
    keyOf(long);
    keyOf(long);
    expect(hmacs()).toBe(2);
  });
});

describe('a session whose lookup is kept', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const me = (cookie: string) =>
    t.app.inject({ url: '/auth/user/fetch-user', headers: { cookie } });
  const signedIn = async (cookie: string) =>
    (await me(cookie)).json<{ user: unknown }>().user !== null;

  // Only the clock moves: no row is written, so the kept lookup would still be served.
  it('still expires when its time is up', async () => {
    const { cookie, userId } = await loginAs(t);
    expect(await signedIn(cookie)).toBe(true);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (SESSION_TTL_DAYS + 1) * DAY);
    expect(await signedIn(cookie)).toBe(false);
    const rows = await t.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
    expect(rows).toEqual([]);
  });

  it('still slides, in the database and in the browser, once a day has passed', async () => {
    const { cookie, userId } = await loginAs(t);
    expect(await signedIn(cookie)).toBe(true);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 2 * DAY);
    const res = await me(cookie);
    expect(res.json<{ user: unknown }>().user).not.toBeNull();
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE)?.maxAge).toBe(
      SESSION_TTL_DAYS * 24 * 60 * 60,
    );
    const row = await t.db
      .selectFrom('sessions')
      .select('expires_at')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_at)).toBeGreaterThan(Date.now() + (SESSION_TTL_DAYS - 1) * DAY);
  });
});
