import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { PHOTO_COMPRESS_MAX_WIDTH, PHOTO_COMPRESS_QUALITY } from '@vitae/core/media';
import { cn } from '../../lib/cn.ts';

/*
 * The crop step of the photo screen (issue 17): the chosen or captured photo sits in a square
 * frame; the user zooms and moves it, and what the frame shows is what gets uploaded. The
 * upload is always square; the circle is only a guide, since some templates show the photo
 * in a circle and others in a square.
 */

export interface Size {
  width: number;
  height: number;
}

/** Zoom 1 fills the frame with the image's short side; the centre is in image pixels. */
export interface Crop {
  zoom: number;
  cx: number;
  cy: number;
}

export type CropShape = 'square' | 'circle';

export const MAX_ZOOM = 4;
/** An arrow key moves the photo by this share of the frame; with Shift, five times as far. */
const KEY_STEP = 0.02;
const ZOOM_KEY_STEP = 0.1;

export const initialCrop = ({ width, height }: Size): Crop => ({
  zoom: 1,
  cx: width / 2,
  cy: height / 2,
});

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** The square of the image the frame shows: its left, top and side, in image pixels. */
export function cropSquare(image: Size, crop: Crop): { x: number; y: number; side: number } {
  const zoom = clamp(crop.zoom, 1, MAX_ZOOM);
  const side = Math.min(image.width, image.height) / zoom;
  const cx = clamp(crop.cx, side / 2, image.width - side / 2);
  const cy = clamp(crop.cy, side / 2, image.height - side / 2);
  return { x: cx - side / 2, y: cy - side / 2, side };
}

/** The crop with its centre pulled back so the frame never shows past the image's edge. */
export function clampCrop(image: Size, crop: Crop): Crop {
  const zoom = clamp(crop.zoom, 1, MAX_ZOOM);
  const { x, y, side } = cropSquare(image, { ...crop, zoom });
  return { zoom, cx: x + side / 2, cy: y + side / 2 };
}

/** The output's side: the cropped pixels, no more than 1200 px (docs/product/media.md#photo). */
export const outputSide = (image: Size, crop: Crop): number =>
  Math.max(1, Math.min(PHOTO_COMPRESS_MAX_WIDTH, Math.round(cropSquare(image, crop).side)));

/**
 * Draws the framed square onto a square canvas and encodes it as JPEG once, at the product's
 * quality (docs/product/media.md#photo: at most 1200 px, quality 0.3): the upload is this file, not
 * a second lossy encoding of it.
 */
export function renderCrop(
  image: CanvasImageSource & Size,
  crop: Crop,
  canvas: HTMLCanvasElement = document.createElement('canvas'),
): Promise<Blob> {
  const { x, y, side } = cropSquare(image, crop);
  const out = outputSide(image, crop);
  canvas.width = out;
  canvas.height = out;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.reject(new Error('No canvas'));
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(image, x, y, side, side, 0, 0, out, out);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (b) => (b ? resolve(b) : reject(new Error('No image'))),
      'image/jpeg',
      PHOTO_COMPRESS_QUALITY,
    ),
  );
}

/** Loads an image URL for the canvas; resolves with its natural size. */
export function loadImage(src: string): Promise<HTMLImageElement & Size> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () =>
      resolve(Object.assign(img, { width: img.naturalWidth, height: img.naturalHeight }));
    img.onerror = () => reject(new Error('Image failed to load'));
    img.src = src;
  });
}

