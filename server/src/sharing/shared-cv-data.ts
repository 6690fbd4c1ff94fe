import type { CvData } from '@vitae/core';
import type { AppDeps } from '../app.ts';
import { loadCvData } from '../cv/cv.routes.ts';
import { assignedPhotoUrl } from '../photos/photos.repo.ts';
import { certificatesFor } from '../certificates/certificates.repo.ts';
import { firstImpressionFor } from '../first-impression/first-impression.repo.ts';

/**
 * The owner's whole CV as a share recipient sees it: the sections, plus media as freshly
 * signed, expiring URLs (the media route checks only the signature).
 */
export async function sharedCvData(
  deps: Pick<AppDeps, 'db' | 'storage' | 'sessionSecret'>,
  ownerId: string,
  includePhoto: boolean,
): Promise<CvData> {
  const [data, photo, video, certificates] = await Promise.all([
    loadCvData(deps.db, ownerId),
    includePhoto ? assignedPhotoUrl(deps, ownerId) : Promise.resolve(null),
    firstImpressionFor(deps, ownerId),
    certificatesFor(deps, ownerId),
  ]);
  return {
    ...data,
    assignedPhotoUrl: photo,
    firstImpression: video ? { _id: video._id, videoUrl: video.videoUrl } : null,
    certificates: certificates.map((c) => ({
      _id: c._id,
      title: c.title,
      pdfUrl: c.pdfUrl,
      photoUrl: c.photoUrl,
    })),
  };
}
