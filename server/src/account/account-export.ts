/**
 * "Export my account": one ZIP with the JSON Resume, every row Vitae holds about the user
 * (account.json) and their original media files, built in the background one job at a time
 * from a bounded queue. The file is kept for EXPORT_TTL_MS, then removed.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { AppDeps } from '../deps.ts';
import type { JobHandle, Jobs } from '../plugins/jobs.ts';
import { HttpError } from '../plugins/errors.ts';
import { notifyUser } from '../notifications/index.ts';
import { exportJsonResume } from '../cv-io/index.ts';
import { accountRepo, type ExportRow } from './account.repo.ts';
import { listingActivity, userRows, withoutSecrets } from './user-data.ts';

export const EXPORT_TTL_MS = 24 * 60 * 60 * 1000;
/** Jobs waiting across all users; more are refused until the queue drains. */
export const EXPORT_QUEUE_MAX = 20;
/** A queued or running job not heard from for this long was left by a stopped process. */
const STALE_MS = 15 * 60 * 1000;
const SWEEP_EVERY_MS = 10 * 60 * 1000;

export const ACCOUNT_EXPORT_MESSAGES = {
  busy: 'Your export is already being built.',
  queueFull: 'Many exports are being built right now. Please try again in a few minutes.',
  notReady: 'There is no export ready to download. Start a new one from Settings.',
} as const;

export const ABOUT_ACCOUNT_JSON =
  'Everything Vitae holds about your account: the rows of every table that refers to you ' +
  '(account, CV sections, media records, shares and their views, notifications, public ' +
  'listing, HR saves, ranks and notes), and in yourPublicListing the HR users’ views of and ' +
  'contact requests for your public listing. Left out on purpose: your password hash, the ' +
  'hashes of session, one-time, recovery-code and share PIN secrets, your authenticator ' +
  'app’s secret (two_step_secrets says whether two-step sign-in is on), the network ' +
  'address and browser string ' +
  'of the people who viewed your shared CV (you see their device kind; see omittedColumns), ' +
  'and other users’ private data, such as HR users’ saves and notes about your CV. Your media ' +
  'files are in media/ (README.txt says what each one is).';

/**
 * The export's README (issue 32): what each file is. Vitae keeps the video it plays, converted
 * on upload to H.264/AAC MP4 of at most 720p; the uploaded original is not kept, so the export
 * holds the converted file and names it so.
 */
export const EXPORT_README = [
  'Your Vitae account export',
  '',
  'resume.json   Your CV as a JSON Resume (https://jsonresume.org), which other CV tools import.',
  'account.json  Every row Vitae holds about your account (see "about" inside it).',
  'media/        Your files:',
  '  photo-<id>.<ext>              a profile photo as stored (re-encoded, without location data);',
  '  certificate-<id>.<ext>        a certificate document, exactly as uploaded;',
  '  video-<id>-converted.mp4      your first impression video as Vitae stores and plays it:',
  '                                converted on upload to MP4 (H.264/AAC, at most 720p).',
  '                                Vitae does not keep the file you uploaded, so this is',
  '                                the converted copy, not your original;',
  '  video-<id>-as-uploaded.<ext>  a video Vitae could not convert, kept as you uploaded it.',
  '',
  'Certificates without a document (for example from a LinkedIn import) have no file; their',
  'title, issuer, date and link are in account.json (table "certificates") and resume.json.',
  '',
].join('\n');

/** A media file's name in the export: its kind, id and, for a video, whether it was converted. */
export function exportedMediaName(m: {
  id: string;
  purpose: string;
  content_type: string;
  thumb_key: string | null;
}): string {
  const ext = EXTENSIONS[m.content_type] ?? 'bin';
  if (m.purpose !== 'video') return `media/${m.purpose}-${m.id}.${ext}`;
  // A poster frame is made only from a converted video (media/ingest.ts).
  return m.thumb_key
    ? `media/video-${m.id}-converted.${ext}`
    : `media/video-${m.id}-as-uploaded.${ext}`;
}

export interface ExportStatus {
  id: string;
  status: ExportRow['status'];
  progress: number;
  size: number;
  createdAt: string;
  expiresAt: string | null;
}

