import { RECORDING_BITS_PER_SECOND, VIDEO_MESSAGES } from '@vitae/core/media';
import { mediaSrc } from '../../lib/media-upload.ts';
import { fetchDemoUrl } from './api.ts';

/**
 * Camera and microphone for a recording (docs/product/media.md#first-impression): small, portrait,
 * 10 fps.
 */
export const RECORDING_CONSTRAINTS: MediaStreamConstraints = {
  video: {
    width: { ideal: 180, max: 240 },
    height: { ideal: 320, max: 360 },
    frameRate: { ideal: 10, max: 15 },
    facingMode: 'user',
    aspectRatio: 9 / 16,
  },
  audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true },
};

const MIME_TYPES = [
  'video/webm;codecs=vp9,opus',
  'video/webm;codecs=vp9',
  'video/webm;codecs=vp8,opus',
  'video/webm',
  'video/mp4',
];

/** vp9 webm where the browser has it, else the first type it can record. */
export function recorderOptions(): MediaRecorderOptions {
  const supported = (t: string) =>
    typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported?.(t);
  const mimeType = MIME_TYPES.find(supported);
  return { ...(mimeType ? { mimeType } : {}), videoBitsPerSecond: RECORDING_BITS_PER_SECOND };
}

/** A file's duration in seconds, read by the browser from its metadata. */
export function readVideoDuration(file: Blob): Promise<number> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    const done = (fn: () => void) => {
      URL.revokeObjectURL(url);
      video.removeAttribute('src');
      fn();
    };
    video.preload = 'metadata';
    video.onloadedmetadata = () => {
      const d = video.duration;
      done(() => (Number.isFinite(d) ? resolve(d) : reject(new Error('unknown duration'))));
    };
    video.onerror = () => done(() => reject(new Error('unreadable video')));
    video.src = url;
  });
}

/**
 * Watch Demo: an 800 x 600 window playing our own demo. The window opens at once (a
 * click may open windows; a later promise may not), then gets the video.
 */
export async function openDemoWindow(): Promise<void> {
  const win = window.open('', 'vitae-demo', 'width=800,height=600');
  try {
    const url = new URL(mediaSrc(await fetchDemoUrl()), window.location.href).href;
    if (!win) throw new Error(VIDEO_MESSAGES.demoOpenFailed);
    const doc = win.document;
    doc.title = 'First Impression Demo';
    doc.body.style.cssText = 'margin:0;background:#000;display:flex;height:100vh';
    const video = doc.createElement('video');
    video.src = url;
    video.controls = true;
    video.autoplay = true;
    video.playsInline = true;
    video.style.cssText = 'width:100%;height:100%';
    doc.body.replaceChildren(video);
    void startPlaying(video);
  } catch (e) {
    win?.close();
    const message = e instanceof Error && e.message ? e.message : VIDEO_MESSAGES.demoOpenFailed;
    window.alert(message);
  }
}

/**
 * Starts a video with sound where the browser allows it. A new window has no user gesture of
 * its own, so autoplay policies refuse sound and leave the video paused at 0:00; it then plays
 * muted (the controls can unmute). Never rejects.
 */
export async function startPlaying(video: HTMLVideoElement): Promise<void> {
  try {
    await video.play();
  } catch {
    video.muted = true;
    try {
      await video.play();
    } catch {
      // Even muted play refused: the controls remain.
    }
  }
}

/**
 * A browser-recorded WebM has no duration (Infinity) until it has been played through, so its
 * preview cannot be sought. Seeking far past the end makes the browser scan for the real
 * duration; once it is known, back to the start.
 */
export function revealDuration(video: HTMLVideoElement): void {
  if (Number.isFinite(video.duration)) return;
  const known = () => {
    if (!Number.isFinite(video.duration)) return;
    video.removeEventListener('durationchange', known);
    video.removeEventListener('timeupdate', known);
    video.currentTime = 0;
  };
  video.addEventListener('durationchange', known);
  video.addEventListener('timeupdate', known);
  video.currentTime = Number.MAX_SAFE_INTEGER;
}
