import type { Selectable } from 'kysely';
import type { Notification, NotificationInput, NotificationsQuery } from '@vitae/core';
import type { Db, NotificationsTable } from '../db/database.ts';
import { bool, newId } from '../db/ids.ts';
import { inTransaction, keepNewestRows, type PerUserRows } from '../db/integrity.ts';

type Row = Selectable<NotificationsTable>;

let lastCreatedMs = 0;
/**
 * Creation time, strictly increasing within this process, so notifications made in
 * one millisecond still list in the order they happened (the id only breaks ties).
 */
function creationIso(): string {
  lastCreatedMs = Math.max(Date.now(), lastCreatedMs + 1);
  return new Date(lastCreatedMs).toISOString();
}

const toNotification = (r: Row): Notification => ({
  _id: r.id,
  type: r.type,
  title: r.title,
  message: r.message,
  recipientEmail: r.recipient_email,
  shareCVId: r.share_cv_id,
  createdAt: r.created_at,
  isRead: bool(r.is_read),
  occurredAt: r.occurred_at ?? null,
  contactRequestId: r.contact_request_id ?? null,
});

/** Notifications a user keeps: views, listings and requests add them, and only the user reads them. */
export const MAX_NOTIFICATIONS_PER_USER = 500;

/** Past the cap, the oldest go: nobody pages back through hundreds of notifications. */
const notificationRows: PerUserRows = {
  table: 'notifications',
  key: 'id',
  newest: 'created_at',
  keep: MAX_NOTIFICATIONS_PER_USER,
};

/** Every query is scoped by the owner's id: another user's notification is simply not found. */
export function notificationsRepo(db: Db) {
  const mine = (userId: string) =>
    db.selectFrom('notifications').selectAll().where('user_id', '=', userId);

  return {
    async create(userId: string, input: NotificationInput): Promise<Notification> {
      const row: Row = {
        id: newId(),
        user_id: userId,
        type: input.type,
        title: input.title,
        message: input.message,
        recipient_email: input.recipientEmail ?? null,
        share_cv_id: input.shareCVId ?? null,
        created_at: creationIso(),
        is_read: 0,
        occurred_at: input.occurredAt ?? null,
        contact_request_id: input.contactRequestId ?? null,
      };
      await inTransaction(db, async (trx) => {
        await trx.insertInto('notifications').values(row).execute();
        await keepNewestRows(trx, notificationRows, userId);
      });
      return toNotification(row);
    },

    /** Newest first; `before` is the `_id` of the last one the client holds. */
    async page(
      userId: string,
      q: NotificationsQuery,
    ): Promise<{ data: Notification[]; hasMore: boolean }> {
      let query = mine(userId);
      if (q.before) {
        const cursor = await mine(userId).where('id', '=', q.before).executeTakeFirst();
        if (!cursor) return { data: [], hasMore: false };
        query = query.where((eb) =>
          eb.or([
            eb('created_at', '<', cursor.created_at),
            eb.and([eb('created_at', '=', cursor.created_at), eb('id', '<', cursor.id)]),
          ]),
        );
      } else if (q.page) {
        query = query.offset((q.page - 1) * q.limit);
      }
      const rows = await query
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(q.limit + 1)
        .execute();
      return { data: rows.slice(0, q.limit).map(toNotification), hasMore: rows.length > q.limit };
    },

    async unreadCount(userId: string): Promise<number> {
      const r = await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('user_id', '=', userId)
        .where('is_read', '=', 0)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },

    async markRead(userId: string, id: string): Promise<Notification | undefined> {
      const res = await db
        .updateTable('notifications')
        .set({ is_read: 1 })
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (res.numUpdatedRows === 0n) return undefined;
      const row = await mine(userId).where('id', '=', id).executeTakeFirst();
      return row && toNotification(row);
    },

    async markAllRead(userId: string): Promise<void> {
      await db
        .updateTable('notifications')
        .set({ is_read: 1 })
        .where('user_id', '=', userId)
        .where('is_read', '=', 0)
        .execute();
    },

    async remove(userId: string, id: string): Promise<boolean> {
      const res = await db
        .deleteFrom('notifications')
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return res.numDeletedRows > 0n;
    },

    async removeAll(userId: string): Promise<void> {
      await db.deleteFrom('notifications').where('user_id', '=', userId).execute();
    },
  };
}
