import { Banner } from '../../components/ui/banner.tsx';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { ProgressBar } from '../../components/ui/progress-bar.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { API_BASE, errorMessage } from '../../lib/api.ts';
import {
  EXPORT_DOWNLOAD_URL,
  JSON_RESUME_URL,
  useAccountExport,
  useStartExport,
  type AccountExport,
} from './api.ts';

const megabytes = (bytes: number) => `${Math.max(0.1, bytes / 1024 / 1024).toFixed(1)} MB`;
const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function ExportState({ job }: { job: AccountExport }) {
  if (job.status === 'queued' || job.status === 'running') {
    return (
      <div className="space-y-2" data-testid="export-progress">
        <p className="text-sm text-slate-700">
          {job.status === 'queued' ? 'Waiting to start...' : 'Building your export...'}{' '}
          {job.progress}%
        </p>
        <ProgressBar value={job.progress} label="Export progress" />
      </div>
    );
  }
  if (job.status === 'ready') {
    return (
      <Banner tone="success" title="Your export is ready">
        <p>
          {megabytes(job.size)}; it is deleted{' '}
          {job.expiresAt ? `after ${when(job.expiresAt)}` : 'soon'}.
        </p>
        <a
          href={`${API_BASE}${EXPORT_DOWNLOAD_URL}`}
          download
          className={buttonClass('primary', 'sm', 'mt-2')}
        >
          Download ZIP
        </a>
      </Banner>
    );
  }
  return (
    <Banner tone={job.status === 'failed' ? 'error' : 'info'}>
      {job.status === 'failed'
        ? 'The last export could not be built. Please try again.'
        : 'Your last export has expired and was deleted.'}
    </Banner>
  );
}

/** "Export my account": starts the background job, shows its progress, then the download. */
export function ExportCard() {
  const current = useAccountExport();
  const start = useStartExport();
  const job = current.data?.export ?? null;
  const building = job?.status === 'queued' || job?.status === 'running';
  return (
    <Card className="space-y-4 p-5">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">Export my account</h2>
        <p className="mt-1 text-sm text-slate-600">
          One ZIP with your CV as a JSON Resume, everything Vitae holds about your account (as JSON)
          and your photos, certificates and video (the video as Vitae converted it; README.txt in
          the ZIP says what each file is). You get a notification when it is ready.
        </p>
      </div>
      {current.isPending ? (
        <Spinner />
      ) : current.isError ? (
        <Banner tone="error">{errorMessage(current.error, 'Could not load your export.')}</Banner>
      ) : (
        job && <ExportState job={job} />
      )}
      {start.isError && (
        <Banner tone="error">{errorMessage(start.error, 'Could not start the export.')}</Banner>
      )}
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => start.mutate()} loading={start.isPending} disabled={building}>
          Export my account
        </Button>
        <a href={`${API_BASE}${JSON_RESUME_URL}`} download className={buttonClass('secondary')}>
          Download CV as JSON Resume
        </a>
      </div>
    </Card>
  );
}
