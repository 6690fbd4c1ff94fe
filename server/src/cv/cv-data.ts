import { buildCvData, SECTION_KEYS, type CvData } from '@vitae/core';
import { authRepo } from '../auth/auth.repo.ts';
import { certificatesRepo } from '../certificates/certificates.repo.ts';
import { firstImpressionRepo } from '../first-impression/first-impression.repo.ts';
import type { Db } from '../db/database.ts';
import type { MediaDeps } from '../media/media.service.ts';
import { photosRepo } from '../photos/photos.repo.ts';
import { sectionsRepo } from '../sections/sections.repo.ts';

/** "personal-info" → "personalInfo": the key buildCvData reads. */
const camel = (key: string) => key.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

async function accountNameOf(db: Db, userId: string): Promise<string> {
  return (await authRepo(db).findById(userId))?.full_name.trim() ?? '';
}

/**
 * The whole CV of one user: one query per section table and one for the account's name (the
 * header's name when other sections are filled but personal information is not), plus (when `media` is given to sign URLs)
 * one each for the assigned photo, the first impression and the certificates, all in
 * parallel: a bounded number of queries whatever the number of entries.
 */
export async function loadCvData(
  db: Db,
  userId: string,
  media?: Omit<MediaDeps, 'db'>,
): Promise<CvData> {
  const repo = sectionsRepo(db);
  const deps = media && { db, ...media };
  const [lists, accountName, photoUrl, video, certificates] = await Promise.all([
    Promise.all(SECTION_KEYS.map((key) => repo.list(key, userId))),
    accountNameOf(db, userId),
    deps ? photosRepo(deps).assignedUrl(userId) : null,
    deps ? firstImpressionRepo(deps).find(userId) : null,
    deps ? certificatesRepo(deps).list(userId) : [],
  ]);
  const sections: Record<string, unknown[]> = Object.fromEntries(
    SECTION_KEYS.map((key, i) => [camel(key), lists[i]!]),
  );
  // A CV without personal information would have an empty header: it shows the account's
  // name. A CV with nothing at all stays empty, so the viewer keeps showing the sample CV.
  if (sections.personalInfo?.length === 0 && accountName && lists.some((l) => l.length > 0)) {
    sections.personalInfo = [{ fullName: accountName }];
  }
  return buildCvData({
    ...sections,
    assignedPhotoUrl: photoUrl ?? '',
    firstImpression: video ?? [],
    certificate: certificates,
  });
}
