import { NONE_ASSIGNED, type Photo } from '@vitae/core';
import { nowIso } from '../db/ids.ts';
import { mediaService, type MediaDeps } from '../media/media.service.ts';

/** A user's photos, newest first, with freshly signed URLs. */
export async function photosFor(deps: MediaDeps, userId: string): Promise<Photo[]> {
  const media = mediaService(deps);
  const rows = await deps.db
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
}

/** The assigned photo's signed URL, or null: what a CV, share or HR view shows. */
export async function assignedPhotoUrl(deps: MediaDeps, userId: string): Promise<string | null> {
  const row = await deps.db
    .selectFrom('photos')
    .innerJoin('media', 'media.id', 'photos.media_id')
    .selectAll('media')
    .where('photos.user_id', '=', userId)
    .where('photos.assigned', '=', 1)
    .executeTakeFirst();
  return row ? mediaService(deps).url(row) : null;
}

export const assignedOrNone = async (deps: MediaDeps, userId: string): Promise<string> =>
  (await assignedPhotoUrl(deps, userId)) ?? NONE_ASSIGNED;

/** Makes `photoId` the only assigned photo of the user. */
export async function assignPhoto(deps: MediaDeps, userId: string, photoId: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await trx.updateTable('photos').set({ assigned: 0 }).where('user_id', '=', userId).execute();
    await trx
      .updateTable('photos')
      .set({ assigned: 1, updated_at: nowIso() })
      .where('user_id', '=', userId)
      .where('id', '=', photoId)
      .execute();
  });
}

/** Spec rule: exactly one photo and none assigned -> it becomes the assigned one. */
export async function assignSoleUnassigned(deps: MediaDeps, userId: string): Promise<void> {
  const rows = await deps.db
    .selectFrom('photos')
    .select(['id', 'assigned'])
    .where('user_id', '=', userId)
    .limit(2)
    .execute();
  if (rows.length === 1 && rows[0]!.assigned === 0) await assignPhoto(deps, userId, rows[0]!.id);
}
