import { useState } from 'react';
import {
  VIDEO_MAX_BYTES,
  VIDEO_MAX_DURATION_S,
  VIDEO_MESSAGES,
  formatDuration,
  videoTooLongMessage,
} from '@vitae/core/media';
import { Banner } from '../../components/ui/banner.tsx';
import { Button } from '../../components/ui/button.tsx';
import { DropZone } from '../../components/ui/drop-zone.tsx';
import { UploadProgress } from './upload-progress.tsx';
import { useVideoUpload } from './use-video-upload.ts';
import { readVideoDuration } from './video-media.ts';

/** Type, size, then the duration the browser reads (docs/product/media.md#first-impression). */
async function checkVideo(file: File): Promise<{ error: string } | { duration: number }> {
  if (!file.type.startsWith('video/')) return { error: VIDEO_MESSAGES.notVideo };
  if (file.size > VIDEO_MAX_BYTES) return { error: VIDEO_MESSAGES.tooLarge };
  try {
    const duration = await readVideoDuration(file);
    if (duration > VIDEO_MAX_DURATION_S) return { error: videoTooLongMessage(duration) };
    return { duration };
  } catch {
    return { error: VIDEO_MESSAGES.durationUnknown };
  }
}

export function UploadVideoFile({ onUploaded }: { onUploaded: () => void }) {
  const upload = useVideoUpload();
  const [file, setFile] = useState<File | null>(null);
  const [duration, setDuration] = useState(0);
  const [error, setError] = useState('');
  const [checking, setChecking] = useState(false);

  async function pick(f: File | undefined) {
    if (!f) return;
    setError('');
    upload.clearError();
    setFile(null);
    setChecking(true);
    const result = await checkVideo(f);
    setChecking(false);
    if ('error' in result) return setError(result.error);
    setFile(f);
    setDuration(result.duration);
  }
  const clear = () => {
    setFile(null);
    setError('');
    upload.clearError();
  };
  async function send() {
    const ok = await upload.upload(file, file?.name ?? 'video', VIDEO_MESSAGES.fileRequired);
    if (ok) onUploaded();
  }

  const label =
    upload.stage === 'converting'
      ? 'Converting...'
      : upload.busy
        ? `Uploading... ${upload.percent}%`
        : 'Upload Video';
  return (
    <div className="space-y-4">
      {(error || upload.error) && <Banner tone="error">{error || upload.error}</Banner>}
      <DropZone
        inputId="first-impression-file"
        accept="video/*"
        onFile={(f) => void pick(f)}
        inputLabel="Video file"
        className="p-8"
        testId="video-drop-zone"
      >
        {checking ? (
          <p className="text-sm text-slate-700">Checking video...</p>
        ) : file ? (
          <p className="text-sm font-medium text-slate-900">
            {file.name} <span className="text-slate-600">({formatDuration(duration)})</span>
          </p>
        ) : (
          <p className="text-sm text-slate-700">
            Click to choose a video, or drag and drop it here
          </p>
        )}
        <p className="mt-1 text-xs text-slate-600">
          MP4, WebM, MOV or AVI, up to {VIDEO_MAX_DURATION_S} seconds. Portrait is recommended.
        </p>
      </DropZone>
      <UploadProgress stage={upload.stage} percent={upload.percent} elapsed={upload.elapsed} />
      <div className="flex flex-wrap gap-2">
        <Button onClick={send} loading={upload.busy} disabled={checking}>
          {label}
        </Button>
        {file && !upload.busy && (
          <Button variant="secondary" onClick={clear}>
            Clear
          </Button>
        )}
      </div>
    </div>
  );
}
