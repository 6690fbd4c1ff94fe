import type { Notification, NotificationInput } from '@vitae/core';
import type { AppDeps } from '../deps.ts';
import { notificationsRepo } from './notifications.repo.ts';

/**
 * The one call other features make to tell a user something: stores the
 * notification, then announces it so the realtime module pushes `notification`
 * to every tab of that user (on any instance).
 */
export async function notifyUser(
  deps: Pick<AppDeps, 'db' | 'events'>,
  userId: string,
  input: NotificationInput,
): Promise<Notification> {
  const notification = await notificationsRepo(deps.db).create(userId, input);
  deps.events.publish('notification.created', { userId, notification });
  return notification;
}
