import type { CvData, TemplateId } from '@vitae/core/cv';
import { api, ApiError } from '../../lib/api.ts';

export interface SharedCvSummary {
  exists: true;
  curriculumVitaeID: string;
  fullName: string;
}

export interface UnlockedCv {
  cv: { _id: string; template: TemplateId };
  data: CvData;
  /** When the unlocked share stops working (null: never; absent for the owner). */
  expiresAt?: string | null;
}

/** Why a share's link no longer opens: its sender revoked it, or it expired. */
export type ShareClosedReason = 'revoked' | 'expired';

/** The reason of a `410 {error, reason}` answer, or null for any other failure. */
export function closedReason(err: unknown): ShareClosedReason | null {
  if (!(err instanceof ApiError) || err.status !== 410) return null;
  const reason = (err.body as { reason?: unknown } | null)?.reason;
  return reason === 'revoked' || reason === 'expired' ? reason : null;
}

// A visitor has no session: a 401/403 here is an answer, never a reason to sign out.
const quiet = { sessionCheck: false } as const;

/** `shareId` is the link's `?share=`: the share it was sent for (older links have none). */
export const fetchSharedSummary = (cvId: string, shareId: string | null, signal?: AbortSignal) =>
  api.get<SharedCvSummary>(
    `/api/share-cv/by-cv-id/${encodeURIComponent(cvId)}` +
      (shareId ? `?share=${encodeURIComponent(shareId)}` : ''),
    { ...quiet, signal },
  );

/** The CV when this browser already unlocked it (the HttpOnly unlock cookie), else a 403. */
export const fetchUnlockedCv = (cvId: string, signal?: AbortSignal) =>
  api.post<UnlockedCv>('/api/curriculum-vitae/view', { id: cvId }, { ...quiet, signal });

/** With the link's share id the pin is checked against that share alone, on its own lockout. */
export const unlockSharedCv = (cvId: string, shareId: string | null, pin: string) =>
  api.post<UnlockedCv>(
    '/api/share-cv/unlock',
    shareId ? { cvId, shareId, pin } : { cvId, pin },
    quiet,
  );

/** Who viewed is decided by the server from the unlocked share; these are hints only. */
export const trackView = (cvId: string) =>
  api.post<{ success: true; viewId?: string }>(
    '/api/share-cv/track-view',
    {
      curriculumVitaeID: cvId,
      userAgent: typeof navigator === 'undefined' ? undefined : navigator.userAgent,
    },
    quiet,
  );

/** How much of the first-impression video this view watched; the server keeps the highest. */
export const reportVideoProgress = (viewId: string, percent: number) =>
  api.post<null>('/api/share-cv/video-progress', { viewId, percent }, quiet);

/** A CV version's public link: read without a pin while its owner keeps it on. */
export const fetchLinkedCv = (slug: string, signal?: AbortSignal) =>
  api.get<UnlockedCv>(`/api/cv-link/${encodeURIComponent(slug)}`, { ...quiet, signal });

/** Counts this reading in the owner's trail (once per tab; the server bounds the rest). */
export const trackLinkView = (slug: string) =>
  api.post<{ viewId: string }>(`/api/cv-link/${encodeURIComponent(slug)}/view`, {}, quiet);
