import { UPLOAD_MESSAGES, type FirstImpression } from '@vitae/core';
import type { Db } from '../db/database.ts';
import { nowIso } from '../db/ids.ts';
import { newEntry, mediaService, type MediaDeps } from '../media/index.ts';
import { lockRow } from '../db/integrity.ts';
import { HttpError } from '../plugins/errors.ts';

/**
 * One video per user, one save at a time (the user's row is locked): a new video replaces
 * the old, whose media record goes in the same transaction, so no parallel save can
 * re-attach it; its files are removed after (`replaced`).
 */
async function saveVideo(trx: Db, userId: string, mediaId: string) {
  await lockRow(trx, 'users', userId);
  const old = await trx
    .selectFrom('first_impressions')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (old?.media_id === mediaId) return { created: false, replaced: undefined };
  const file = await trx
    .selectFrom('media')
    .select('id')
    .where('id', '=', mediaId)
    .executeTakeFirst();
  if (!file) throw new HttpError(404, UPLOAD_MESSAGES.mediaNotFound);
  const now = nowIso();
  if (!old) {
    await trx.insertInto('first_impressions').values(newEntry(userId, mediaId)).execute();
    return { created: true, replaced: undefined };
  }
  await trx
    .updateTable('first_impressions')
    .set({ media_id: mediaId, updated_at: now })
    .where('id', '=', old.id)
    .execute();
  const replaced = await trx
    .selectFrom('media')
    .selectAll()
    .where('id', '=', old.media_id)
    .executeTakeFirst();
  await trx.deleteFrom('media').where('id', '=', old.media_id).execute();
  return { created: true, replaced };
}

/** The user's one first impression video: read with a freshly signed URL, and saved. */
export function firstImpressionRepo(deps: MediaDeps) {
  const { db } = deps;
  const media = mediaService(deps);
  return {
    /** The video, or null. */
    async find(userId: string): Promise<FirstImpression | null> {
      const row = await db
        .selectFrom('first_impressions')
        .innerJoin('media', 'media.id', 'first_impressions.media_id')
        .selectAll('media')
        .select(['first_impressions.id as fi_id', 'first_impressions.updated_at'])
        .where('first_impressions.user_id', '=', userId)
        .executeTakeFirst();
      if (!row) return null;
      return {
        _id: row.fi_id,
        videoUrl: media.url(row),
        posterUrl: row.thumb_key ? media.thumbUrl(row) : '',
        publicId: row.id,
        lastUpdate: row.updated_at,
      };
    },

    save: (userId: string, mediaId: string) =>
      db.transaction().execute((trx) => saveVideo(trx, userId, mediaId)),
  };
}
