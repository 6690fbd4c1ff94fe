import type { Certificate } from '@vitae/core';
import { mediaService, type MediaDeps } from '../media/media.service.ts';

/** A user's certificates, newest first, with freshly signed URLs (pdfUrl or photoUrl). */
export async function certificatesFor(deps: MediaDeps, userId: string): Promise<Certificate[]> {
  const media = mediaService(deps);
  const rows = await deps.db
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
}
