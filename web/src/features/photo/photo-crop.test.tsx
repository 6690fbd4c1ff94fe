import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PHOTO_COMPRESS_QUALITY } from '@vitae/core/media';
import {
  cropSquare,
  initialCrop,
  PhotoCropper,
  renderCrop,
  type Crop,
  type CropShape,
  type Size,
} from './photo-crop.tsx';

const LANDSCAPE: Size = { width: 1600, height: 1000 };

describe('crop geometry', () => {
  it('starts on the centred square of the short side', () => {
    expect(cropSquare(LANDSCAPE, initialCrop(LANDSCAPE))).toEqual({ x: 300, y: 0, side: 1000 });
  });

  it('zoom narrows the square; the square never leaves the image', () => {
    expect(cropSquare(LANDSCAPE, { zoom: 2, cx: 800, cy: 500 })).toEqual({
      x: 550,
      y: 250,
      side: 500,
    });
    expect(cropSquare(LANDSCAPE, { zoom: 2, cx: -50, cy: 5000 })).toEqual({
      x: 0,
      y: 500,
      side: 500,
    });
    // Zoom stays within 1..4.
    expect(cropSquare(LANDSCAPE, { zoom: 0.2, cx: 800, cy: 500 }).side).toBe(1000);
    expect(cropSquare(LANDSCAPE, { zoom: 9, cx: 800, cy: 500 }).side).toBe(250);
  });
});

/** A canvas stand-in that records what is drawn (jsdom has no canvas). */
function fakeCanvas() {
  const drawImage = vi.fn();
  const encodings: Array<{ type: string; quality?: number }> = [];
  const canvas = {
    width: 0,
    height: 0,
    getContext: () => ({ drawImage, imageSmoothingQuality: 'low' }),
    toBlob: (cb: (b: Blob | null) => void, type: string, quality?: number) => {
      encodings.push({ type, quality });
      cb(new Blob(['x'], { type }));
    },
  } as unknown as HTMLCanvasElement;
  return { canvas, drawImage, encodings };
}

describe('renderCrop', () => {
  it('draws exactly the framed square onto a square JPEG', async () => {
    const img = { ...LANDSCAPE } as unknown as CanvasImageSource & Size;
    const { canvas, drawImage } = fakeCanvas();
    const blob = await renderCrop(img, { zoom: 2, cx: 1400, cy: 300 }, canvas);
    expect(blob.type).toBe('image/jpeg');
    expect([canvas.width, canvas.height]).toEqual([500, 500]);
    expect(drawImage).toHaveBeenCalledWith(img, 1100, 50, 500, 500, 0, 0, 500, 500);
  });

  it('never outputs more than 1200 px a side', async () => {
    const img = { width: 4000, height: 3000 } as unknown as CanvasImageSource & Size;
    const { canvas, drawImage } = fakeCanvas();
    await renderCrop(img, initialCrop(img), canvas);
    expect([canvas.width, canvas.height]).toEqual([1200, 1200]);
    expect(drawImage).toHaveBeenCalledWith(img, 500, 0, 3000, 3000, 0, 0, 1200, 1200);
  });

  it('encodes once, at the product’s JPEG quality: the upload is not encoded again', async () => {
    const img = { ...LANDSCAPE } as unknown as CanvasImageSource & Size;
    const { canvas, encodings } = fakeCanvas();
    await renderCrop(img, initialCrop(img), canvas);
    expect(encodings).toEqual([{ type: 'image/jpeg', quality: PHOTO_COMPRESS_QUALITY }]);
  });
});

function Harness({ onCrop }: { onCrop: (c: Crop) => void }) {
  const [image, setImage] = useState<Size | null>(null);
  const [crop, setCrop] = useState<Crop | null>(null);
  const [shape, setShape] = useState<CropShape>('circle');
  return (
    <PhotoCropper
      src="blob:photo"
      image={image}
      crop={crop}
      shape={shape}
      onImage={(s) => {
        setImage(s);
        setCrop(initialCrop(s));
      }}
      onCrop={(c) => {
        setCrop(c);
        onCrop(c);
      }}
      onShape={setShape}
    />
  );
}

function renderLoaded() {
  const onCrop = vi.fn<(c: Crop) => void>();
  render(<Harness onCrop={onCrop} />);
  const img = screen.getByRole('img', { name: 'Selected photo preview' });
  Object.defineProperty(img, 'naturalWidth', { value: LANDSCAPE.width });
  Object.defineProperty(img, 'naturalHeight', { value: LANDSCAPE.height });
  fireEvent.load(img);
  const frame = screen.getByRole('group', { name: /Crop photo/ });
  // The frame is 200 px wide on screen: 5 image pixels per screen pixel at zoom 1.
  frame.getBoundingClientRect = () => ({ width: 200, height: 200 }) as DOMRect;
  const last = () => cropSquare(LANDSCAPE, onCrop.mock.lastCall![0]);
  return { img, frame, last };
}

describe('PhotoCropper', () => {
  it('shows the framed square: the image is placed and sized from the crop', () => {
    const { img } = renderLoaded();
    // 1600 / 1000 of the frame wide, shifted left by 300 / 1000 of it.
    expect(img.style.width).toBe('160%');
    expect(img.style.left).toBe('-30%');
    expect(img.style.top).toBe('0%');
  });

  it('moves with the arrow keys and zooms with the slider and +/-', async () => {
    const user = userEvent.setup();
    const { frame, last } = renderLoaded();
    frame.focus();
    await user.keyboard('{ArrowLeft}');
    // Moving the photo left shows more of its right: 2 % of the 1000 px frame.
    expect(last()).toEqual({ x: 320, y: 0, side: 1000 });
    await user.keyboard('{Shift>}{ArrowRight}{/Shift}');
    expect(last().x).toBe(220);

    fireEvent.change(screen.getByRole('slider', { name: 'Zoom' }), { target: { value: '2' } });
    expect(last().side).toBe(500);
    await user.keyboard('-');
    expect(last().side).toBeCloseTo(1000 / 1.9);
  });

  it('drags with the pointer, within the image', () => {
    const { frame, last } = renderLoaded();
    fireEvent.pointerDown(frame, { clientX: 100, clientY: 100, pointerId: 1 });
    fireEvent.pointerMove(frame, { clientX: 80, clientY: 100, pointerId: 1 });
    // 20 screen px left = 100 image px right.
    expect(last()).toEqual({ x: 400, y: 0, side: 1000 });
    fireEvent.pointerMove(frame, { clientX: -500, clientY: -500, pointerId: 1 });
    expect(last()).toEqual({ x: 600, y: 0, side: 1000 });
    fireEvent.pointerUp(frame, { pointerId: 1 });
  });

  it('switches the guide between circle and square', async () => {
    const user = userEvent.setup();
    renderLoaded();
    const square = screen.getByRole('button', { name: 'square' });
    expect(screen.getByRole('button', { name: 'circle' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(square);
    expect(square).toHaveAttribute('aria-pressed', 'true');
  });
});
