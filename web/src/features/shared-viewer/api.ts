import type { CvData, TemplateId } from '@vitae/core/cv';
import { api } from '../../lib/api.ts';

export interface SharedCvSummary {
  exists: true;
  curriculumVitaeID: string;
  fullName: string;
}

export interface UnlockedCv {
  cv: { _id: string; template: TemplateId };
  data: CvData;
}

// A visitor has no session: a 401/403 here is an answer, never a reason to sign out.
const quiet = { sessionCheck: false } as const;

export const fetchSharedSummary = (cvId: string, signal?: AbortSignal) =>
  api.get<SharedCvSummary>(`/api/share-cv/by-cv-id/${encodeURIComponent(cvId)}`, {
    ...quiet,
    signal,
  });

/** The CV when this browser already unlocked it (the HttpOnly unlock cookie), else a 403. */
export const fetchUnlockedCv = (cvId: string, signal?: AbortSignal) =>
  api.post<UnlockedCv>('/api/curriculum-vitae/view', { id: cvId }, { ...quiet, signal });

export const unlockSharedCv = (cvId: string, pin: string) =>
  api.post<UnlockedCv>('/api/share-cv/unlock', { cvId, pin }, quiet);

/** Who viewed is decided by the server from the unlocked share; these are hints only. */
export const trackView = (cvId: string) =>
  api.post<{ success: true }>(
    '/api/share-cv/track-view',
    {
      curriculumVitaeID: cvId,
      userAgent: typeof navigator === 'undefined' ? undefined : navigator.userAgent,
    },
    quiet,
  );
