import type { CvData } from '@vitae/core';
import type { AppDeps } from '../deps.ts';
import { loadCvData } from '../cv/cv-data.ts';
import { photosRepo } from '../photos/photos.repo.ts';
import { certificatesRepo } from '../certificates/certificates.repo.ts';
import { firstImpressionRepo } from '../first-impression/first-impression.repo.ts';

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
    includePhoto ? photosRepo(deps).assignedUrl(ownerId) : Promise.resolve(null),
    firstImpressionRepo(deps).find(ownerId),
    certificatesRepo(deps).list(ownerId),
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
