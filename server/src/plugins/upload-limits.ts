import os from 'node:os';
import { workQueue, type WorkQueue } from './work-queue.ts';

/** What bounds the work one upload may cost; tests pass smaller values. */
export interface UploadLimits {
  /** Video conversions running at once: one per core. */
  videoJobs: number;
  /** Conversions that may wait for a free slot; beyond that an upload is refused (503). */
  videoQueue: number;
  /** A conversion still running after this is killed and the upload refused. */
  videoTimeoutMs: number;
  /** Threads one ffmpeg may use (decoder, filters and encoder alike). */
  ffmpegThreads: number;
  /** An upload body that sends nothing for this long is answered 408 and dropped. */
  bodyIdleMs: number;
  /** How often leftovers are swept (also once at start). */
  sweepEveryMs: number;
  /** Temp upload folders untouched for this long belong to no live request. */
  tempMaxAgeMs: number;
  /** Uploads no photo, certificate or video record uses after this long are deleted. */
  unattachedMaxAgeMs: number;
}

const cores = () => os.availableParallelism();

export const DEFAULT_UPLOAD_LIMITS: UploadLimits = {
  videoJobs: cores(),
  videoQueue: 2 * cores(),
  // A 31 s 4K 60 fps phone clip took ~90 s on one core in our measurement; 2 minutes leaves
  // room for it while still bounding a hostile file.
  videoTimeoutMs: 120_000,
  ffmpegThreads: 1,
  bodyIdleMs: 30_000,
  sweepEveryMs: 60 * 60_000,
  tempMaxAgeMs: 60 * 60_000,
  unattachedMaxAgeMs: 24 * 60 * 60_000,
};

/**
 * What a video may declare before we decode it (ffprobe's stream info). Above these it is
 * refused: 4096 px a side and DCI 4K's pixel count cover every phone and camera, and more
 * than 120 frames a second is no first impression.
 */
export const VIDEO_INPUT = { maxSide: 4096, maxPixels: 4096 * 2160, maxFps: 120 } as const;

/** What we store: at most 1280 px on the long side and 720 on the short, 30 frames a second. */
export const VIDEO_OUTPUT = { longSide: 1280, shortSide: 720, maxFps: 30 } as const;

/** The limits of one app and the queue they govern. */
export interface Uploads {
  limits: UploadLimits;
  conversions: WorkQueue;
}

export function uploadsWith(overrides: Partial<UploadLimits> = {}): Uploads {
  const limits = { ...DEFAULT_UPLOAD_LIMITS, ...overrides };
  return {
    limits,
    conversions: workQueue({ concurrency: limits.videoJobs, maxWaiting: limits.videoQueue }),
  };
}
