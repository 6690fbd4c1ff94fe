import type { Certificate } from '@vitae/core';
import { nowIso } from '../db/ids.ts';
import { newEntry, mediaService, type MediaDeps } from '../media/index.ts';

/** A user's certificates: the list with freshly signed URLs (pdfUrl or photoUrl), and writes. */
export function certificatesRepo(deps: MediaDeps) {
  const { db } = deps;
  const media = mediaService(deps);
  return {
    /** Newest first. */
    async list(userId: string): Promise<Certificate[]> {
      const rows = await db
        .selectFrom('certificates')
        .innerJoin('media', 'media.id', 'certificates.media_id')
        .selectAll('media')
        .select(['certificates.id as cert_id', 'certificates.title', 'certificates.updated_at'])
        .where('certificates.user_id', '=', userId)
        .orderBy('certificates.created_at', 'desc')
        .orderBy('certificates.id', 'desc')
        .execute();
      return rows.map((r) => {
        const url = media.url(r);
        const isPdf = r.content_type === 'application/pdf';
        return {
          _id: r.cert_id,
          title: r.title,
          pdfUrl: isPdf ? url : '',
          photoUrl: isPdf ? '' : url,
          publicId: r.id,
          lastUpdate: r.updated_at,
        };
      });
    },

    add: (userId: string, mediaId: string, title: string) =>
      db
        .insertInto('certificates')
        .values({ ...newEntry(userId, mediaId), title })
        .execute(),

    update: (id: string, change: { title: string; mediaId: string }) =>
      db
        .updateTable('certificates')
        .set({ title: change.title, media_id: change.mediaId, updated_at: nowIso() })
        .where('id', '=', id)
        .execute(),
  };
}
