import fsp from 'node:fs/promises';
import path from 'node:path';
import type Sharp from 'sharp';
import { fileTypeFromBuffer } from 'file-type';
import {
  CERTIFICATE_MAX_BYTES,
  CERTIFICATE_MESSAGES,
  PHOTO_MAX_BYTES,
  PHOTO_MESSAGES,
  VIDEO_MAX_BYTES,
  VIDEO_MAX_DURATION_S,
  VIDEO_MESSAGES,
  videoTooLongMessage,
} from '@vitae/core';
import type { MediaTable } from '../db/database.ts';
import { HttpError } from '../plugins/errors.ts';
import { convertToMp4, posterFrame, probe, type Probe } from './ffmpeg.ts';
import { pdfHasActiveContent } from './pdf-scan.ts';
import { VIDEO_INPUT, type Uploads } from '../plugins/upload-limits.ts';
import { QueueFullError } from '../plugins/work-queue.ts';
import type { Conversion } from './video-job.ts';

/** Converts a video elsewhere (a worker, through the job queue): file, its extension, workDir. */
export type RemoteConversion = (file: string, ext: string, workDir: string) => Promise<Conversion>;

export type Purpose = MediaTable['purpose'];

/** Width × height above which an image is refused before decoding (decompression bombs). */
const MAX_INPUT_PIXELS = 40_000_000;
const MAX_IMAGE_SIDE = 2400;
const THUMB_SIDE = 320;

export const MAX_BYTES: Record<Purpose, number> = {
  photo: PHOTO_MAX_BYTES,
  certificate: CERTIFICATE_MAX_BYTES,
  video: VIDEO_MAX_BYTES,
};

export const TOO_LARGE: Record<Purpose, string> = {
  photo: PHOTO_MESSAGES.tooLarge,
  certificate: CERTIFICATE_MESSAGES.tooLarge,
  video: VIDEO_MESSAGES.tooLarge,
};

export const FILE_REQUIRED: Record<Purpose, string> = {
  photo: PHOTO_MESSAGES.fileRequired,
  certificate: CERTIFICATE_MESSAGES.documentRequired,
  video: VIDEO_MESSAGES.fileRequired,
};

const WRONG_TYPE: Record<Purpose, string> = {
  photo: PHOTO_MESSAGES.notImage,
  certificate: CERTIFICATE_MESSAGES.badType,
  video: VIDEO_MESSAGES.notVideo,
};

