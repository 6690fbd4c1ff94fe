import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  CAMERA_CAPTURE_QUALITY,
  PHOTO_MAX_BYTES,
  PHOTO_MESSAGES,
  PHOTO_TITLE_MAX,
} from '@vitae/core/media';
import { SUCCESS_MESSAGE_MS } from '@vitae/core/constants';
import { formatDay } from '@vitae/core/dates';
import { Banner } from '../../components/ui/banner.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useFileDrop } from '../../components/ui/drop-zone.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { ProgressBar } from '../../components/ui/progress-bar.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api.ts';
import {
  initialCrop,
  loadImage,
  PhotoCropper,
  renderCrop,
  type Crop,
  type CropShape,
  type Size,
} from './photo-crop.tsx';
import { useAssignPhoto, useCreatePhoto, useDeletePhoto, usePhotos } from './api.ts';
import { requestSignature, uploadToMedia, UploadError } from '../../lib/media-upload.ts';

type Stage = 'idle' | 'compressing' | 'signing' | 'uploading' | 'saving';

/**
 * What the crop frame shows is what is uploaded; before the user moves it, the centred
 * square. An image the browser cannot draw goes as it is (the server judges it).
 */
async function framed(file: File, src: string, crop: Crop | null): Promise<File> {
  const image = await loadImage(src).catch(() => null);
  if (!image) return file;
  const blob = await renderCrop(image, crop ?? initialCrop(image));
  return new File([blob], 'photo.jpg', { type: 'image/jpeg' });
}

function checkFile(file: File | null): string | null {
  if (!file) return PHOTO_MESSAGES.fileRequired;
  if (!file.type.startsWith('image/')) return PHOTO_MESSAGES.notImage;
  if (file.size >= PHOTO_MAX_BYTES) return PHOTO_MESSAGES.tooLarge;
  return null;
}

function Camera({ onCapture, onClose }: { onCapture: (f: File) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    let stream: MediaStream | undefined;
    navigator.mediaDevices
      ?.getUserMedia({
        video: { width: { ideal: 1280 }, height: { ideal: 720 }, facingMode: 'user' },
      })
      .then((s) => {
        stream = s;
        if (video.current) video.current.srcObject = s;
      })
      .catch(() => setError(PHOTO_MESSAGES.cameraFailed));
    if (!navigator.mediaDevices) setError(PHOTO_MESSAGES.cameraFailed);
    return () => stream?.getTracks().forEach((t) => t.stop());
  }, []);
  const capture = () => {
    const v = video.current;
    if (!v || !v.videoWidth) return;
    const canvas = document.createElement('canvas');
    canvas.width = v.videoWidth;
    canvas.height = v.videoHeight;
    canvas.getContext('2d')?.drawImage(v, 0, 0);
    canvas.toBlob(
      (blob) => blob && onCapture(new File([blob], 'camera.jpg', { type: 'image/jpeg' })),
      'image/jpeg',
      CAMERA_CAPTURE_QUALITY,
    );
  };
  return (
    <div className="space-y-3 rounded-lg border border-slate-200 p-3">
      {error ? (
        <Banner tone="error">{error}</Banner>
      ) : (
        <video
          ref={video}
          autoPlay
          playsInline
          muted
          className="w-full max-w-md rounded bg-black"
          aria-label="Camera preview"
        />
      )}
      <div className="flex gap-2">
        {!error && <Button onClick={capture}>Take Photo</Button>}
        <Button variant="secondary" onClick={onClose}>
          Close Camera
        </Button>
      </div>
    </div>
  );
}

