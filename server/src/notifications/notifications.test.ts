import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification, NotificationsPage } from '@vitae/core';
import { buildTestApp, loginAs, type TestApp } from '../test/build-test-app.ts';
import { notifyUser } from './notify.ts';
import { MAX_NOTIFICATIONS_PER_USER } from './notifications.repo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const get = async (cookie: string, query = '') => {
  const res = await t.app.inject({ url: `/api/notifications${query}`, headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json<NotificationsPage>();
};
const call = (method: 'PUT' | 'DELETE', url: string, cookie?: string) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {} });

async function seed(userId: string, n: number): Promise<Notification[]> {
  const out: Notification[] = [];
  for (let i = 0; i < n; i++) {
    out.push(await notifyUser(t, userId, { type: 'cv-viewed', title: `T${i}`, message: `M${i}` }));
  }
  return out;
}

describe('notifications API', () => {
  it('needs a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['PUT', '/api/notifications/read-all'],
      ['PUT', `/api/notifications/${'a'.repeat(24)}/read`],
      ['DELETE', `/api/notifications/${'a'.repeat(24)}`],
      ['DELETE', '/api/notifications'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toEqual({ error: 'You must be logged in.' });
    }
  });

  it('lists newest first with the product’s fields, unread count and paging', async () => {
    const a = await loginAs(t);
    const published: string[] = [];
    const off = t.events.subscribe('notification.created', (e) => published.push(e.userId));
    const made = await seed(a.userId, 5);
    await notifyUser(t, a.userId, {
      type: 'cv-shared',
      title: 'CV shared',
      message: 'Sent to Rita',
      recipientEmail: 'rita@example.com',
      shareCVId: 'c'.repeat(24),
    });
    off();
    expect(published).toEqual(Array(6).fill(a.userId));

    const first = await get(a.cookie, '?limit=4');
    expect(first.unreadCount).toBe(6);
    expect(first.hasMore).toBe(true);
    expect(first.data.map((n) => n.title)).toEqual(['CV shared', 'T4', 'T3', 'T2']);
    expect(first.data[0]).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      type: 'cv-shared',
      title: 'CV shared',
      message: 'Sent to Rita',
      recipientEmail: 'rita@example.com',
      shareCVId: 'c'.repeat(24),
      createdAt: expect.any(String),
      isRead: false,
      occurredAt: null,
      contactRequestId: null,
    });
    expect(first.data[1]).toMatchObject({ recipientEmail: null, shareCVId: null });

    const next = await get(a.cookie, `?limit=4&before=${first.data[3]!._id}`);
    expect(next.data.map((n) => n._id)).toEqual([made[1]!._id, made[0]!._id]);
    expect(next.hasMore).toBe(false);

    const page2 = await get(a.cookie, '?limit=4&page=2');
    expect(page2.data.map((n) => n._id)).toEqual(next.data.map((n) => n._id));
    expect((await get(a.cookie)).data).toHaveLength(6);
  });

  it('validates paging', async () => {
    const a = await loginAs(t);
    for (const q of ['?limit=0', '?limit=101', '?before=xyz', '?page=0']) {
      const res = await t.app.inject({
        url: `/api/notifications${q}`,
        headers: { cookie: a.cookie },
      });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error).toEqual(expect.any(String));
    }
  });

  it('marks one and all as read', async () => {
    const a = await loginAs(t);
    const [n1] = await seed(a.userId, 3);
    const one = await call('PUT', `/api/notifications/${n1!._id}/read`, a.cookie);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({
      success: true,
      unreadCount: 2,
      data: { _id: n1!._id, isRead: true },
    });
    const all = await call('PUT', '/api/notifications/read-all', a.cookie);
    expect(all.json()).toEqual({ success: true, unreadCount: 0 });
    const list = await get(a.cookie);
    expect(list.unreadCount).toBe(0);
    expect(list.data.every((n) => n.isRead)).toBe(true);
  });

  it('removes one and clears all', async () => {
    const a = await loginAs(t);
    const [n1, n2] = await seed(a.userId, 3);
    const del = await call('DELETE', `/api/notifications/${n1!._id}`, a.cookie);
    expect(del.json()).toEqual({ success: true, unreadCount: 2 });
    expect((await call('DELETE', `/api/notifications/${n1!._id}`, a.cookie)).statusCode).toBe(404);
    expect((await get(a.cookie)).data.map((n) => n._id)).not.toContain(n1!._id);
    expect(n2).toBeDefined();
    const clear = await call('DELETE', '/api/notifications', a.cookie);
    expect(clear.json()).toEqual({ success: true, unreadCount: 0 });
    expect(await get(a.cookie)).toEqual({ data: [], unreadCount: 0, hasMore: false });
  });

  it("never shows or touches another user's notifications", async () => {
    const a = await loginAs(t);
    const b = await loginAs(t);
    const [bn] = await seed(b.userId, 2);
    await seed(a.userId, 1);

    expect((await get(a.cookie)).data.map((n) => n.title)).toEqual(['T0']);
    expect((await get(a.cookie, `?before=${bn!._id}`)).data).toEqual([]);
    for (const [method, url] of [
      ['PUT', `/api/notifications/${bn!._id}/read`],
      ['DELETE', `/api/notifications/${bn!._id}`],
    ] as const) {
      const res = await call(method, url, a.cookie);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ error: 'Notification not found' });
    }
    await call('PUT', '/api/notifications/read-all', a.cookie);
    await call('DELETE', '/api/notifications', a.cookie);

    const bList = await get(b.cookie);
    expect(bList.data).toHaveLength(2);
    expect(bList.unreadCount).toBe(2);
  });
});

