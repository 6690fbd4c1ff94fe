import { VIDEO_PROGRESS_INTERVAL_MS } from './texts.ts';

export interface ProgressReporter {
  /** The video is at `percent`: reported when the interval has passed since the last report. */
  update(percent: number): void;
  /** The video paused or ended: report the highest percent now if it is new. */
  flush(): void;
}

/**
 * Reports the highest percent of the video reached, at most once per interval while it
 * plays (and at once on pause or end), never a lower or repeated value.
 */
export function createProgressReporter(
  send: (percent: number) => void,
  now: () => number = Date.now,
  intervalMs = VIDEO_PROGRESS_INTERVAL_MS,
): ProgressReporter {
  let highest = 0;
  let reported = 0;
  let lastAt = -Infinity;
  const report = () => {
    if (highest <= reported) return;
    reported = highest;
    lastAt = now();
    send(highest);
  };
  return {
    update(percent) {
      if (!Number.isFinite(percent)) return;
      highest = Math.max(highest, Math.min(100, Math.round(percent)));
      if (now() - lastAt >= intervalMs) report();
    },
    flush: report,
  };
}

/** The played share of a video element, 0–100, or NaN before its length is known. */
export function playedPercent(video: HTMLVideoElement): number {
  const { currentTime, duration } = video;
  return Number.isFinite(duration) && duration > 0 ? (currentTime / duration) * 100 : NaN;
}
