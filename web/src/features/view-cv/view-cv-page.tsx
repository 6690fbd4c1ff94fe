import { useState } from 'react';
import { Link } from 'react-router';
import { CV_TEMPLATES, isCvEmpty, resolveTemplateId, type TemplateId } from '@vitae/core/cv';
import { sampleInOwnLook } from '@vitae/core/sample-cv';
import { Banner } from '../../components/ui/banner.tsx';
import { Button } from '../../components/ui/button.tsx';
import { PageLoader } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api.ts';
import { usePrintChoice } from '../../lib/print.ts';
import { CvLayout, INK_FRIENDLY_ID } from '../templates/index.ts';
import {
  useCvData,
  useCurrentVersionId,
  useSavePageSize,
  useSaveTemplate,
  VersionSwitcher,
  type CvDataWithPage,
} from '../cv/api.ts';
import { PrintDialog, type PrintChoice } from './print-dialog.tsx';
import { CvFileDownloads, DownloadPdfDialog } from '../pdf/index.ts';
import { ScreeningCheck } from '../screening-check/index.ts';

/** /app/view-cv: the CV in the chosen template, the template dropdown, and printing. */
export default function ViewCvPage() {
  const query = useCvData();
  const version = useCurrentVersionId();
  const saveTemplate = useSaveTemplate();
  const [printOpen, setPrintOpen] = useState(false);
  const [pdfOpen, setPdfOpen] = useState(false);
  const [checkOpen, setCheckOpen] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const [printing, setPrinting] = usePrintChoice<PrintChoice>();

  const savePageSize = useSavePageSize();

  // Switching version refetches the CV: the header (and the switcher's focus) stays.
  const loading = query.isPending;
  const template = resolveTemplateId(query.data?.cv.template);
  const { pageSize } = (query.data as CvDataWithPage | undefined)?.cv ?? {};
  const empty = !loading && (!query.data || isCvEmpty(query.data.data));
  // An empty CV shows the sample in the owner's own design and section arrangement.
  const data = empty || !query.data ? sampleInOwnLook(query.data?.data) : query.data.data;
  const layout = printing === 'ink' ? INK_FRIENDLY_ID : template;

  const choose = (choice: PrintChoice) => {
    setPrintOpen(false);
    setPrinting(choice);
  };

  return (
    <div className="min-h-screen bg-slate-100 print:bg-white">
      <header data-print-hide className="border-b border-slate-200 bg-white print:hidden">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-2 px-4 py-3 sm:px-6">
          <Link to="/app/dashboard" className="text-sm font-medium text-brand-700 hover:underline">
            ← Back to dashboard
          </Link>
          <h1 className="mr-auto text-lg font-semibold text-slate-900">View CV</h1>
          <VersionSwitcher />
          <label className="flex items-center gap-2 text-sm text-slate-700">
            Template
            <select
              value={template}
              disabled={loading}
              onChange={(e) => saveTemplate.mutate(e.target.value as TemplateId)}
              className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
            >
              {CV_TEMPLATES.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </select>
          </label>
          <Button size="sm" variant="secondary" onClick={() => setPrintOpen(true)}>
            Print
          </Button>
          {!empty && !loading && (
            <>
              <Button size="sm" variant="secondary" onClick={() => setPdfOpen(true)}>
                Download PDF
              </Button>
              <CvFileDownloads
                hasPhoto={Boolean(data.assignedPhotoUrl)}
                onError={setFileError}
                version={version}
              />
              <Button size="sm" variant="secondary" onClick={() => setCheckOpen(true)}>
                Screening check
              </Button>
            </>
          )}
          <Link
            to="/app/share-cv"
            className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700"
          >
            Share CV
          </Link>
        </div>
      </header>

      <main className="mx-auto max-w-5xl px-2 py-6 sm:px-6 print:p-0">
        <div data-print-hide className="mb-4 space-y-3 print:hidden">
          {query.isError && (
            <Banner tone="error">{errorMessage(query.error, 'We could not load your CV.')}</Banner>
          )}
          {fileError && (
            <Banner tone="error" onClose={() => setFileError(null)}>
              {fileError}
            </Banner>
          )}
          {saveTemplate.isError && (
            <Banner tone="error">
              {errorMessage(saveTemplate.error, 'The template could not be saved.')}
            </Banner>
          )}
          {empty && (
            <Banner tone="info" title="Sample CV">
              Your CV is still empty, so this is a sample showing what the template looks like.{' '}
              <Link to="/app/cv-builder" className="font-semibold underline">
                Start building your CV
              </Link>
            </Banner>
          )}
        </div>
        {loading ? (
          <PageLoader message="Loading your CV..." />
        ) : (
          <div className="relative">
            {empty && (
              <p
                aria-hidden="true"
                className="pointer-events-none absolute top-4 right-4 z-10 rotate-6 rounded border-2 border-rose-600 bg-white/80 px-3 py-1 text-sm font-black tracking-widest text-rose-600 uppercase"
              >
                Sample CV
              </p>
            )}
            <CvLayout layout={layout} data={data} />
          </div>
        )}
      </main>

      <ScreeningCheck
        open={checkOpen}
        onClose={() => setCheckOpen(false)}
        version={version}
        template={template}
      />
      <PrintDialog open={printOpen} onClose={() => setPrintOpen(false)} onChoose={choose} />
      <DownloadPdfDialog
        open={pdfOpen}
        onClose={() => setPdfOpen(false)}
        path="/api/curriculum-vitae/pdf"
        template={template}
        version={version}
        defaultPaper={pageSize === 'Letter' ? 'letter' : 'a4'}
        onPaperChange={(paper) => savePageSize.change(paper === 'letter' ? 'Letter' : 'A4')}
        onPrintInstead={choose}
      />
    </div>
  );
}
