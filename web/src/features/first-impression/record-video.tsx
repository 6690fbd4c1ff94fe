import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  RECORDING_MAX_S,
  RECORDING_WARNING_S,
  VIDEO_MESSAGES,
  VIDEO_UPLOAD_REDIRECT_MS,
  formatDuration,
} from '@vitae/core/media';
import { Banner } from '../../components/ui/banner.tsx';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { UploadProgress } from './upload-progress.tsx';
import { useVideoUpload } from './use-video-upload.ts';
import { RECORDING_CONSTRAINTS, recorderOptions, revealDuration } from './video-media.ts';

type RecordState = 'off' | 'live' | 'recording' | 'recorded';

/** "Recording time left", turning to "Auto-stop in" with a warning style at 5 s or fewer. */
export function Countdown({ remaining }: { remaining: number }) {
  const warn = remaining <= RECORDING_WARNING_S;
  return (
    <p
      aria-live="polite"
      data-warning={warn || undefined}
      className={cn(
        'rounded-md px-3 py-1.5 text-sm font-semibold tabular-nums',
        warn ? 'animate-pulse bg-red-100 text-red-800' : 'bg-slate-100 text-slate-800',
      )}
    >
      {warn ? `Auto-stop in: ${remaining}s` : `Recording time left: ${formatDuration(remaining)}`}
    </p>
  );
}

export function RecordVideo() {
  const navigate = useNavigate();
  const upload = useVideoUpload();
  const [state, setState] = useState<RecordState>('off');
  const [error, setError] = useState('');
  const [remaining, setRemaining] = useState(RECORDING_MAX_S);
  const [recording, setRecording] = useState<Blob | null>(null);
  const [preview, setPreview] = useState('');
  const [done, setDone] = useState(false);
  const stream = useRef<MediaStream | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const live = useRef<HTMLVideoElement>(null);
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);

  // The camera goes off when the screen goes away.
  useEffect(
    () => () => {
      stream.current?.getTracks().forEach((t) => t.stop());
      if (recorder.current?.state === 'recording') recorder.current.stop();
      clearTimeout(redirect.current);
    },
    [],
  );
  useEffect(() => {
    if (live.current && stream.current && (state === 'live' || state === 'recording')) {
      live.current.srcObject = stream.current;
    }
  }, [state]);
  useEffect(() => {
    if (!recording) return setPreview('');
    const url = URL.createObjectURL(recording);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [recording]);
  // One tick a second; at zero the recording stops by itself.
  useEffect(() => {
    if (state !== 'recording') return;
    if (remaining <= 0) {
      recorder.current?.stop();
      return;
    }
    const t = setTimeout(() => setRemaining((r) => r - 1), 1000);
    return () => clearTimeout(t);
  }, [state, remaining]);

  async function startCamera() {
    setError('');
    try {
      if (!navigator.mediaDevices?.getUserMedia) throw new Error('no camera');
      stream.current = await navigator.mediaDevices.getUserMedia(RECORDING_CONSTRAINTS);
      setState('live');
    } catch {
      setError(VIDEO_MESSAGES.cameraFailed);
    }
  }

  function startRecording() {
    if (!stream.current) return;
    const chunks: Blob[] = [];
    let rec: MediaRecorder;
    try {
      rec = new MediaRecorder(stream.current, recorderOptions());
    } catch {
      setError('Recording is not supported in this browser. Please upload a video file instead.');
      return;
    }
    rec.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.push(e.data);
    };
    rec.onstop = () => {
      setRecording(new Blob(chunks, { type: rec.mimeType || 'video/webm' }));
      setState('recorded');
    };
    recorder.current = rec;
    setRemaining(RECORDING_MAX_S);
    rec.start(1000);
    setState('recording');
  }

  function retry() {
    setRecording(null);
    setState(stream.current ? 'live' : 'off');
  }

  async function send() {
    const ext = recording?.type.includes('mp4') ? 'mp4' : 'webm';
    const ok = await upload.upload(recording, `recording.${ext}`, VIDEO_MESSAGES.noRecording);
    if (!ok) return;
    setDone(true);
    stream.current?.getTracks().forEach((t) => t.stop());
    redirect.current = setTimeout(() => navigate('/app/dashboard'), VIDEO_UPLOAD_REDIRECT_MS);
  }

  const shownError = error || upload.error;
  return (
    <div className="space-y-4">
      {shownError && <Banner tone="error">{shownError}</Banner>}
      {done && <Banner tone="success">{VIDEO_MESSAGES.uploadSucceeded}</Banner>}
      {(state === 'live' || state === 'recording') && (
        <video
          ref={live}
          autoPlay
          playsInline
          muted
          aria-label="Camera preview"
          className="mx-auto aspect-[9/16] max-h-[60vh] rounded-lg bg-black"
        />
      )}
      {state === 'recording' && <Countdown remaining={remaining} />}
      {state === 'recorded' && preview && (
        <video
          src={preview}
          controls
          playsInline
          onLoadedMetadata={(e) => revealDuration(e.currentTarget)}
          aria-label="Recorded video preview"
          className="mx-auto aspect-[9/16] max-h-[60vh] rounded-lg bg-black"
        />
      )}
      <UploadProgress stage={upload.stage} percent={upload.percent} elapsed={upload.elapsed} />
      <div className="flex flex-wrap gap-2">
        {state === 'off' && <Button onClick={startCamera}>Start Camera</Button>}
        {state === 'live' && <Button onClick={startRecording}>Start Recording</Button>}
        {state === 'recording' && (
          <Button variant="danger" onClick={() => recorder.current?.stop()}>
            Stop Recording
          </Button>
        )}
        {state === 'recorded' && !done && (
          <>
            <Button variant="secondary" onClick={retry} disabled={upload.busy}>
              Retry
            </Button>
            <Button onClick={send} loading={upload.busy}>
              {upload.busy ? 'Uploading...' : 'Upload to Cloud'}
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
