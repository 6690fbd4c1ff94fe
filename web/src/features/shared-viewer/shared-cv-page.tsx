import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { PageLoader } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { setCvToSave } from '../../lib/hr-intent.ts';
import { preloadTemplateBlocks } from '../templates/index.ts';
import {
  closedReason,
  fetchSharedSummary,
  fetchUnlockedCv,
  reportVideoProgress,
  trackView,
  type ShareClosedReason,
  type SharedCvSummary,
  type UnlockedCv,
} from './api.ts';
import { CvReader, personOf } from './cv-reader.tsx';
import { PinForm } from './pin-form.tsx';
import { VIEWER_TEXTS } from './texts.ts';
import {
  forgetUnlock,
  mayBeUnlocked,
  notedTemplate,
  noteTemplate,
  rememberUnlock,
} from './unlock-memory.ts';
import { createProgressReporter } from './video-progress.ts';
import { ViewerShell } from './viewer-shell.tsx';

type Load =
  | { state: 'loading' }
  | { state: 'missing' }
  | { state: 'locked'; summary: SharedCvSummary | null }
  | { state: 'closed'; reason: ShareClosedReason }
  | { state: 'unlocked'; cv: UnlockedCv };

interface SharedCvRequests {
  summary: Promise<SharedCvSummary>;
  /** The CV itself when this browser unlocked it before (the HttpOnly unlock cookie). */
  remembered: Promise<UnlockedCv>;
}

/** Plain fetches, no query library: this public page has a 100 KiB budget. */
function requestSharedCv(
  cvId: string,
  shareId: string | null,
  signal?: AbortSignal,
): SharedCvRequests {
  // Only a browser that unlocked this CV asks for it: anyone else would get a 403. It will
  // draw the CV, so the templates' code loads beside the answer (the locked page does not).
  const unlockedHere = mayBeUnlocked(cvId);
  if (unlockedHere) void preloadTemplateBlocks(notedTemplate(cvId)).catch(() => undefined);
  return {
    summary: fetchSharedSummary(cvId, shareId, signal),
    remembered: unlockedHere
      ? fetchUnlockedCv(cvId, signal)
      : Promise.reject(new Error('not unlocked here')),
  };
}

/**
 * The requests of the viewer this module was loaded for, started as it loads: React hydrating
 * the prerendered page and running its effects takes a phone a few hundred milliseconds the
 * CV's answer need not wait for. The page's first load of that CV takes them, once.
 */
let early = ((): (SharedCvRequests & { cvId: string; shareId: string | null }) | null => {
  if (typeof window === 'undefined') return null;
  const opened = /^\/view-shared-cv\/([0-9a-f]{24})\/?$/.exec(window.location.pathname);
  if (!opened) return null;
  const [cvId, shareId] = [opened[1]!, new URLSearchParams(window.location.search).get('share')];
  const requests = requestSharedCv(cvId, shareId || null);
  // Not taken (the reader left first): no unhandled rejection.
  requests.summary.catch(() => undefined);
  requests.remembered.catch(() => undefined);
  return { ...requests, cvId, shareId: shareId || null };
})();

function takeEarly(cvId: string, shareId: string | null): SharedCvRequests | null {
  const taken = early?.cvId === cvId && early.shareId === shareId ? early : null;
  early = null;
  return taken;
}

/** The share summary, and the CV itself when this browser unlocked it before. */
function useSharedCv(
  cvId: string,
  shareId: string | null,
): [Load, (cv: UnlockedCv) => void, (reason: ShareClosedReason) => void] {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  useEffect(() => {
    const abort = new AbortController();
    const { signal } = abort;
    const { summary, remembered } =
      takeEarly(cvId, shareId) ?? requestSharedCv(cvId, shareId, signal);
    void Promise.allSettled([summary, remembered]).then(([summary, remembered]) => {
      if (signal.aborted) return;
      if (remembered.status === 'fulfilled') {
        noteTemplate(cvId, remembered.value.cv.template);
        return setLoad({ state: 'unlocked', cv: remembered.value });
      }
      if (remembered.reason instanceof ApiError) forgetUnlock(cvId);
      // A revoked or expired share says so, whichever call heard it first.
      const reason =
        closedReason(remembered.reason) ??
        (summary.status === 'rejected' ? closedReason(summary.reason) : null);
      setLoad(reason ? { state: 'closed', reason } : lockedOrMissing(summary));
    });
    return () => abort.abort();
  }, [cvId, shareId]);
  const unlock = (cv: UnlockedCv) => {
    rememberUnlock(cvId, cv.cv.template);
    setLoad({ state: 'unlocked', cv });
  };
  const close = (reason: ShareClosedReason) => {
    forgetUnlock(cvId);
    setLoad({ state: 'closed', reason });
  };
  return [load, unlock, close];
}