export const statusOf = (row: ExportRow): ExportStatus => ({
  id: row.id,
  status: row.status,
  progress: row.progress,
  size: row.size,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
});

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
  'video/mp4': 'mp4',
  'video/x-m4v': 'mp4',
  'video/quicktime': 'mov',
  'video/webm': 'webm',
  'video/vnd.avi': 'avi',
  'video/x-msvideo': 'avi',
};

type Deps = Pick<AppDeps, 'db' | 'storage' | 'events'>;

const expired = (row: ExportRow) =>
  row.status === 'ready' && row.expires_at !== null && row.expires_at < new Date().toISOString();

/** A queued or running job still heard from: a stopped process's job is not. */
const isBuilding = (row: ExportRow) =>
  (row.status === 'queued' || row.status === 'running') &&
  Date.now() - Date.parse(row.updated_at) < STALE_MS;

/** Writes the ZIP to `file`, reporting progress (0–100) as each part is added. */
async function writeZip(
  deps: Deps,
  userId: string,
  file: string,
  progress: (p: number) => Promise<void>,
) {
  const repo = accountRepo(deps.db);
  const out = fs.createWriteStream(file);
  const failed = new Promise<never>((_, reject) => out.on('error', reject));
  const zip = new Zip((err, chunk, final) => {
    if (err) out.destroy(err);
    else {
      out.write(chunk);
      if (final) out.end();
    }
  });
  const drained = async () => {
    if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), failed]);
  };
  const addJson = (name: string, value: unknown) => {
    const entry = new ZipDeflate(name, { level: 6 });
    zip.add(entry);
    entry.push(Buffer.from(JSON.stringify(value, null, 2)), true);
  };

  const readme = new ZipDeflate('README.txt', { level: 6 });
  zip.add(readme);
  readme.push(Buffer.from(EXPORT_README), true);
  addJson('resume.json', await exportJsonResume(deps.db, userId));
  const { tables, omitted } = withoutSecrets(await userRows(deps.db, userId));
  addJson('account.json', {
    about: ABOUT_ACCOUNT_JSON,
    exportedAt: new Date().toISOString(),
    userId,
    omittedColumns: omitted,
    tables,
    yourPublicListing: await listingActivity(deps.db, userId),
  });
  await drained();
  const media = await repo.mediaFiles(userId);
  for (const [i, m] of media.entries()) {
    const stream = await deps.storage.read(m.file_key);
    if (stream) {
      // Photos, PDFs and videos are compressed already: stored as they are.
      const entry = new ZipPassThrough(exportedMediaName(m));
      zip.add(entry);
      for await (const chunk of stream) {
        entry.push(chunk as Uint8Array);
        await drained();
      }
      entry.push(new Uint8Array(0), true);
    }
    await progress(Math.round(((i + 1) / (media.length + 1)) * 90) + 5);
  }
  zip.end();
  await Promise.race([once(out, 'finish'), failed]);
}

/** The `account-export` job kind, defined once per jobs (every instance, so a worker runs it). */
const exportKinds = new WeakMap<Jobs, JobHandle<{ exportId: string }>>();

/**
 * Builds exports: with REDIS_URL as `account-export` jobs a worker runs (issue 33: a crash
 * mid-build leaves the job to another worker; the finished file is on the shared store and its
 * notification reaches the user's sockets on any instance); without, in this process, one at
 * a time. `sweepOnTimer: false` (ROLE=web) leaves the periodic removal of expired files to a
 * worker; each job and each request to start one still sweeps.
 */
