import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { playedPercent, type ProgressReporter } from './video-progress.ts';

/** The candidate's video: autoplays with a spinner until it can play; closing pauses and rewinds. */
export function FirstImpressionModal(props: {
  open: boolean;
  onClose: () => void;
  name: string;
  videoUrl: string;
  /** Told how far the video got as it plays (the viewer reports it to the sender). */
  progress?: ProgressReporter;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (props.open) {
      setLoading(true);
      setFailed(false);
    }
  }, [props.open]);

  const track = (e: { currentTarget: HTMLVideoElement }) =>
    props.progress?.update(playedPercent(e.currentTarget));
  const settle = (e: { currentTarget: HTMLVideoElement }) => {
    track(e);
    props.progress?.flush();
  };

  const close = () => {
    const v = video.current;
    if (v) {
      // Before the rewind: the position reached counts, not the 0 the rewind leaves.
      props.progress?.update(playedPercent(v));
      props.progress?.flush();
      v.pause();
      v.currentTime = 0;
    }
    props.onClose();
  };

  return (
    <Dialog
      open={props.open}
      onClose={close}
      title={`First Impression Video of ${props.name || 'This Candidate'}`}
      size="md"
    >
      {failed ? (
        <div role="alert" className="space-y-3 py-4 text-center">
          <p className="font-semibold text-red-800">Video Error</p>
          <p>Unable to load the video. Please try again later.</p>
          <Button variant="secondary" onClick={() => window.location.reload()}>
            Retry
          </Button>
        </div>
      ) : (
        <div className="relative flex justify-center bg-black">
          {loading && (
            <div className="absolute inset-0 flex items-center justify-center">
              <Spinner />
              <span className="sr-only">Loading video...</span>
            </div>
          )}
          <video
            ref={video}
            src={props.videoUrl}
            autoPlay
            controls
            playsInline
            className="max-h-[70vh] w-full"
            onCanPlay={() => setLoading(false)}
            onError={() => setFailed(true)}
            onTimeUpdate={track}
            onPause={settle}
            onEnded={settle}
          />
        </div>
      )}
    </Dialog>
  );
}