function lockedOrMissing(summary: PromiseSettledResult<SharedCvSummary>): Load {
  const missing =
    summary.status === 'rejected' &&
    summary.reason instanceof ApiError &&
    summary.reason.status === 404;
  if (missing) return { state: 'missing' };
  return { state: 'locked', summary: summary.status === 'fulfilled' ? summary.value : null };
}

/** /view-shared-cv/:id: locked until the view pin is entered, then the CV in the sender's template. */
export default function SharedCvPage() {
  const cvId = useParams().id ?? '';
  // The email's link names its share (`?share=`); it stays in the address, so a reload keeps it.
  const shareId = useSearchParams()[0].get('share') || null;
  const [load, unlock, close] = useSharedCv(cvId, shareId);

  if (load.state === 'unlocked') return <UnlockedView cvId={cvId} cv={load.cv} />;
  return (
    <ViewerShell>
      {load.state === 'loading' ? (
        <PageLoader message="Loading CV..." />
      ) : load.state === 'closed' ? (
        // Plain on purpose: a closed share offers nothing else, no pin field.
        <div role="alert" className="max-w-md rounded-xl bg-white p-8 text-center shadow-md">
          <h1 className="text-xl font-bold text-slate-900">{VIEWER_TEXTS[load.reason]}</h1>
        </div>
      ) : load.state === 'missing' ? (
        <div role="alert" className="max-w-md rounded-xl bg-white p-8 text-center shadow-md">
          <h1 className="text-xl font-bold text-slate-900">{VIEWER_TEXTS.cvNotFoundTitle}</h1>
          <p className="mt-2 text-slate-600">{VIEWER_TEXTS.cvNotFound}</p>
        </div>
      ) : (
        <PinForm
          cvId={cvId}
          shareId={shareId}
          fullName={load.summary?.fullName ?? null}
          loaded={load.summary !== null}
          onUnlocked={unlock}
          onClosed={close}
        />
      )}
    </ViewerShell>
  );
}

const VIEW_ID = /^[0-9a-f]{24}$/;

/**
 * Tracks one view per CV per browser tab session (a reload is not a new view for the owner)
 * and returns its id, kept in the tab's storage so a reload still reports the video.
 */
function useTrackedView(cvId: string): string | null {
  const [viewId, setViewId] = useState<string | null>(null);
  const tracked = useRef(false);
  useEffect(() => {
    if (tracked.current) return;
    tracked.current = true;
    const key = `vitae-viewed-${cvId}`;
    try {
      const stored = window.sessionStorage.getItem(key);
      if (stored) return setViewId(VIEW_ID.test(stored) ? stored : null);
      window.sessionStorage.setItem(key, '1');
    } catch {
      // Storage may be blocked; tracking then happens on every visit.
    }
    trackView(cvId)
      .then(({ viewId: id }) => {
        if (!id) return;
        setViewId(id);
        try {
          window.sessionStorage.setItem(key, id);
        } catch {
          // Without storage a reload tracks a new view.
        }
      })
      // A lost tracking call must not disturb the reader.
      .catch(() => undefined);
  }, [cvId]);
  return viewId;
}

function UnlockedView({ cvId, cv }: { cvId: string; cv: UnlockedCv }) {
  const navigate = useNavigate();
  const viewId = useTrackedView(cvId);
  const progress = useMemo(
    () =>
      viewId
        ? // A lost progress report must not disturb the reader either.
          createProgressReporter((percent) => {
            reportVideoProgress(viewId, percent).catch(() => undefined);
          })
        : undefined,
    [viewId],
  );
  const saveCv = () => {
    setCvToSave({ cvId, fullName: personOf(cv) });
    void navigate('/hr-introduction');
  };
  return (
    <CvReader
      cv={cv}
      pdfPath={`/api/curriculum-vitae/${cvId}/pdf`}
      progress={progress}
      onSaveCv={saveCv}
    />
  );
}
