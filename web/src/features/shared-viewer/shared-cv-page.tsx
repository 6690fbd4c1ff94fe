import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { PageLoader } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { lazyWithRetry } from '../../lib/lazy-retry.ts';
import { setCvToSave } from '../../lib/hr-intent.ts';
import { CvLayout, INK_FRIENDLY_ID, preloadTemplateBlocks } from '../templates/index.ts';
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
import { CertificatesModal } from './certificates-modal.tsx';
import { PinForm } from './pin-form.tsx';
import { shortDate, VIEWER_TEXTS } from './texts.ts';
import { usePrintChoice } from '../../lib/print.ts';
import {
  forgetUnlock,
  mayBeUnlocked,
  notedTemplate,
  noteTemplate,
  rememberUnlock,
} from './unlock-memory.ts';
import { createProgressReporter } from './video-progress.ts';
import { ViewerHeader, ViewerShell } from './viewer-shell.tsx';

/*
 * The video and PDF dialogs open on a click: they load after the CV is drawn, not with it, so
 * a phone fetches less before the CV shows.
 */
const loadVideoModal = () => import('./first-impression-modal.tsx');
const loadPdfDialog = () => import('../pdf/index.ts');
const FirstImpressionModal = lazyWithRetry(async () => ({
  default: (await loadVideoModal()).FirstImpressionModal,
}));
const DownloadPdfDialog = lazyWithRetry(async () => ({
  default: (await loadPdfDialog()).DownloadPdfDialog,
}));

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
  const name = cv.data.personalInfo?.fullName ?? '';
  const video = cv.data.firstImpression;
  const certificates = cv.data.certificates;
  const [videoOpen, setVideoOpen] = useState(false);
  const [certsOpen, setCertsOpen] = useState(false);
  const [printOpen, setPrintOpen] = useState(false);
  const [pdfOpen, setPdfOpen] = useState(false);
  const [printing, setPrinting] = usePrintChoice<'ink' | 'template'>();
  const viewId = useTrackedView(cvId);
  // The dialogs' code once the CV is on screen and the page idle, so a click opens them at once.
  useEffect(() => {
    const load = () => {
      void loadPdfDialog().catch(() => undefined);
      if (video) void loadVideoModal().catch(() => undefined);
    };
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(load, { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(load, 1000);
    return () => window.clearTimeout(id);
  }, [video]);
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
  const until = cv.expiresAt ? shortDate(cv.expiresAt) : null;

  const saveCv = () => {
    setCvToSave({ cvId, fullName: name });
    void navigate('/hr-introduction');
  };

  return (
    <div className="min-h-screen bg-slate-100 print:bg-white">
      <ViewerHeader>
        {/* The template's own heading is the page's h1: the candidate's name. */}
        <p className="mr-auto text-lg font-semibold text-slate-900">
          {name ? `CV of ${name}` : 'Shared CV'}
          {until && (
            <span className="block text-xs font-normal text-slate-500">
              This link works until {until}
            </span>
          )}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          {video && (
            <Button size="sm" variant="secondary" onClick={() => setVideoOpen(true)}>
              First Impression
            </Button>
          )}
          <Button size="sm" variant="secondary" onClick={() => setPrintOpen(true)}>
            Print
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setPdfOpen(true)}>
            Download PDF
          </Button>
          <div className="group relative">
            <Button size="sm" onClick={saveCv} aria-describedby="save-cv-bubble">
              Save CV
            </Button>
            <p
              id="save-cv-bubble"
              className="absolute top-full right-0 z-10 mt-2 w-56 rounded-lg bg-slate-900 px-3 py-2 text-xs text-white shadow-lg"
            >
              HR professional? Save this CV to your free HR dashboard.
            </p>
          </div>
        </div>
      </ViewerHeader>
      <main className="mx-auto max-w-5xl px-2 pt-16 pb-6 sm:px-6 print:p-0">
        <CvLayout layout={printing === 'ink' ? INK_FRIENDLY_ID : cv.cv.template} data={cv.data} />
      </main>

      {certificates.length > 0 && (
        <button
          type="button"
          onClick={() => setCertsOpen(true)}
          className="fixed right-5 bottom-5 z-40 flex items-center gap-2 rounded-full bg-brand-600 px-4 py-3 text-sm font-semibold text-white shadow-lg hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 print:hidden"
        >
          Certificates
          <span className="rounded-full bg-white px-2 py-0.5 text-xs text-brand-800">
            {certificates.length}
          </span>
        </button>
      )}

      <Suspense fallback={null}>
        {video && videoOpen && (
          <FirstImpressionModal
            open
            onClose={() => setVideoOpen(false)}
            name={name}
            videoUrl={video.videoUrl}
            progress={progress}
          />
        )}
        {pdfOpen && (
          <DownloadPdfDialog
            open
            onClose={() => setPdfOpen(false)}
            path={`/api/curriculum-vitae/${cvId}/pdf`}
            template={cv.cv.template}
            onPrintInstead={setPrinting}
          />
        )}
      </Suspense>
      <CertificatesModal
        open={certsOpen}
        onClose={() => setCertsOpen(false)}
        name={name}
        certificates={certificates}
      />
      <Dialog open={printOpen} onClose={() => setPrintOpen(false)} title="Print CV" size="sm">
        <div className="grid gap-3">
          <Button
            variant="secondary"
            onClick={() => {
              setPrintOpen(false);
              setPrinting('ink');
            }}
          >
            Ink Friendly
          </Button>
          <Button
            onClick={() => {
              setPrintOpen(false);
              setPrinting('template');
            }}
          >
            Print as Template
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
