import { buildCvData, SECTION_KEYS, type CvData } from '@vitae/core';
import { certificatesRepo } from '../certificates/certificates.repo.ts';
import { firstImpressionRepo } from '../first-impression/first-impression.repo.ts';
import type { Db } from '../db/database.ts';
import type { MediaDeps } from '../media/media.service.ts';
import { photosRepo } from '../photos/photos.repo.ts';
import { sectionsRepo } from '../sections/sections.repo.ts';

/** "personal-info" → "personalInfo": the key buildCvData reads. */
const camel = (key: string) => key.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * The whole CV of one user: one query per section table, plus (when `media` is given to sign
 * URLs) one each for the assigned photo, the first impression and the certificates, all in
 * parallel: a bounded number of queries whatever the number of entries.
 */
export async function loadCvData(
  db: Db,
  userId: string,
  media?: Omit<MediaDeps, 'db'>,
): Promise<CvData> {
  const repo = sectionsRepo(db);
  const deps = media && { db, ...media };
  const [lists, photoUrl, video, certificates] = await Promise.all([
    Promise.all(SECTION_KEYS.map((key) => repo.list(key, userId))),
    deps ? photosRepo(deps).assignedUrl(userId) : null,
    deps ? firstImpressionRepo(deps).find(userId) : null,
    deps ? certificatesRepo(deps).list(userId) : [],
  ]);
  const sections = Object.fromEntries(SECTION_KEYS.map((key, i) => [camel(key), lists[i]]));
  return buildCvData({
    ...sections,
    assignedPhotoUrl: photoUrl ?? '',
    firstImpression: video ?? [],
    certificate: certificates,
  });
}
