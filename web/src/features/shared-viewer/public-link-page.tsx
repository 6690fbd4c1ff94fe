import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { PUBLIC_LINK_MESSAGES } from '@vitae/core/public-link';
import { Button } from '../../components/ui/button.tsx';
import { PageLoader } from '../../components/ui/spinner.tsx';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { fetchLinkedCv, trackLinkView, type UnlockedCv } from './api.ts';
import { CvReader, personOf } from './cv-reader.tsx';
import { VIEWER_TEXTS } from './texts.ts';
import { ViewerShell } from './viewer-shell.tsx';

type Load =
  | { state: 'loading' }
  | { state: 'missing' }
  | { state: 'failed'; message: string }
  | { state: 'open'; cv: UnlockedCv };

/** Counts one view per link per tab: a reload is not a new reader for the owner. */
function useCountedView(slug: string, open: boolean) {
  useEffect(() => {
    if (!open) return;
    const key = `vitae-link-viewed-${slug}`;
    try {
      if (window.sessionStorage.getItem(key)) return;
      window.sessionStorage.setItem(key, '1');
    } catch {
      // Storage may be blocked; the server still bounds how often one address counts.
    }
    // A lost count must not disturb the reader.
    trackLinkView(slug).catch(() => undefined);
  }, [slug, open]);
}

/** /cv/:slug: a CV version its owner made public with a link, readable without a pin. */
export default function PublicLinkPage() {
  const slug = useParams().slug ?? '';
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const fetchCv = useCallback(
    (signal?: AbortSignal) => {
      setLoad({ state: 'loading' });
      fetchLinkedCv(slug, signal)
        .then((cv) => setLoad({ state: 'open', cv }))
        .catch((err: unknown) => {
          if (signal?.aborted) return;
          if (err instanceof ApiError && err.status === 404) return setLoad({ state: 'missing' });
          setLoad({ state: 'failed', message: errorMessage(err, 'The CV could not be loaded.') });
        });
    },
    [slug],
  );
  useEffect(() => {
    const abort = new AbortController();
    fetchCv(abort.signal);
    return () => abort.abort();
  }, [fetchCv]);
  useCountedView(slug, load.state === 'open');
  const name = load.state === 'open' ? personOf(load.cv) : '';
  useEffect(() => {
    if (name) document.title = `CV of ${name} · Vitae`;
  }, [name]);

  if (load.state === 'open') {
    return <CvReader cv={load.cv} pdfPath={`/api/cv-link/${encodeURIComponent(slug)}/pdf`} />;
  }
  return (
    <ViewerShell>
      {load.state === 'loading' ? (
        <PageLoader message="Loading CV..." />
      ) : load.state === 'missing' ? (
        <div role="alert" className="max-w-md rounded-xl bg-white p-8 text-center shadow-md">
          <h1 className="text-xl font-bold text-slate-900">{VIEWER_TEXTS.cvNotFoundTitle}</h1>
          <p className="mt-2 text-slate-600">{PUBLIC_LINK_MESSAGES.notFound}</p>
        </div>
      ) : (
        <div role="alert" className="max-w-md rounded-xl bg-white p-8 text-center shadow-md">
          <h1 className="text-xl font-bold text-slate-900">{load.message}</h1>
          <Button className="mt-4" onClick={() => fetchCv()}>
            Try again
          </Button>
        </div>
      )}
    </ViewerShell>
  );
}
