import { useEffect, useRef, useState } from 'react';
import { VIDEO_MESSAGES, VIDEO_PROGRESS_STAGES_S } from '@vitae/core/media';
import { ApiError } from '../../lib/api.ts';
import { requestSignature, uploadToMedia, UploadError } from '../../lib/media-upload.ts';
import { useAuth } from '../../lib/auth-store.ts';
import { useSaveFirstImpression } from './api.ts';

/**
 * preparing -> signing -> uploading (bytes, with %) -> converting (the server runs
 * ffmpeg before it answers, design departure 3) -> saving.
 */
export type UploadStage = 'idle' | 'preparing' | 'signing' | 'uploading' | 'converting' | 'saving';

export const STAGE_MESSAGES: Record<Exclude<UploadStage, 'idle'>, string> = {
  preparing: 'Preparing your video...',
  signing: 'Getting upload signature...',
  uploading: 'Uploading to the cloud...',
  converting: 'Converting video format...',
  saving: 'Saving to your profile...',
};

const ELAPSED_MESSAGES = [
  'Preparing video...',
  'Converting video...',
  'Uploading video...',
  'Processing video...',
];

/** By elapsed time: under 5 s preparing, 15 converting, 30 uploading, 45 processing. */
export function elapsedMessage(seconds: number): string {
  const i = VIDEO_PROGRESS_STAGES_S.findIndex((limit) => seconds < limit);
  return i === -1 ? 'Finalizing...' : ELAPSED_MESSAGES[i]!;
}

/** Signature, upload, save: with a stage, a percentage, an elapsed-time message. */
export function useVideoUpload() {
  const save = useSaveFirstImpression();
  const { user, sessionChecked } = useAuth();
  const [stage, setStage] = useState<UploadStage>('idle');
  const [percent, setPercent] = useState(0);
  const [elapsed, setElapsed] = useState(0);
  const [error, setError] = useState('');
  const startedAt = useRef(0);
  const busy = stage !== 'idle';

  useEffect(() => {
    if (!busy) return;
    const t = setInterval(
      () => setElapsed(Math.floor((Date.now() - startedAt.current) / 1000)),
      1000,
    );
    return () => clearInterval(t);
  }, [busy]);

  /** Resolves true once the video is saved; false (with `error` set) otherwise. */
  async function upload(video: Blob | null, filename: string, missing: string): Promise<boolean> {
    setError('');
    const refusal = !video
      ? missing
      : !sessionChecked
        ? VIDEO_MESSAGES.authPending
        : !user?._id
          ? VIDEO_MESSAGES.mustLogin
          : '';
    if (refusal || !video || !user) {
      setError(refusal);
      return false;
    }
    startedAt.current = Date.now();
    setElapsed(0);
    setPercent(0);
    setStage('preparing');
    try {
      setStage('signing');
      const sig = await requestSignature('none').catch((e: unknown) => {
        const status = e instanceof ApiError ? e.status : 0;
        throw new Error(`Failed to get upload signature: ${status} ${(e as Error).message}`);
      });
      setStage('uploading');
      const up = await uploadToMedia('video', video, filename, sig, {
        onProgress: (p) => {
          setPercent(p);
          if (p >= 100) setStage('converting');
        },
      });
      setStage('saving');
      await save
        .mutateAsync({ videoUrl: up.secure_url, publicId: up.public_id, userId: user._id })
        .catch(() => {
          throw new Error(VIDEO_MESSAGES.saveFailed);
        });
      return true;
    } catch (e) {
      const message =
        e instanceof UploadError || e instanceof Error ? e.message : VIDEO_MESSAGES.uploadRetry;
      setError(message || VIDEO_MESSAGES.uploadRetry);
      return false;
    } finally {
      setStage('idle');
    }
  }

  const clearError = () => setError('');
  return { upload, clearError, stage, percent, elapsed, error, busy };
}
