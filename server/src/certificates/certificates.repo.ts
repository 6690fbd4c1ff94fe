import type { Certificate, CertificateDetails } from '@vitae/core';
import { newId, nowIso } from '../db/ids.ts';
import { mediaService, type MediaDeps } from '../media/index.ts';

/** A certificate's details as its row holds them. */
const detailColumns = (d: Partial<CertificateDetails>) => ({
  ...(d.issuer !== undefined && { issuer: d.issuer }),
  ...(d.date !== undefined && { issued_on: d.date }),
  ...(d.url !== undefined && { url: d.url }),
});

/**
 * A user's certificates: the list with freshly signed URLs (pdfUrl or photoUrl; both '' for
 * a certificate without a file, issue 32), and writes.
 */
export function certificatesRepo(deps: MediaDeps) {
  const { db } = deps;
  const media = mediaService(deps);
  return {
    /** Newest first. */
    async list(userId: string): Promise<Certificate[]> {
      const rows = await db
        .selectFrom('certificates')
        .leftJoin('media', 'media.id', 'certificates.media_id')
        .select([
          'media.id as media_id',
          'media.file_key',
          'media.thumb_key',
          'media.content_type',
          'certificates.id as cert_id',
          'certificates.title',
          'certificates.issuer',
          'certificates.issued_on',
          'certificates.url',
          'certificates.updated_at',
        ])
        .where('certificates.user_id', '=', userId)
        .orderBy('certificates.created_at', 'desc')
        .orderBy('certificates.id', 'desc')
        .execute();
      return rows.map((r) => {
        const url = r.file_key ? media.url({ file_key: r.file_key }) : '';
        const isPdf = r.content_type === 'application/pdf';
        return {
          _id: r.cert_id,
          title: r.title,
          pdfUrl: isPdf ? url : '',
          photoUrl: isPdf ? '' : url,
          publicId: r.media_id ?? '',
          issuer: r.issuer,
          date: r.issued_on,
          url: r.url,
          lastUpdate: r.updated_at,
        };
      });
    },

    /** A new certificate, with its file (`mediaId`) or without one (null). */
    add: (userId: string, mediaId: string | null, title: string, details: CertificateDetails) => {
      const now = nowIso();
      return db
        .insertInto('certificates')
        .values({
          id: newId(),
          user_id: userId,
          media_id: mediaId,
          title,
          ...detailColumns(details),
          created_at: now,
          updated_at: now,
        })
        .execute();
    },

    /** The details that key a certificate for an import's "already there" (issue 32). */
    keys: (userId: string) =>
      db
        .selectFrom('certificates')
        .select(['title', 'issuer', 'issued_on as date'])
        .where('user_id', '=', userId)
        .execute(),

    update: (
      id: string,
      change: { title: string; mediaId: string | null } & Partial<CertificateDetails>,
    ) =>
      db
        .updateTable('certificates')
        .set({
          title: change.title,
          media_id: change.mediaId,
          ...detailColumns(change),
          updated_at: nowIso(),
        })
        .where('id', '=', id)
        .execute(),
  };
}