export function PhotoScreen() {
  const photos = usePhotos();
  const create = useCreatePhoto();
  const assign = useAssignPhoto();
  const remove = useDeletePhoto();
  const [title, setTitle] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState('');
  const [natural, setNatural] = useState<Size | null>(null);
  const [crop, setCrop] = useState<Crop | null>(null);
  const [shape, setShape] = useState<CropShape>('circle');
  const [errors, setErrors] = useState<{ title?: string; file?: string; general?: string }>({});
  const [stage, setStage] = useState<Stage>('idle');
  const [progress, setProgress] = useState(0);
  const [success, setSuccess] = useState('');
  const [camera, setCamera] = useState(false);
  const [confirmId, setConfirmId] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    setNatural(null);
    setCrop(null);
    if (!file) return setPreview('');
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  useEffect(() => {
    if (!success) return;
    const t = setTimeout(() => setSuccess(''), SUCCESS_MESSAGE_MS);
    return () => clearTimeout(t);
  }, [success]);

  const pick = (f: File | null | undefined) => {
    const problem = f ? checkFile(f) : null;
    setErrors((e) => ({ ...e, file: problem ?? undefined, general: undefined }));
    setFile(problem ? null : (f ?? null));
  };
  const { dropProps } = useFileDrop(pick);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const next: typeof errors = {};
    const fileProblem = checkFile(file);
    if (fileProblem) next.file = fileProblem;
    if (!title.trim()) next.title = PHOTO_MESSAGES.titleRequired;
    else if (title.trim().length > PHOTO_TITLE_MAX) next.title = PHOTO_MESSAGES.titleTooLong;
    setErrors(next);
    if (Object.keys(next).length || !file) return;
    let step: Stage = 'compressing';
    try {
      setStage(step);
      const blob = await framed(file, preview, crop);
      step = 'signing';
      setStage(step);
      const sig = await requestSignature('photo');
      step = 'uploading';
      setStage(step);
      setProgress(0);
      const up = await uploadToMedia('image', blob, 'photo.jpg', sig, {
        preset: 'photo',
        onProgress: setProgress,
      });
      setProgress(100);
      step = 'saving';
      setStage(step);
      await create.mutateAsync({
        title: title.trim(),
        photoUrl: up.secure_url,
        publicId: up.public_id,
      });
      setTitle('');
      setFile(null);
      setSuccess('Photo uploaded successfully!');
    } catch (err) {
      const fallback =
        step === 'compressing'
          ? PHOTO_MESSAGES.processFailed
          : step === 'signing'
            ? PHOTO_MESSAGES.prepareFailed
            : PHOTO_MESSAGES.uploadFailed;
      setErrors({
        general: err instanceof UploadError ? err.message : errorMessage(err, fallback),
      });
    } finally {
      setStage('idle');
    }
  }

  const busy = stage !== 'idle';
  const list = photos.data ?? [];
  return (
    <div className="space-y-8">
      <form
        onSubmit={submit}
        noValidate
        className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
      >
        <h2 className="text-lg font-semibold text-slate-900">Upload a Profile Photo</h2>
        {errors.general && <Banner tone="error">{errors.general}</Banner>}
        {success && <Banner tone="success">{success}</Banner>}
        <TextField
          label="Photo title"
          value={title}
          maxLength={PHOTO_TITLE_MAX}
          onChange={(e) => {
            setTitle(e.target.value);
            setErrors((x) => ({ ...x, title: undefined }));
          }}
          error={errors.title}
        />
        <div
          {...dropProps}
          className="rounded-lg border-2 border-dashed border-slate-300 p-6 text-center"
        >
          {preview ? (
            <PhotoCropper
              src={preview}
              image={natural}
              crop={crop}
              shape={shape}
              onImage={(size) => {
                setNatural(size);
                setCrop(initialCrop(size));
              }}
              onCrop={setCrop}
              onShape={setShape}
            />
          ) : (
            <p className="text-sm text-slate-600">Drag and drop a photo here, or</p>
          )}
          <div className="mt-3 flex flex-wrap justify-center gap-2">
            <Button variant="secondary" onClick={() => input.current?.click()}>
              Select Photo
            </Button>
            <Button variant="secondary" onClick={() => setCamera(true)}>
              Use Camera
            </Button>
          </div>
          <label className="sr-only" htmlFor="photo-file">
            Photo file
          </label>
          <input
            id="photo-file"
            ref={input}
            type="file"
            accept="image/*"
            className="sr-only"
            onChange={(e) => pick(e.target.files?.[0])}
          />
          {errors.file && <p className="mt-2 text-sm text-red-700">{errors.file}</p>}
        </div>
        {camera && (
          <Camera
            onClose={() => setCamera(false)}
            onCapture={(f) => {
              pick(f);
              setCamera(false);
            }}
          />
        )}
        {stage === 'uploading' && <ProgressBar value={progress} showValue />}
        <Button type="submit" loading={busy}>
          {busy ? 'Uploading...' : 'Upload Photo'}
        </Button>
      </form>

      <section aria-labelledby="photos-title" className="space-y-3">
        <h2 id="photos-title" className="text-lg font-semibold text-slate-900">
          Your Photos
        </h2>
        {photos.isLoading && (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner size="sm" /> Loading photos...
          </p>
        )}
        {!photos.isLoading && list.length === 0 && (
          <p className="text-sm text-slate-600">No photos uploaded yet.</p>
        )}
        {(assign.error || remove.error) && (
          <Banner tone="error">
            {assign.error ? PHOTO_MESSAGES.assignFailed : PHOTO_MESSAGES.deleteFailed}
          </Banner>
        )}
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {list.map((p) => (
            <li key={p._id} className="rounded-xl border border-slate-200 bg-white p-3">
              <img
                src={p.thumbnailUrl || p.photoUrl}
                alt={p.title}
                className="h-40 w-full rounded object-cover"
              />
              <div className="mt-2 flex items-center justify-between gap-2">
                <p className="truncate font-medium text-slate-900">{p.title}</p>
                {p.assigned && (
                  <span className="rounded bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">
                    Assigned
                  </span>
                )}
              </div>
              <p className="text-xs text-slate-600">Last updated: {formatDay(p.lastUpdate)}</p>
              {confirmId === p._id ? (
                <div className="mt-2 flex flex-wrap items-center gap-2">
                  <span className="text-sm">Delete this entry?</span>
                  <Button
                    size="sm"
                    variant="danger"
                    loading={remove.isPending}
                    onClick={() => remove.mutate(p._id, { onSettled: () => setConfirmId(null) })}
                  >
                    Yes, Delete
                  </Button>
                  <Button size="sm" variant="secondary" onClick={() => setConfirmId(null)}>
                    Cancel
                  </Button>
                </div>
              ) : (
                <div className="mt-2 flex gap-2">
                  {!p.assigned && (
                    <Button
                      size="sm"
                      variant="secondary"
                      loading={assign.isPending && assign.variables === p._id}
                      onClick={() => assign.mutate(p._id)}
                    >
                      Assign
                    </Button>
                  )}
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setConfirmId(p._id)}
                    aria-label={`Delete ${p.title}`}
                  >
                    Delete
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

export default PhotoScreen;
