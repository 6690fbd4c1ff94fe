import type { FirstImpression } from '@vitae/core';
import { mediaService, type MediaDeps } from '../media/media.service.ts';

/** The user's first impression video with a freshly signed URL, or null. */
export async function firstImpressionFor(
  deps: MediaDeps,
  userId: string,
): Promise<FirstImpression | null> {
  const row = await deps.db
    .selectFrom('first_impressions')
    .innerJoin('media', 'media.id', 'first_impressions.media_id')
    .selectAll('media')
    .select(['first_impressions.id as fi_id', 'first_impressions.updated_at'])
    .where('first_impressions.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  const media = mediaService(deps);
  return {
    _id: row.fi_id,
    videoUrl: media.url(row),
    posterUrl: row.thumb_key ? media.thumbUrl(row) : '',
    publicId: row.id,
    lastUpdate: row.updated_at,
  };
}
