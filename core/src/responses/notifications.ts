import { z } from 'zod';
import type { SameType } from '../schema-check.ts';
import type { Notification, NotificationsChange, NotificationsPage } from '../notifications.ts';

export const notificationSchema = z.object({
  _id: z.string(),
  type: z.string(),
  title: z.string(),
  message: z.string(),
  recipientEmail: z.string().nullable(),
  shareCVId: z.string().nullable(),
  createdAt: z.string(),
  isRead: z.boolean(),
  occurredAt: z.string().nullable(),
  contactRequestId: z.string().nullable(),
});

export const notificationsPageSchema = z.object({
  data: z.array(notificationSchema),
  unreadCount: z.number(),
  hasMore: z.boolean(),
});

export const notificationsChangeSchema = z.object({
  success: z.literal(true),
  unreadCount: z.number(),
  data: notificationSchema.optional(),
});

const _checks: [
  SameType<z.output<typeof notificationSchema>, Notification>,
  SameType<z.output<typeof notificationsPageSchema>, NotificationsPage>,
  SameType<z.output<typeof notificationsChangeSchema>, NotificationsChange>,
] = [true, true, true];
void _checks;
