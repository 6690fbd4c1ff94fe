import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_LIVE_KEEP } from '@vitae/core/realtime-settings';
import type { Notification, NotificationsChange, NotificationsPage } from '@vitae/core';
import { api } from '../../lib/api.ts';
import { useSocketEvent } from '../../lib/socket.ts';
import * as state from './notifications-state.ts';

export const notificationsKey = ['notifications'] as const;

export const fetchNotifications = () =>
  api.get<NotificationsPage>(`/api/notifications?limit=${NOTIFICATION_LIVE_KEEP}`);

export const notificationsApi = {
  markRead: (id: string) =>
    api.put<NotificationsChange>(`/api/notifications/${encodeURIComponent(id)}/read`),
  markAllRead: () => api.put<NotificationsChange>('/api/notifications/read-all'),
  remove: (id: string) =>
    api.delete<NotificationsChange>(`/api/notifications/${encodeURIComponent(id)}`),
  clearAll: () => api.delete<NotificationsChange>('/api/notifications'),
};

/**
 * The bell's data: the newest page, live `notification` events on top, and actions
 * that change the list at once and then tell the server. A failed call is only
 * logged: the local change stays either way (docs/product/notifications.md#state).
 */
export function useNotifications() {
  const client = useQueryClient();
  const query = useQuery({ queryKey: notificationsKey, queryFn: fetchNotifications });
  const page = query.data ?? state.emptyPage;

  const apply = useCallback(
    (change: (p: NotificationsPage) => NotificationsPage) =>
      client.setQueryData<NotificationsPage>(notificationsKey, (p) => change(p ?? state.emptyPage)),
    [client],
  );
  const act = useCallback(
    (change: (p: NotificationsPage) => NotificationsPage, call: () => Promise<unknown>) => {
      apply(change);
      call().catch((e: unknown) => console.warn('notification update failed', e));
    },
    [apply],
  );

  useSocketEvent('notification', (n: Notification) => apply((p) => state.addLive(p, n)));

  return {
    notifications: page.data,
    unreadCount: page.unreadCount,
    isLoading: query.isLoading,
    isError: query.isError,
    markRead: (id: string) =>
      act(
        (p) => state.markRead(p, id),
        () => notificationsApi.markRead(id),
      ),
    markAllRead: () => act(state.markAllRead, notificationsApi.markAllRead),
    remove: (id: string) =>
      act(
        (p) => state.remove(p, id),
        () => notificationsApi.remove(id),
      ),
    clearAll: () => act(state.clearAll, notificationsApi.clearAll),
  };
}
