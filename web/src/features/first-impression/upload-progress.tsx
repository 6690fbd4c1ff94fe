import { ProgressBar } from '../../components/ui/progress-bar.tsx';
import { elapsedMessage, STAGE_MESSAGES, type UploadStage } from './use-video-upload.ts';

/** The progress message area of both upload screens. */
export function UploadProgress({
  stage,
  percent,
  elapsed,
}: {
  stage: UploadStage;
  percent: number;
  elapsed: number;
}) {
  if (stage === 'idle') return null;
  return (
    <div role="status" className="space-y-2 rounded-lg border border-brand-200 bg-brand-50 p-3">
      <p className="text-sm font-medium text-brand-900">
        {STAGE_MESSAGES[stage]}
        {stage === 'uploading' && ` ${percent}%`}
      </p>
      <ProgressBar value={percent} trackClassName="bg-white" />
      <p className="text-xs text-brand-900">
        {elapsedMessage(elapsed)} ({elapsed}s)
      </p>
    </div>
  );
}
