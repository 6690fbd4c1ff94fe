import { describe, expect, it } from 'vitest';
import type { Notification, NotificationsPage } from '@vitae/core';
import { addLive, clearAll, markAllRead, markRead, remove } from './notifications-state.ts';

let seq = 0;
const note = (isRead = false): Notification => ({
  _id: String(++seq).padStart(24, '0'),
  type: 'cv-viewed',
  title: `Title ${seq}`,
  message: 'Message',
  recipientEmail: null,
  shareCVId: null,
  occurredAt: null,
  contactRequestId: null,
  createdAt: new Date().toISOString(),
  isRead,
});
const page = (data: Notification[], unreadCount: number): NotificationsPage => ({
  data,
  unreadCount,
  hasMore: false,
});

describe('notification list transitions', () => {
  it('adds live notifications on top, unread, keeping the last 10', () => {
    let p = page([], 0);
    const added = Array.from({ length: 12 }, () => note());
    for (const n of added) p = addLive(p, n);
    expect(p.data).toHaveLength(10);
    expect(p.data[0]).toBe(added[11]);
    expect(p.data.map((n) => n._id)).not.toContain(added[0]!._id);
    expect(p.unreadCount).toBe(12);
    expect(p.hasMore).toBe(true);
    // The same event twice (two tabs, a reconnect) counts once.
    expect(addLive(p, added[11]!)).toBe(p);
  });

  it('never lets the unread count go below 0', () => {
    const a = note();
    const b = note();
    // The server's count can lag behind the list (e.g. another tab already read them).
    let p = page([a, b], 1);
    p = markRead(p, a._id);
    p = markRead(p, b._id);
    expect(p.unreadCount).toBe(0);
    p = remove(page([note()], 0), seq.toString().padStart(24, '0'));
    expect(p.unreadCount).toBe(0);
    expect(markRead(page([], 0), 'missing').unreadCount).toBe(0);
  });

  it('marks one read once, and all read', () => {
    const a = note();
    const b = note();
    let p = page([a, b], 2);
    p = markRead(p, a._id);
    p = markRead(p, a._id);
    expect(p.unreadCount).toBe(1);
    expect(p.data.find((n) => n._id === a._id)?.isRead).toBe(true);
    p = markAllRead(p);
    expect(p.unreadCount).toBe(0);
    expect(p.data.every((n) => n.isRead)).toBe(true);
  });

  it('removes one (counting it only if unread) and clears all', () => {
    const a = note();
    const b = note(true);
    let p = page([a, b], 1);
    p = remove(p, b._id);
    expect(p).toMatchObject({ unreadCount: 1, data: [a] });
    p = remove(p, a._id);
    expect(p).toMatchObject({ unreadCount: 0, data: [] });
    expect(clearAll()).toEqual({ data: [], unreadCount: 0, hasMore: false });
  });
});
