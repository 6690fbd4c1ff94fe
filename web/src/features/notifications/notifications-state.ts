import { NOTIFICATION_LIVE_KEEP } from '@vitae/core/realtime-settings';
import type { Notification, NotificationsPage } from '@vitae/core';

/*
 * The bell's list as pure transitions (docs/product/notifications.md#state): each is
 * applied locally whether or not the server call succeeds, and the unread count
 * never goes below 0.
 */

export const emptyPage: NotificationsPage = { data: [], unreadCount: 0, hasMore: false };

const floor = (n: number) => Math.max(0, n);

/** A live notification goes on top; the list keeps the newest 10. */
export function addLive(page: NotificationsPage, n: Notification): NotificationsPage {
  if (page.data.some((x) => x._id === n._id)) return page;
  const data = [n, ...page.data];
  return {
    data: data.slice(0, NOTIFICATION_LIVE_KEEP),
    unreadCount: floor(page.unreadCount + (n.isRead ? 0 : 1)),
    hasMore: page.hasMore || data.length > NOTIFICATION_LIVE_KEEP,
  };
}

export function markRead(page: NotificationsPage, id: string): NotificationsPage {
  const target = page.data.find((n) => n._id === id);
  const wasUnread = target !== undefined && !target.isRead;
  return {
    ...page,
    data: page.data.map((n) => (n._id === id ? { ...n, isRead: true } : n)),
    unreadCount: floor(page.unreadCount - (wasUnread ? 1 : 0)),
  };
}

export function markAllRead(page: NotificationsPage): NotificationsPage {
  return { ...page, data: page.data.map((n) => ({ ...n, isRead: true })), unreadCount: 0 };
}

export function remove(page: NotificationsPage, id: string): NotificationsPage {
  const target = page.data.find((n) => n._id === id);
  return {
    ...page,
    data: page.data.filter((n) => n._id !== id),
    unreadCount: floor(page.unreadCount - (target && !target.isRead ? 1 : 0)),
  };
}

export function clearAll(): NotificationsPage {
  return emptyPage;
}
