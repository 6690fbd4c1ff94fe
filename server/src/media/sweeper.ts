import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.ts';
import { runsBackgroundWork } from '../config.ts';
import { REFERENCING, type MediaRow } from './media.service.ts';

export interface SweepResult {
  /** Temp upload folders removed. */
  tempFolders: number;
  /** Uploads removed that no record used. */
  unattached: number;
}

type SweepDeps = Pick<AppDeps, 'config' | 'db' | 'storage' | 'uploads'>;

const BATCH = 200;

/**
 * Removes what uploads leave behind: temp folders of requests that died (a crash, a kill)
 * and uploaded files never attached to a photo, certificate or first impression (a
 * cancelled form). Safe to run anywhere at any time, also by several instances at once.
 */
export async function sweepUploads(
  deps: SweepDeps,
  now = Date.now(),
  { unattached = true } = {},
): Promise<SweepResult> {
  const { tempMaxAgeMs, unattachedMaxAgeMs } = deps.uploads.limits;
  return {
    tempFolders: await sweepTemp(path.join(deps.config.dataDir, 'tmp'), now - tempMaxAgeMs),
    unattached: unattached
      ? await sweepUnattached(deps, new Date(now - unattachedMaxAgeMs).toISOString())
      : 0,
  };
}

/** Entries under `root` where nothing changed since `cutoffMs`. */
async function sweepTemp(root: string, cutoffMs: number): Promise<number> {
  let names: string[];
  try {
    names = await fsp.readdir(root);
  } catch {
    return 0; // no upload yet
  }
  let removed = 0;
  for (const name of names) {
    const entry = path.join(root, name);
    try {
      if ((await lastChange(entry)) >= cutoffMs) continue;
      await fsp.rm(entry, { recursive: true, force: true });
      removed++;
    } catch {
      // Removed meanwhile by its own request: fine.
    }
  }
  return removed;
}

/** The latest mtime of an entry and of what a folder holds: a live upload keeps writing. */
async function lastChange(entry: string): Promise<number> {
  const st = await fsp.stat(entry);
  if (!st.isDirectory()) return st.mtimeMs;
  const inner = await fsp.readdir(entry);
  const times = await Promise.all(
    inner.map((n) =>
      fsp.stat(path.join(entry, n)).then(
        (s) => s.mtimeMs,
        () => 0,
      ),
    ),
  );
  return Math.max(st.mtimeMs, ...times);
}

async function sweepUnattached(deps: SweepDeps, cutoffIso: string): Promise<number> {
  let removed = 0;
  for (;;) {
    const rows = await deps.db
      .selectFrom('media')
      .selectAll()
      .where('created_at', '<', cutoffIso)
      .where(({ and, not, exists, selectFrom }) =>
        and(
          REFERENCING.map((t) =>
            not(exists(selectFrom(t).select('id').whereRef(`${t}.media_id`, '=', 'media.id'))),
          ),
        ),
      )
      .orderBy('created_at')
      .limit(BATCH)
      .execute();
    for (const row of rows) if (await removeIfUnused(deps, row)) removed++;
    if (rows.length < BATCH) return removed;
  }
}

/**
 * Deletes the row only while no record uses it, in one statement, then its files. A record
 * attached in between makes the delete find nothing (or fail on the foreign key): kept.
 */
async function removeIfUnused(deps: SweepDeps, row: MediaRow): Promise<boolean> {
  try {
    const res = await deps.db
      .deleteFrom('media')
      .where('id', '=', row.id)
      .where(({ and, not, exists, selectFrom }) =>
        and(
          REFERENCING.map((t) =>
            not(exists(selectFrom(t).select('id').whereRef(`${t}.media_id`, '=', 'media.id'))),
          ),
        ),
      )
      .executeTakeFirst();
    if (Number(res.numDeletedRows) === 0) return false;
  } catch {
    return false;
  }
  const keys = [row.file_key, row.thumb_key].filter((k): k is string => Boolean(k));
  await Promise.all(keys.map((k) => deps.storage.remove(k)));
  return true;
}

/**
 * Sweeps once when the app is ready, then every `sweepEveryMs`, until it closes. The temp
 * folders are this machine's, so every process sweeps its own; unattached uploads are shared
 * (database and store), so with ROLE=web they are left to a worker (docs/operations.md, "Roles").
 */
export function startSweeper(app: FastifyInstance, deps: SweepDeps): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  const unattached = runsBackgroundWork(deps.config);
  const sweep = () => {
    running ??= sweepUploads(deps, Date.now(), { unattached })
      .then(
        (r) => {
          if (r.tempFolders || r.unattached) app.log.info(r, 'removed upload leftovers');
        },
        (err: unknown) => app.log.warn({ err }, 'upload sweep failed'),
      )
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onReady', async () => {
    sweep();
    // unref: a pending sweep never keeps the process alive.
    timer = setInterval(sweep, deps.uploads.limits.sweepEveryMs).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