export function PhotoCropper({
  src,
  image,
  crop,
  shape,
  onImage,
  onCrop,
  onShape,
}: {
  src: string;
  /** The natural size, once the image has loaded. */
  image: Size | null;
  crop: Crop | null;
  shape: CropShape;
  onImage: (size: Size) => void;
  onCrop: (crop: Crop) => void;
  onShape: (shape: CropShape) => void;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; crop: Crop } | null>(null);
  const square = image && crop ? cropSquare(image, crop) : null;
  const set = (next: Crop) => image && onCrop(clampCrop(image, next));

  /** Image pixels per screen pixel of the frame. */
  const perPixel = () => {
    const width = frame.current?.getBoundingClientRect().width || 1;
    return (square?.side ?? 1) / width;
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (!crop || !square) return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY, crop: { ...crop, ...centre(square) } };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start) return;
    const k = perPixel();
    // Dragging the photo right shows more of its left side: the centre moves the other way.
    set({
      ...start.crop,
      cx: start.crop.cx - (e.clientX - start.x) * k,
      cy: start.crop.cy - (e.clientY - start.y) * k,
    });
  };
  const endDrag = () => {
    drag.current = null;
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!crop || !square) return;
    const step = square.side * KEY_STEP * (e.shiftKey ? 5 : 1);
    const at = { ...crop, ...centre(square) };
    const moves: Record<string, Crop> = {
      ArrowLeft: { ...at, cx: at.cx + step },
      ArrowRight: { ...at, cx: at.cx - step },
      ArrowUp: { ...at, cy: at.cy + step },
      ArrowDown: { ...at, cy: at.cy - step },
      '+': { ...at, zoom: at.zoom + ZOOM_KEY_STEP },
      '=': { ...at, zoom: at.zoom + ZOOM_KEY_STEP },
      '-': { ...at, zoom: at.zoom - ZOOM_KEY_STEP },
    };
    const next = moves[e.key];
    if (!next) return;
    e.preventDefault();
    set(next);
  };

  return (
    <div className="space-y-3">
      <div
        ref={frame}
        role="group"
        aria-roledescription="photo crop area"
        aria-label="Crop photo: drag or use the arrow keys to move it, + and - to zoom"
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onKeyDown={onKeyDown}
        className="relative mx-auto aspect-square w-full max-w-72 cursor-grab touch-none overflow-hidden rounded-lg bg-slate-900 select-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 active:cursor-grabbing"
      >
        <img
          src={src}
          alt="Selected photo preview"
          draggable={false}
          onLoad={(e) => {
            const img = e.currentTarget;
            onImage({ width: img.naturalWidth, height: img.naturalHeight });
          }}
          className={cn('absolute max-w-none', !square && 'invisible')}
          style={
            image && square
              ? {
                  width: `${(image.width / square.side) * 100}%`,
                  left: `${(-square.x / square.side) * 100}%`,
                  top: `${(-square.y / square.side) * 100}%`,
                }
              : undefined
          }
        />
        <div
          aria-hidden="true"
          className={cn(
            'pointer-events-none absolute inset-0 ring-1 ring-white/70 ring-inset',
            shape === 'circle' && 'rounded-full',
          )}
          // Dims what lies outside the circle (a shadow spread over the rest of the frame).
          style={
            shape === 'circle' ? { boxShadow: '0 0 0 9999px rgb(15 23 42 / 0.55)' } : undefined
          }
        />
      </div>
      <div className="mx-auto flex max-w-72 flex-col gap-3">
        <label className="flex items-center gap-3 text-sm font-medium text-slate-800">
          Zoom
          <input
            type="range"
            min={1}
            max={MAX_ZOOM}
            step={0.01}
            value={crop?.zoom ?? 1}
            disabled={!crop}
            onChange={(e) => crop && set({ ...crop, zoom: Number(e.target.value) })}
            className="min-w-0 flex-1 accent-brand-600"
          />
        </label>
        <div role="group" aria-label="Frame shape" className="flex gap-2">
          {(['square', 'circle'] as const).map((s) => (
            <button
              key={s}
              type="button"
              aria-pressed={shape === s}
              onClick={() => onShape(s)}
              className={cn(
                'flex-1 rounded-md border px-3 py-1.5 text-sm font-medium capitalize',
                shape === s
                  ? 'border-brand-600 bg-brand-50 text-brand-800'
                  : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
              )}
            >
              {s}
            </button>
          ))}
        </div>
        <p className="text-xs text-slate-600">
          The uploaded photo is the square you see; the circle shows how round templates cut it.
        </p>
      </div>
    </div>
  );
}

const centre = (sq: { x: number; y: number; side: number }) => ({
  cx: sq.x + sq.side / 2,
  cy: sq.y + sq.side / 2,
});
