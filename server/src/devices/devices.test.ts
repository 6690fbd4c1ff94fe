import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@vitae/core';
import { buildTestApp, loginAs, type TestApp } from '../test/build-test-app.ts';
import { MAX_DEVICES_PER_USER } from './devices.routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const sendDevice = (cookie: string | undefined, payload?: object, ua?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/devices',
    headers: { ...(cookie ? { cookie } : {}), ...(ua ? { 'user-agent': ua } : {}) },
    ...(payload ? { payload } : {}),
  });

const devicesOf = (userId: string) =>
  t.db
    .selectFrom('devices')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();

describe('POST /api/devices', () => {
  it('needs a session', async () => {
    const res = await sendDevice(undefined, { userAgent: 'x', platform: 'y' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: AUTH_MESSAGES.notLoggedIn });
  });

  it('stores the device per user and upserts repeated calls', async () => {
    const a = await loginAs(t);
    const b = await loginAs(t);
    const device = { userAgent: 'Mozilla/5.0 (X11; Linux x86_64)', platform: 'Linux x86_64' };
    expect((await sendDevice(a.cookie, device)).statusCode).toBe(201);
    const [first] = await devicesOf(a.userId);
    expect(first).toMatchObject({ user_agent: device.userAgent, platform: device.platform });

    await new Promise((r) => setTimeout(r, 5));
    const again = await sendDevice(a.cookie, device);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({ success: true });
    const rows = await devicesOf(a.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(first!.id);
    expect(rows[0]!.last_seen_at > first!.last_seen_at).toBe(true);

    await sendDevice(a.cookie, { ...device, platform: 'iPhone' });
    expect(await devicesOf(a.userId)).toHaveLength(2);
    expect(await devicesOf(b.userId)).toHaveLength(0);
  });

  it('keeps the devices seen last, up to a cap, however many names a client makes up', async () => {
    const u = await loginAs(t);
    const seenDaysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
    await t.db
      .insertInto('devices')
      .values(
        Array.from({ length: MAX_DEVICES_PER_USER + 5 }, (_, n) => ({
          id: `d${String(n).padStart(23, '0')}`,
          user_id: u.userId,
          user_agent: `Agent ${n}`,
          platform: 'Linux',
          created_at: seenDaysAgo(n + 1),
          last_seen_at: seenDaysAgo(n + 1),
        })),
      )
      .execute();
    expect(
      (await sendDevice(u.cookie, { userAgent: 'Today', platform: 'iPhone' })).statusCode,
    ).toBe(201);
    const agents = (await devicesOf(u.userId)).map((d) => d.user_agent);
    expect(agents).toHaveLength(MAX_DEVICES_PER_USER);
    expect(agents).toContain('Today');
    expect(agents).toContain('Agent 0');
    expect(agents).not.toContain(`Agent ${MAX_DEVICES_PER_USER - 1}`);

    // Parallel reports of new names cannot get past the cap either.
    const burst = Array.from({ length: MAX_DEVICES_PER_USER + 10 }, (_, n) =>
      sendDevice(u.cookie, { userAgent: `Burst ${n}`, platform: 'Android' }),
    );
    expect((await Promise.all(burst)).every((r) => r.statusCode === 201)).toBe(true);
    expect(await devicesOf(u.userId)).toHaveLength(MAX_DEVICES_PER_USER);
  });

  it('falls back to the User-Agent header without a body', async () => {
    const u = await loginAs(t);
    expect((await sendDevice(u.cookie, undefined, 'TestAgent/1.0')).statusCode).toBe(201);
    expect(await devicesOf(u.userId)).toMatchObject([
      { user_agent: 'TestAgent/1.0', platform: 'unknown' },
    ]);
  });

  it('refuses oversized fields', async () => {
    const u = await loginAs(t);
    const res = await sendDevice(u.cookie, { userAgent: 'x'.repeat(600) });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toHaveProperty('userAgent');
  });
});
