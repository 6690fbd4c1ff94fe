import { useEffect, useState, type ReactNode } from 'react';
import { DEMO_AUTOPLAY_DELAY_MS, VIDEO_MESSAGES } from '@vitae/core/media';
import { SUCCESS_MESSAGE_MS } from '@vitae/core/constants';
import { Banner } from '../../components/ui/banner.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useFirstImpression } from './api.ts';
import { RecordVideo } from './record-video.tsx';
import { UploadVideoFile } from './upload-video-file.tsx';
import { VideoView } from './video-view.tsx';
import { openDemoWindow } from './video-media.ts';

type Mode = 'chooser' | 'record' | 'upload';

/** Set by the landing and dashboard "see a demo" links: play it once, on arrival. */
export const AUTO_PLAY_DEMO_KEY = 'autoPlayDemo';

function takeAutoPlayFlag(): boolean {
  try {
    if (window.sessionStorage.getItem(AUTO_PLAY_DEMO_KEY) !== 'true') return false;
    window.sessionStorage.removeItem(AUTO_PLAY_DEMO_KEY);
    return true;
  } catch {
    return false;
  }
}

const TIPS = [
  'Keep it brief: 30 seconds max',
  'Speak clearly and at a steady pace',
  'Dress professionally',
  'Find a quiet, well-lit place',
  'Practice what you want to say before you record',
];

function WatchDemo() {
  const [loading, setLoading] = useState(false);
  const watch = () => {
    setLoading(true);
    void openDemoWindow().finally(() => setLoading(false));
  };
  return (
    <Button variant="secondary" onClick={watch} loading={loading}>
      Watch Demo
    </Button>
  );
}

function Option({ title, text, onClick }: { title: string; text: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="rounded-xl border-2 border-slate-200 bg-white p-5 text-left transition-colors hover:border-brand-600 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      <span className="block text-base font-semibold text-slate-900">{title}</span>
      <span className="mt-1 block text-sm text-slate-600">{text}</span>
    </button>
  );
}

function Chooser({ onChoose }: { onChoose: (m: Mode) => void }) {
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 className="text-lg font-semibold text-slate-900">Create Your First Impression</h3>
        <WatchDemo />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Option
          title="Upload Video File"
          text="MP4, MOV, AVI and more"
          onClick={() => onChoose('upload')}
        />
        <Option
          title="Record New Video"
          text="Use your webcam and microphone, preview and retake"
          onClick={() => onChoose('record')}
        />
      </div>
      <Banner tone="info" title="What is a First Impression?">
        A short video, up to 30 seconds, in which you introduce yourself to employers. It goes with
        your CV and lets a recruiter see and hear you before the interview.
      </Banner>
      <div className="rounded-xl border border-slate-200 bg-white p-4">
        <h4 className="font-semibold text-slate-900">Tips for a great first impression</h4>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
          {TIPS.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function SubScreen({
  title,
  onBack,
  aside,
  children,
}: {
  title: string;
  onBack: () => void;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button variant="ghost" onClick={onBack}>
          ← Back to Options
        </Button>
        {aside}
      </div>
      <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
      {children}
    </div>
  );
}

export function FirstImpressionScreen() {
  const video = useFirstImpression();
  const [mode, setMode] = useState<Mode>('chooser');
  const [success, setSuccess] = useState('');
  const [justRemoved, setJustRemoved] = useState(false);

  useEffect(() => {
    if (!takeAutoPlayFlag()) return;
    setMode('record');
    const t = setTimeout(() => void openDemoWindow(), DEMO_AUTOPLAY_DELAY_MS);
    return () => clearTimeout(t);
  }, []);
  useEffect(() => {
    if (!success && !justRemoved) return;
    // The message stays 3 s; after a removal the chooser comes back then.
    const t = setTimeout(() => {
      setSuccess('');
      setJustRemoved(false);
    }, SUCCESS_MESSAGE_MS);
    return () => clearTimeout(t);
  }, [success, justRemoved]);

  if (video.isLoading) {
    return (
      <p role="status" className="flex items-center gap-3 py-10 text-sm text-slate-600">
        <Spinner className="text-brand-600" /> Checking your first impression video status
      </p>
    );
  }

  const back = () => setMode('chooser');
  const current = video.data ?? null;
  let body: ReactNode;
  // A sub-screen stays up until it is done (the record screen shows its success, then leaves).
  if ((current || justRemoved) && mode === 'chooser') {
    body = (
      <VideoView
        video={current}
        onRemoved={() => {
          setSuccess(VIDEO_MESSAGES.removed);
          setJustRemoved(true);
          setMode('chooser');
        }}
      />
    );
  } else if (mode === 'record') {
    body = (
      <SubScreen title="Record New Video" onBack={back} aside={<WatchDemo />}>
        <RecordVideo />
      </SubScreen>
    );
  } else if (mode === 'upload') {
    body = (
      <SubScreen title="Upload Video File" onBack={back}>
        <UploadVideoFile
          onUploaded={() => {
            setSuccess(VIDEO_MESSAGES.uploadSucceeded);
            setMode('chooser');
          }}
        />
      </SubScreen>
    );
  } else {
    body = <Chooser onChoose={setMode} />;
  }
  return (
    <div className="space-y-6">
      {success && <Banner tone="success">{success}</Banner>}
      {body}
    </div>
  );
}

export default FirstImpressionScreen;