/** Detected type (by magic bytes) -> the extension we store it under. */
const ALLOWED: Record<Purpose, Record<string, string>> = {
  photo: { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' },
  certificate: { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' },
  video: {
    'video/mp4': 'mp4',
    'video/x-m4v': 'mp4',
    'video/quicktime': 'mov',
    'video/webm': 'webm',
    'video/vnd.avi': 'avi',
    'video/x-msvideo': 'avi',
  },
};

let sharpLoaded: Promise<typeof Sharp> | undefined;

/**
 * sharp, loaded with the first image: about 10 MiB of resident memory a server that has
 * not received one yet does not need (docs/decisions/0008-performance-measurements.md#0012).
 */
const loadSharp = () => (sharpLoaded ??= import('sharp').then((m) => m.default));

/** A file ready to store: where it is now and the extension it is stored with. */
export interface Prepared {
  resourceType: MediaTable['resource_type'];
  main: { file: string; ext: string };
  thumb?: { file: string; ext: string };
  durationMs?: number;
}

export interface IngestLog {
  warn(obj: object, msg: string): void;
}

/**
 * Checks an uploaded temp file for `purpose` and prepares what to store, writing any
 * derived files into `workDir`. Throws an HttpError with the message of docs/product/media.md
 * when refused.
 */
export async function prepareUpload(
  file: string,
  size: number,
  purpose: Purpose,
  workDir: string,
  log: IngestLog,
  uploads: Uploads,
  /** Aborted when the uploading client has gone: a video's conversion stops. */
  signal?: AbortSignal,
  /** With the job queue on Redis, a worker converts videos (video-job.ts). */
  remote?: RemoteConversion,
): Promise<Prepared> {
  if (size === 0) throw new HttpError(400, FILE_REQUIRED[purpose]);
  if (size > MAX_BYTES[purpose]) throw new HttpError(413, TOO_LARGE[purpose]);
  const detected = await fileTypeFromBuffer(await head(file, 4100));
  const ext = detected ? ALLOWED[purpose][detected.mime] : undefined;
  if (!ext) throw new HttpError(415, WRONG_TYPE[purpose]);
  if (purpose === 'video') return prepareVideo(file, ext, workDir, log, uploads, signal, remote);
  if (ext === 'pdf') {
    // Served under a sandbox anyway; a certificate has no business running code.
    if (pdfHasActiveContent(await fsp.readFile(file))) {
      throw new HttpError(400, CERTIFICATE_MESSAGES.pdfActiveContent);
    }
    return { resourceType: 'raw', main: { file, ext } };
  }
  return prepareImage(file, ext, workDir, purpose);
}

/** Re-encodes so nothing but pixels survives (EXIF, GPS, comments, trailing data). */
async function prepareImage(
  file: string,
  ext: string,
  workDir: string,
  purpose: Purpose,
): Promise<Prepared> {
  const main = path.join(workDir, `main.${ext}`);
  const thumb = path.join(workDir, `thumb.${ext}`);
  const sharp = await loadSharp();
  const encode = (img: Sharp.Sharp) =>
    ext === 'png'
      ? img.png()
      : ext === 'webp'
        ? img.webp({ quality: 85 })
        : img.jpeg({ quality: 85 });
  try {
    const base = () =>
      sharp(file, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    await encode(
      base().resize({
        width: MAX_IMAGE_SIDE,
        height: MAX_IMAGE_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      }),
    ).toFile(main);
    await encode(
      base().resize({
        width: THUMB_SIDE,
        height: THUMB_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      }),
    ).toFile(thumb);
  } catch {
    throw new HttpError(
      400,
      purpose === 'photo' ? PHOTO_MESSAGES.processFailed : CERTIFICATE_MESSAGES.uploadFailed,
    );
  }
  return { resourceType: 'image', main: { file: main, ext }, thumb: { file: thumb, ext } };
}

/** Refuses, before any decoding, a video whose declared size or frame rate is absurd. */
function refuseOutsized(p: Probe): void {
  const { width = 0, height = 0, fps = 0 } = p;
  if (
    Math.max(width, height) > VIDEO_INPUT.maxSide ||
    width * height > VIDEO_INPUT.maxPixels ||
    fps > VIDEO_INPUT.maxFps
  ) {
    throw new HttpError(400, VIDEO_MESSAGES.notVideo);
  }
}

/** Conversion and poster in one slot of the app's conversion queue. */
async function convertQueued(
  file: string,
  workDir: string,
  uploads: Uploads,
  signal?: AbortSignal,
): Promise<Conversion> {
  const { limits, conversions } = uploads;
  const out = path.join(workDir, 'converted.mp4');
  const poster = path.join(workDir, 'poster.jpg');
  try {
    return await conversions.run(async () => {
      const converted = await convertToMp4(file, out, {
        // Recorded WebM often states no duration: this bounds the work, the probe decides.
        maxSeconds: VIDEO_MAX_DURATION_S + 5,
        timeoutMs: limits.videoTimeoutMs,
        threads: limits.ffmpegThreads,
        signal,
      });
      const hasPoster =
        converted.code === 0 && (await posterFrame(out, poster, limits.ffmpegThreads));
      return { converted, out, poster: hasPoster ? poster : null };
    });
  } catch (err) {
    if (!(err instanceof QueueFullError)) throw err;
    throw new HttpError(503, VIDEO_MESSAGES.uploadFailedRetry, undefined, { 'retry-after': '30' });
  }
}

/**
 * Duration and declared size by ffprobe, then H.264/AAC MP4 of at most 720p with a poster
 * frame. Without ffmpeg (or when it fails) the checked original is kept: the
 * fallback of docs/product/media.md#first-impression, silent to the user but logged. A
 * conversion over its time limit is refused.
 */
async function prepareVideo(
  file: string,
  ext: string,
  workDir: string,
  log: IngestLog,
  uploads: Uploads,
  signal?: AbortSignal,
  remote?: RemoteConversion,
): Promise<Prepared> {
  const before = await probe(file);
  if (before === 'unreadable') throw new HttpError(400, VIDEO_MESSAGES.durationUnknown);
  if (before && !before.hasVideo) throw new HttpError(415, VIDEO_MESSAGES.notVideo);
  if (before) refuseOutsized(before);
  if (before?.durationS != null && before.durationS > VIDEO_MAX_DURATION_S) {
    throw new HttpError(400, videoTooLongMessage(before.durationS));
  }
  if (!before) log.warn({}, 'ffprobe is not available: video duration not checked');

  const { converted, out, poster } = remote
    ? await remote(file, ext, workDir)
    : await convertQueued(file, workDir, uploads, signal);
  // No one is waiting for the answer: nothing is stored (a job still queued starts and stops).
  if (signal?.aborted) throw new HttpError(400, VIDEO_MESSAGES.uploadRetry);
  if (converted.timedOut) {
    log.warn({ timeoutMs: uploads.limits.videoTimeoutMs }, 'video conversion timed out');
    throw new HttpError(422, VIDEO_MESSAGES.uploadFailedRetry);
  }
  let main = { file, ext };
  let durationS = before?.durationS ?? null;
  if (converted.code === 0) {
    const after = await probe(out);
    if (after && after !== 'unreadable' && after.durationS != null) {
      if (before?.durationS == null && after.durationS > VIDEO_MAX_DURATION_S) {
        throw new HttpError(400, videoTooLongMessage(after.durationS));
      }
      durationS ??= after.durationS;
    }
    main = { file: out, ext: 'mp4' };
  } else {
    log.warn(
      { missing: converted.missing, stderr: converted.stderr.slice(-500) },
      'video conversion failed: keeping the original file',
    );
    if (before && before.durationS == null)
      throw new HttpError(400, VIDEO_MESSAGES.durationUnknown);
  }
  return {
    resourceType: 'video',
    main,
    thumb: poster ? { file: poster, ext: 'jpg' } : undefined,
    durationMs: durationS != null ? Math.round(durationS * 1000) : undefined,
  };
}

/** The first bytes of a file: enough for every signature file-type knows. */
async function head(file: string, bytes: number): Promise<Uint8Array> {
  const fh = await fsp.open(file, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await fh.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

export const fileSize = async (file: string): Promise<number> => (await fsp.stat(file)).size;
