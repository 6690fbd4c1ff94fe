import { useState } from 'react';
import { VIDEO_MESSAGES, publicIdFromUrl, type FirstImpression } from '@vitae/core/media';
import { Banner } from '../../components/ui/banner.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { mediaSrc } from '../../lib/media-upload.ts';
import { useRemoveFirstImpression } from './api.ts';

/** The player and the removal modal; `onRemoved` runs once the video is gone. */
export function VideoView({
  video,
  onRemoved,
}: {
  video: FirstImpression | null;
  onRemoved: () => void;
}) {
  const remove = useRemoveFirstImpression();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState('');
  const [loadFailed, setLoadFailed] = useState(false);

  if (!video) {
    return (
      <div className="rounded-xl border border-slate-200 bg-white p-6 text-center">
        <h3 className="text-lg font-semibold text-slate-900">No Video Available</h3>
        <p className="mt-1 text-sm text-slate-600">
          You haven&apos;t uploaded a first impression video yet.
        </p>
      </div>
    );
  }

  function confirmRemove() {
    if (!video) return window.alert(VIDEO_MESSAGES.noVideoToRemove);
    const publicId = video.publicId || publicIdFromUrl(video.videoUrl);
    if (!publicId) {
      setConfirming(false);
      return setError(VIDEO_MESSAGES.noPublicId);
    }
    setError('');
    remove.mutate(
      { id: video._id, publicId },
      {
        onSuccess: () => {
          setConfirming(false);
          onRemoved();
        },
        onError: () => {
          setConfirming(false);
          setError(VIDEO_MESSAGES.removeFailed);
        },
      },
    );
  }

  return (
    <div className="space-y-4">
      {error && <Banner tone="error">{error}</Banner>}
      {loadFailed && <Banner tone="error">{VIDEO_MESSAGES.loadFailed}</Banner>}
      <video
        key={video.videoUrl}
        src={mediaSrc(video.videoUrl)}
        poster={video.posterUrl ? mediaSrc(video.posterUrl) : undefined}
        controls
        playsInline
        preload="metadata"
        aria-label="Your first impression video"
        onError={() => setLoadFailed(true)}
        className="mx-auto max-h-[70vh] w-full max-w-md rounded-lg bg-black"
      />
      <div className="flex justify-center">
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          Remove Video/Record New
        </Button>
      </div>
      <Dialog
        open={confirming}
        onClose={() => !remove.isPending && setConfirming(false)}
        title="Remove First Impression Video?"
        footer={
          <>
            <Button
              variant="secondary"
              onClick={() => setConfirming(false)}
              disabled={remove.isPending}
            >
              Cancel
            </Button>
            <Button variant="danger" onClick={confirmRemove} loading={remove.isPending}>
              {remove.isPending ? 'Removing...' : 'Remove Video'}
            </Button>
          </>
        }
      >
        <p>
          Are you sure you want to remove your first impression video? This action cannot be undone.
        </p>
        <Banner tone="warning" className="mt-3">
          Your first impression video is a key part of your CV. Only remove it if you plan to upload
          or record a new one.
        </Banner>
      </Dialog>
    </div>
  );
}
