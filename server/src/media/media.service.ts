import type { Selectable } from 'kysely';
import { publicIdFromUrl } from '@vitae/core';
import type { Db, MediaTable } from '../db/database.ts';
import { newId, nowIso } from '../db/ids.ts';
import { HttpError } from '../plugins/errors.ts';
import type { Storage } from '../plugins/storage.ts';
import { UPLOAD_MESSAGES } from '@vitae/core';
import { CONTENT_TYPES, keyFromMediaUrl, signMediaUrl } from './media-urls.ts';
import type { Prepared, Purpose } from './ingest.ts';

export type MediaRow = Selectable<MediaTable>;

export interface MediaDeps {
  db: Db;
  storage: Storage;
  sessionSecret: string;
}

/** Tables whose rows own a media file (one record per file). */
export const REFERENCING = ['photos', 'certificates', 'first_impressions'] as const;

/** A public id from a bare id, a media URL (signed or not) or a cloud-style URL. */
export function publicIdOf(ref: string | null | undefined): string | null {
  if (!ref) return null;
  const trimmed = ref.trim();
  if (/^[0-9a-f]{24}$/.test(trimmed)) return trimmed;
  const key = keyFromMediaUrl(trimmed);
  return key ? key.slice(0, 24) : publicIdFromUrl(trimmed);
}

export function mediaService({ db, storage, sessionSecret }: MediaDeps) {
  const keysOf = (row: MediaRow) => [row.file_key, row.thumb_key].filter((k): k is string => !!k);

  return {
    /** The signed URL of the main file. */
    url: (row: Pick<MediaRow, 'file_key'>) => signMediaUrl(sessionSecret, row.file_key),
    /** The thumbnail or poster URL, or the main file's when there is none. */
    thumbUrl: (row: MediaRow) => signMediaUrl(sessionSecret, row.thumb_key ?? row.file_key),

    /** Stores prepared files under fresh random keys and records them; all or nothing. */
    async store(
      userId: string,
      purpose: Purpose,
      prepared: Prepared,
      sizeOf: (f: string) => Promise<number>,
    ) {
      const id = newId();
      const fileKey = `${id}.${prepared.main.ext}`;
      const thumbKey = prepared.thumb
        ? `${id}-${purpose === 'video' ? 'poster' : 'thumb'}.${prepared.thumb.ext}`
        : null;
      const row: MediaRow = {
        id,
        user_id: userId,
        purpose,
        resource_type: prepared.resourceType,
        content_type: CONTENT_TYPES[prepared.main.ext]!,
        file_key: fileKey,
        thumb_key: thumbKey,
        size: await sizeOf(prepared.main.file),
        duration_ms: prepared.durationMs ?? null,
        created_at: nowIso(),
      };
      try {
        await storage.putFile(fileKey, prepared.main.file, row.content_type);
        if (prepared.thumb && thumbKey) {
          await storage.putFile(thumbKey, prepared.thumb.file, CONTENT_TYPES[prepared.thumb.ext]!);
        }
        await db.insertInto('media').values(row).execute();
      } catch (err) {
        await Promise.allSettled(keysOf(row).map((k) => storage.remove(k)));
        throw err;
      }
      return row;
    },

    /** The user's media named by `ref`; another user's (or nobody's) is a 404. */
    async findOwned(userId: string, ref: string | null | undefined): Promise<MediaRow> {
      const id = publicIdOf(ref);
      const row = id
        ? await db
            .selectFrom('media')
            .selectAll()
            .where('id', '=', id)
            .where('user_id', '=', userId)
            .executeTakeFirst()
        : undefined;
      if (!row) throw new HttpError(404, UPLOAD_MESSAGES.mediaNotFound);
      return row;
    },

    /** Whether some record still points at this media. */
    async inUse(mediaId: string): Promise<boolean> {
      for (const table of REFERENCING) {
        const hit = await db
          .selectFrom(table)
          .select('id')
          .where('media_id', '=', mediaId)
          .executeTakeFirst();
        if (hit) return true;
      }
      return false;
    },

    /** Deletes the files, then the row. Call after the referencing record is gone. */
    async remove(row: MediaRow): Promise<void> {
      await Promise.all(keysOf(row).map((k) => storage.remove(k)));
      await db.deleteFrom('media').where('id', '=', row.id).execute();
    },

    async removeById(mediaId: string): Promise<void> {
      const row = await db
        .selectFrom('media')
        .selectAll()
        .where('id', '=', mediaId)
        .executeTakeFirst();
      if (row) await this.remove(row);
    },
  };
}
