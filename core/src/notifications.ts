import { z } from 'zod';

/** One notification as the API returns it (docs/product/notifications.md#bell). */
export interface Notification {
  _id: string;
  type: string;
  title: string;
  message: string;
  recipientEmail: string | null;
  shareCVId: string | null;
  createdAt: string;
  isRead: boolean;
  /** When what it tells happened (ours): the web shows it in the reader's time zone. */
  occurredAt: string | null;
  /** A 'contact-requested' notification's request, to approve or decline from it (ours). */
  contactRequestId: string | null;
}

/** `GET /api/notifications`: one page, newest first. */
export interface NotificationsPage {
  data: Notification[];
  unreadCount: number;
  hasMore: boolean;
}

/** Answer of the calls that change notifications: what is left unread. */
export interface NotificationsChange {
  success: true;
  unreadCount: number;
  data?: Notification;
}

export const NOTIFICATIONS_PAGE_DEFAULT = 20;
export const NOTIFICATIONS_PAGE_MAX = 100;

export const NOTIFICATION_MESSAGES = {
  notFound: 'Notification not found',
  fetchFailed: 'Failed to fetch notifications',
} as const;

/** Paging: `?limit&before=<_id>` (cursor) or `?limit&page=<n>` (1-based). */
export const notificationsQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(NOTIFICATIONS_PAGE_MAX)
    .default(NOTIFICATIONS_PAGE_DEFAULT),
  before: z
    .string()
    .regex(/^[0-9a-f]{24}$/, 'before must be a notification id')
    .optional(),
  page: z.coerce.number().int().min(1).max(10_000).optional(),
});
export type NotificationsQuery = z.infer<typeof notificationsQuerySchema>;

/** What a feature passes to notify a user. */
export interface NotificationInput {
  type: string;
  title: string;
  message: string;
  recipientEmail?: string | null;
  shareCVId?: string | null;
  occurredAt?: string | null;
  contactRequestId?: string | null;
}
