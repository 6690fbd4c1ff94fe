import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { VIDEO_MAX_DURATION_S, VIDEO_MESSAGES } from '@vitae/core';
import type { AppDeps } from '../deps.ts';
import { newId } from '../db/ids.ts';
import { HttpError } from '../plugins/errors.ts';
import type { JobHandle, Jobs } from '../plugins/jobs.ts';
import type { Storage } from '../plugins/storage.ts';
import { convertToMp4, posterFrame, type RunResult } from './ffmpeg.ts';

/** What a conversion gives the upload that asked for it (ingest.ts's prepareVideo). */
export interface Conversion {
  converted: Pick<RunResult, 'code' | 'timedOut' | 'missing' | 'stderr'>;
  out: string;
  poster: string | null;
}

/** A conversion on a worker: the upload's original waits on the shared store under `stem`. */
interface VideoJob {
  stem: string;
  ext: string;
  timeoutMs: number;
  threads: number;
  /** Epoch ms after which the upload stopped waiting: the worker then converts nothing. */
  notAfter: number;
}

type VideoJobResult = Conversion['converted'] & { out: boolean; poster: boolean; expired?: true };

/** How long a conversion may wait for a free worker on top of its own time limit. */
const QUEUE_WAIT_MS = 60_000;
const sourceKey = (j: Pick<VideoJob, 'stem' | 'ext'>) => `${j.stem}-source.${j.ext}`;
const outKey = (stem: string) => `${stem}-converted.mp4`;
const posterKey = (stem: string) => `${stem}-poster.jpg`;

async function download(storage: Storage, key: string, file: string): Promise<void> {
  const body = await storage.read(key);
  if (!body) throw new Error(`${key} is not on the store`);
  await pipeline(body, fs.createWriteStream(file));
}

const handles = new WeakMap<Jobs, JobHandle<VideoJob>>();

/**
 * Defines the `video` job kind on the app's jobs, once (media routes do it as they register,
 * so a worker runs it). The worker fetches the original from the shared store (S3 or a shared
 * disk), converts it in its own temp folder and puts the MP4 and poster back beside it.
 */
export function defineVideoJob(deps: AppDeps): void {
  if (handles.has(deps.jobs)) return;
  const { storage, uploads } = deps;
  handles.set(
    deps.jobs,
    deps.jobs.define<VideoJob>({
      name: 'video',
      // A worker that dies mid-conversion leaves the job to another (stalled-job recovery);
      // a failure of the store is tried once more.
      attempts: 2,
      backoffMs: 1000,
      concurrency: uploads.limits.videoJobs,
      async run(job): Promise<VideoJobResult> {
        const none = { code: null, timedOut: false, missing: false, stderr: '' };
        if (Date.now() > job.notAfter) return { ...none, out: false, poster: false, expired: true };
        const tmpRoot = path.join(deps.config.dataDir, 'tmp');
        await fsp.mkdir(tmpRoot, { recursive: true });
        const dir = await fsp.mkdtemp(path.join(tmpRoot, 'convert-'));
        try {
          const source = path.join(dir, `source.${job.ext}`);
          await download(storage, sourceKey(job), source);
          const out = path.join(dir, 'converted.mp4');
          const poster = path.join(dir, 'poster.jpg');
          const converted = await convertToMp4(source, out, {
            maxSeconds: VIDEO_MAX_DURATION_S + 5,
            timeoutMs: job.timeoutMs,
            threads: job.threads,
          });
          const hasPoster = converted.code === 0 && (await posterFrame(out, poster, job.threads));
          if (converted.code === 0) await storage.putFile(outKey(job.stem), out, 'video/mp4');
          if (hasPoster) await storage.putFile(posterKey(job.stem), poster, 'image/jpeg');
          return {
            code: converted.code,
            timedOut: converted.timedOut,
            missing: converted.missing,
            stderr: converted.stderr.slice(-2000),
            out: converted.code === 0,
            poster: hasPoster,
          };
        } finally {
          await fsp.rm(dir, { recursive: true, force: true });
        }
      },
      label: (job) => `convert ${sourceKey(job)}`,
    }),
  );
}

/**
 * Converts on a worker (ROLE=worker or all, through BullMQ): the same result as converting
 * here, so the upload answers with the same messages. A full line of waiting conversions, or
 * one not done in time, is the spec's "try again" (503), as in process.
 */
export function convertOnWorker(deps: AppDeps) {
  const handle = handles.get(deps.jobs);
  if (!handle) throw new Error('the video job is not defined (media routes define it)');
  const { storage, uploads } = deps;
  const busy = () =>
    new HttpError(503, VIDEO_MESSAGES.uploadFailedRetry, undefined, { 'retry-after': '30' });
  return async (file: string, ext: string, workDir: string): Promise<Conversion> => {
    // Redis away counts as a full line: try again shortly.
    const waiting = await handle.waiting().catch(() => Infinity);
    if (waiting >= uploads.limits.videoQueue) throw busy();
    const stem = `job-${newId()}`;
    const waitMs = uploads.limits.videoTimeoutMs + QUEUE_WAIT_MS;
    await storage.putFile(sourceKey({ stem, ext }), file, 'application/octet-stream');
    try {
      let result: VideoJobResult;
      try {
        result = (await handle.enqueue(
          {
            stem,
            ext,
            timeoutMs: uploads.limits.videoTimeoutMs,
            threads: uploads.limits.ffmpegThreads,
            notAfter: Date.now() + waitMs,
          },
          { waitMs },
        )) as VideoJobResult;
      } catch {
        throw busy();
      }
      const out = path.join(workDir, 'converted.mp4');
      const poster = path.join(workDir, 'poster.jpg');
      if (result.out) await download(storage, outKey(stem), out);
      if (result.poster) await download(storage, posterKey(stem), poster);
      return { converted: result, out, poster: result.poster ? poster : null };
    } finally {
      // The job's files are copies: the stored media gets its own keys (media.service.ts).
      await Promise.allSettled(
        [sourceKey({ stem, ext }), outKey(stem), posterKey(stem)].map((k) => storage.remove(k)),
      );
    }
  };
}