export function accountExports(deps: Deps & { jobs?: Jobs }, { sweepOnTimer = true } = {}) {
  const repo = accountRepo(deps.db);
  const queue: ExportRow[] = [];
  let working = false;
  const onQueue = deps.jobs?.backend === 'redis' ? exportKind(deps.jobs) : null;

  function exportKind(jobs: Jobs): JobHandle<{ exportId: string }> {
    let kind = exportKinds.get(jobs);
    if (!kind) {
      kind = jobs.define<{ exportId: string }>({
        name: 'account-export',
        attempts: 2,
        backoffMs: 5_000,
        concurrency: 1,
        label: ({ exportId }) => `account export ${exportId}`,
        async run({ exportId }) {
          const row = await repo.exportById(exportId);
          // Replaced by a newer export, or the account deleted, since it was queued.
          if (!row || row.status === 'ready' || row.status === 'expired') return;
          await build(row);
          await sweep().catch(() => undefined);
        },
      });
      exportKinds.set(jobs, kind);
    }
    return kind;
  }

  async function build(job: ExportRow) {
    const tmp = path.join(os.tmpdir(), `vitae-export-${job.id}.zip`);
    const key = `export-${job.id}.zip`;
    try {
      await repo.updateExport(job.id, { status: 'running', progress: 5 });
      await writeZip(deps, job.user_id, tmp, (progress) => repo.updateExport(job.id, { progress }));
      const { size } = await fsp.stat(tmp);
      await deps.storage.putFile(key, tmp, 'application/zip');
      const expiresAt = new Date(Date.now() + EXPORT_TTL_MS).toISOString();
      await repo.updateExport(job.id, {
        status: 'ready',
        progress: 100,
        file_key: key,
        size,
        expires_at: expiresAt,
      });
      // The account (or this job) may have gone meanwhile: then the file must not stay.
      if ((await repo.findExport(job.user_id))?.id !== job.id) await deps.storage.remove(key);
      else
        await notifyUser(deps, job.user_id, {
          type: 'account-export',
          title: 'Your account export is ready',
          message: 'Download it from Settings within 24 hours; after that it is deleted.',
        });
    } catch {
      await repo.updateExport(job.id, { status: 'failed' }).catch(() => undefined);
      await deps.storage.remove(key).catch(() => undefined);
    } finally {
      await fsp.rm(tmp, { force: true });
    }
  }

  async function work() {
    if (working) return;
    working = true;
    try {
      for (let job = queue.shift(); job; job = queue.shift()) {
        await build(job);
        await sweep().catch(() => undefined);
      }
    } finally {
      working = false;
    }
  }

  /** Removes the files of expired exports: on a timer, and after each job or request to start one. */
  async function sweep() {
    for (const row of await repo.expiredExports(new Date().toISOString())) {
      if (row.file_key) await deps.storage.remove(row.file_key);
      await repo.updateExport(row.id, { status: 'expired', file_key: null });
    }
  }
  const timer = sweepOnTimer
    ? setInterval(() => void sweep().catch(() => undefined), SWEEP_EVERY_MS).unref()
    : undefined;

  return {
    /** Queues a new export of the user's account (the last one, and its file, are replaced). */
    async start(userId: string): Promise<ExportStatus> {
      await sweep();
      const waiting = onQueue ? await onQueue.waiting().catch(() => 0) : queue.length;
      if (waiting >= EXPORT_QUEUE_MAX) {
        throw new HttpError(503, ACCOUNT_EXPORT_MESSAGES.queueFull);
      }
      const started = await repo.startExport(userId, isBuilding);
      if (!started) throw new HttpError(409, ACCOUNT_EXPORT_MESSAGES.busy);
      if (started.oldFile) await deps.storage.remove(started.oldFile);
      const queued = onQueue
        ? await onQueue.enqueue({ exportId: started.job.id }).then(
            () => true,
            // Redis did not take it: this instance builds it, as without Redis.
            () => false,
          )
        : false;
      if (!queued) {
        queue.push(started.job);
        void work();
      }
      return statusOf(started.job);
    },

    /** A GET: reads only. A ready export past its time already answers as expired. */
    async status(userId: string): Promise<ExportStatus | null> {
      const row = await repo.findExport(userId);
      if (!row) return null;
      return statusOf(expired(row) ? { ...row, status: 'expired', file_key: null } : row);
    },

    /** The ready file's key; 404 when there is none (never built, failed or expired). */
    async readyFile(userId: string): Promise<{ key: string; size: number }> {
      const row = await repo.findExport(userId);
      if (row?.status !== 'ready' || !row.file_key || expired(row)) {
        throw new HttpError(404, ACCOUNT_EXPORT_MESSAGES.notReady);
      }
      return { key: row.file_key, size: row.size };
    },

    /** Resolves when the queue is empty (tests, and a graceful close). */
    async idle(): Promise<void> {
      while (working || queue.length) await new Promise((r) => setTimeout(r, 20));
    },

    close() {
      clearInterval(timer);
    },
  };
}

export type AccountExports = ReturnType<typeof accountExports>;
