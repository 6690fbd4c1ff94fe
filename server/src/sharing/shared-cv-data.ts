import type { CvData } from '@vitae/core';
import type { AppDeps } from '../deps.ts';
import { loadCvData } from '../cv/index.ts';
import { photosRepo } from '../photos/index.ts';
import { certificatesRepo } from '../certificates/index.ts';
import { firstImpressionRepo } from '../first-impression/index.ts';
import { scopedMediaUrl, type MediaScope } from '../media/index.ts';

/**
 * The owner's whole CV as a share recipient (or an HR user) sees it, as the version the share
 * or listing names (`versionId`, else the default) shows it: the sections, plus
 * media as freshly signed, expiring URLs; under a `scope` they stop working as soon as that
 * share closes (revoked, expired, a new pin) or that HR user may no longer read the CV.
 */
export async function sharedCvData(
  deps: Pick<AppDeps, 'db' | 'storage' | 'sessionSecret'>,
  ownerId: string,
  includePhoto: boolean,
  scope?: MediaScope,
  versionId?: string,
): Promise<CvData> {
  const url = <T extends string | null>(u: T): T =>
    (scope && u ? scopedMediaUrl(deps.sessionSecret, u, scope) : u) as T;
  const [data, photo, video, certificates] = await Promise.all([
    loadCvData(deps.db, ownerId, undefined, versionId),
    includePhoto ? photosRepo(deps).assignedUrl(ownerId) : Promise.resolve(null),
    firstImpressionRepo(deps).find(ownerId),
    certificatesRepo(deps).list(ownerId),
  ]);
  return {
    ...data,
    assignedPhotoUrl: url(photo),
    firstImpression: video ? { _id: video._id, videoUrl: url(video.videoUrl) } : null,
    certificates: certificates.map((c) => ({
      _id: c._id,
      title: c.title,
      pdfUrl: url(c.pdfUrl),
      photoUrl: url(c.photoUrl),
      issuer: c.issuer,
      date: c.date,
      url: c.url,
    })),
  };
}
