import { Suspense, useEffect, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { lazyWithRetry } from '../../lib/lazy-retry.ts';
import { usePrintChoice } from '../../lib/print.ts';
import { CvLayout, INK_FRIENDLY_ID } from '../templates/index.ts';
import type { UnlockedCv } from './api.ts';
import { CertificatesModal } from './certificates-modal.tsx';
import { shortDate } from './texts.ts';
import type { ProgressReporter } from './video-progress.ts';
import { ViewerHeader } from './viewer-shell.tsx';

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

/** The person a CV is of, as the reader's title names them ('' when the CV has no name). */
export const personOf = (cv: UnlockedCv): string => cv.data.personalInfo?.fullName ?? '';

/**
 * A CV opened by someone other than its owner (a share's recipient after the pin, anyone
 * holding a public link): the CV in its template, with the video, certificates, print and PDF.
 */
export function CvReader({
  cv,
  pdfPath,
  progress,
  onSaveCv,
}: {
  cv: UnlockedCv;
  /** Where this reader's PDF comes from (the share's, the public link's). */
  pdfPath: string;
  /** Reports how much of the video this view watched, when the view is tracked. */
  progress?: ProgressReporter;
  /** "Save CV" for an HR user, where the reader may save it. */
  onSaveCv?: () => void;
}) {
  const name = personOf(cv);
  const video = cv.data.firstImpression;
  const certificates = cv.data.certificates;
  const [videoOpen, setVideoOpen] = useState(false);
  const [certsOpen, setCertsOpen] = useState(false);
  const [printOpen, setPrintOpen] = useState(false);
  const [pdfOpen, setPdfOpen] = useState(false);
  const [printing, setPrinting] = usePrintChoice<'ink' | 'template'>();
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
  const until = cv.expiresAt ? shortDate(cv.expiresAt) : null;

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
          {onSaveCv && (
            <div className="group relative">
              <Button size="sm" onClick={onSaveCv} aria-describedby="save-cv-bubble">
                Save CV
              </Button>
              <p
                id="save-cv-bubble"
                className="absolute top-full right-0 z-10 mt-2 w-56 rounded-lg bg-slate-900 px-3 py-2 text-xs text-white shadow-lg"
              >
                HR professional? Save this CV to your free HR dashboard.
              </p>
            </div>
          )}
        </div>
      </ViewerHeader>
      <main
        className={`mx-auto max-w-5xl px-2 pb-6 sm:px-6 print:p-0 ${onSaveCv ? 'pt-16' : 'pt-6'}`}
      >
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
            path={pdfPath}
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
