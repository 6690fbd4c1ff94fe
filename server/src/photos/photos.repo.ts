import { NONE_ASSIGNED, type Photo } from '@vitae/core';
import { nowIso } from '../db/ids.ts';
import { inTransaction } from '../db/integrity.ts';
import { newEntry, mediaService, type MediaDeps } from '../media/index.ts';

/** A user's photos: the list with freshly signed URLs, the assigned one, and their writes. */
export function photosRepo(deps: MediaDeps) {
  const { db } = deps;
  const media = mediaService(deps);

  /** Makes `photoId` the only assigned photo of the user. */
  const assign = (userId: string, photoId: string) =>
    inTransaction(db, async (trx) => {
      await trx.updateTable('photos').set({ assigned: 0 }).where('user_id', '=', userId).execute();
      await trx
        .updateTable('photos')
        .set({ assigned: 1, updated_at: nowIso() })
        .where('user_id', '=', userId)
        .where('id', '=', photoId)
        .execute();
    });

  /** The assigned photo's signed URL, or null: what a CV, share or HR view shows. */
  async function assignedUrl(userId: string): Promise<string | null> {
    const row = await db
      .selectFrom('photos')
      .innerJoin('media', 'media.id', 'photos.media_id')
      .selectAll('media')
      .where('photos.user_id', '=', userId)
      .where('photos.assigned', '=', 1)
      .executeTakeFirst();
    return row ? media.url(row) : null;
  }

  return {
    assign,
    assignedUrl,
    assignedOrNone: async (userId: string): Promise<string> =>
      (await assignedUrl(userId)) ?? NONE_ASSIGNED,

    /** Newest first. */
    async list(userId: string): Promise<Photo[]> {
      const rows = await db
        .selectFrom('photos')
        .innerJoin('media', 'media.id', 'photos.media_id')
        .selectAll('media')
        .select(['photos.id as photo_id', 'photos.title', 'photos.assigned', 'photos.updated_at'])
        .where('photos.user_id', '=', userId)
        .orderBy('photos.created_at', 'desc')
        .orderBy('photos.id', 'desc')
        .execute();
      return rows.map((r) => ({
        _id: r.photo_id,
        title: r.title,
        photoUrl: media.url(r),
        thumbnailUrl: media.thumbUrl(r),
        publicId: r.id,
        assigned: r.assigned === 1,
        lastUpdate: r.updated_at,
      }));
    },

    add: (userId: string, mediaId: string, title: string) =>
      db
        .insertInto('photos')
        .values({ ...newEntry(userId, mediaId), title, assigned: 0 })
        .execute(),

    rename: (userId: string, id: string, title: string) =>
      db
        .updateTable('photos')
        .set({ title, updated_at: nowIso() })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .execute(),

    /** Spec rule: exactly one photo and none assigned -> it becomes the assigned one. */
    async assignSoleUnassigned(userId: string): Promise<void> {
      const rows = await db
        .selectFrom('photos')
        .select(['id', 'assigned'])
        .where('user_id', '=', userId)
        .limit(2)
        .execute();
      if (rows.length === 1 && rows[0]!.assigned === 0) await assign(userId, rows[0]!.id);
    },
  };
}