describe('notifications kept', () => {
  it('keeps a user’s newest MAX_NOTIFICATIONS_PER_USER, and nobody else’s are touched', async () => {
    const a = await loginAs(t);
    const b = await loginAs(t);
    await seed(b.userId, 1);
    const old = (n: number) => ({
      id: `o${String(n).padStart(23, '0')}`,
      user_id: a.userId,
      type: 'cv-viewed',
      title: `Old ${n}`,
      message: 'M',
      created_at: new Date(Date.parse('2026-01-01') + n * 1000).toISOString(),
      is_read: 0,
    });
    await t.db
      .insertInto('notifications')
      .values(Array.from({ length: MAX_NOTIFICATIONS_PER_USER }, (_, n) => old(n)))
      .execute();
    await seed(a.userId, 2);
    const ids = (
      await t.db.selectFrom('notifications').select('id').where('user_id', '=', a.userId).execute()
    ).map((r) => r.id);
    expect(ids).toHaveLength(MAX_NOTIFICATIONS_PER_USER);
    expect(ids).not.toContain(old(0).id);
    expect(ids).not.toContain(old(1).id);
    expect(ids).toContain(old(2).id);
    expect((await get(a.cookie)).data.map((n) => n.title).slice(0, 2)).toEqual(['T1', 'T0']);
    expect((await get(b.cookie)).data).toHaveLength(1);
  });
});

describe('dev notify route (outside production)', () => {
  it('lets a signed-in user notify only themself, and pushes it', async () => {
    const a = await loginAs(t);
    const b = await loginAs(t);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/dev/notifications',
          payload: { title: 'x', message: 'y' },
        })
      ).statusCode,
    ).toBe(401);
    const seen: string[] = [];
    const off = t.events.subscribe('notification.created', (e) => seen.push(e.userId));
    const res = await t.app.inject({
      method: 'POST',
      url: '/dev/notifications',
      headers: { cookie: a.cookie },
      payload: { title: 'Hello', message: 'From the server', userId: b.userId },
    });
    off();
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ type: 'dev', title: 'Hello', isRead: false });
    expect(seen).toEqual([a.userId]);
    expect((await get(b.cookie)).data).toEqual([]);
  });
});
