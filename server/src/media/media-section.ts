import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CERTIFICATE_MESSAGES,
  MAX_CERTIFICATES,
  MAX_PHOTOS,
  PHOTO_MESSAGES,
  UPLOAD_MESSAGES,
  recordId,
  singleLineText,
} from '@vitae/core';
import type { Db } from '../db/database.ts';
import { newId, nowIso } from '../db/ids.ts';
import { lockRow, onUniqueViolation } from '../db/integrity.ts';
import type { DomainEvents } from '../plugins/domain-events.ts';
import { HttpError, notFound } from '../plugins/errors.ts';
import { requireUser } from '../plugins/session.ts';
import { mediaService, type MediaDeps } from './media.service.ts';

/** The sections whose every entry owns one uploaded file (a `media` row). */
const KINDS = {
  photo: { table: 'photos', purpose: 'photo', missing: 'Photo not found' },
  certificate: { table: 'certificates', purpose: 'certificate', missing: 'Certificate not found' },
  'first-impression': { table: 'first_impressions', purpose: 'video', missing: 'Video not found' },
} as const;

export type MediaKind = keyof typeof KINDS;

/**
 * How many entries add() lets one user keep, and the answer past that: files are stored as
 * long as their entries. The first impression is one video, replaced in place.
 */
const CAPS: Partial<Record<MediaKind, { max: number; full: string }>> = {
  photo: { max: MAX_PHOTOS, full: PHOTO_MESSAGES.tooMany },
  certificate: { max: MAX_CERTIFICATES, full: CERTIFICATE_MESSAGES.tooMany },
};

/** The delete call's body; a `publicId`, when given, must name the entry's file. */
export const mediaDeleteBody = z.object({
  id: recordId(),
  publicId: singleLineText().max(2048).optional(),
});

/** The columns every new entry starts with. */
export function newEntry(userId: string, mediaId: string) {
  const now = nowIso();
  return { id: newId(), user_id: userId, media_id: mediaId, created_at: now, updated_at: now };
}

/** The SQL every media section shares: rows owned by a user, each pointing at one file. */
function mediaSectionRepo(db: Db, kind: MediaKind) {
  const { table } = KINDS[kind];
  return {
    async count(userId: string): Promise<number> {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The user's entry with this id; another user's is not found. */
    own: (userId: string, id: string) =>
      db
        .selectFrom(table)
        .select(['id', 'media_id'])
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst(),

    remove: (id: string) => db.deleteFrom(table).where('id', '=', id).execute(),
  };
}

export type MediaSectionDeps = MediaDeps & { events: DomainEvents };

/**
 * What photos, certificates and the first impression do alike: the status count, the
 * user's own entry, checks on the upload an entry takes, removal with its file, and the
 * change event that refreshes the user's other tabs.
 */
export function mediaSection<Answer>(
  deps: MediaSectionDeps,
  kind: MediaKind,
  /** What a write answers with: the section's entries as the client shows them. */
  answer: (userId: string) => Promise<Answer>,
) {
  const { purpose, missing } = KINDS[kind];
  const repo = mediaSectionRepo(deps.db, kind);
  const media = mediaService(deps);

  /** The user's upload named by `ref` (a public id or URL), of this section's kind. */
  async function ownedFile(userId: string, ref: string | null | undefined) {
    const file = await media.findOwned(userId, ref);
    if (file.purpose !== purpose) throw new HttpError(400, UPLOAD_MESSAGES.mediaWrongKind);
    return file;
  }

  /** Not attached to any entry yet. */
  async function unusedFile(userId: string, ref: string) {
    const file = await ownedFile(userId, ref);
    if (await media.inUse(file.id)) throw new HttpError(409, UPLOAD_MESSAGES.mediaInUse);
    return file;
  }

  /** Refuses an add past the cap; under the user's lock, so it counts every earlier add. */
  async function assertRoom(trx: Db, userId: string) {
    const cap = CAPS[kind];
    if (cap && (await mediaSectionRepo(trx, kind).count(userId)) >= cap.max) {
      throw new HttpError(409, cap.full);
    }
  }

  /** An insert or update that attaches a file: losing a race for it is "in use" too. */
  const attaching = <T>(write: Promise<T>): Promise<T> =>
    // media_id is unique: a parallel request attached the same upload first.
    write.catch(onUniqueViolation(new HttpError(409, UPLOAD_MESSAGES.mediaInUse)));

  return {
    /** The OpenAPI tags of the section's routes. */
    tags: [kind],
    media,
    ownedFile,
    unusedFile,
    attaching,
    answer,

    /** The `status` (docs/product/dashboard.md#status-indicators): the user's entry count. */
    status: async (userId: string) => ({ status: await repo.count(userId) }),

    /** The signed-in user and their entry `id` (401, or 404 for another user's). */
    async entryOf(req: FastifyRequest, id: string) {
      const userId = requireUser(req).id;
      const entry = await repo.own(userId, id);
      if (!entry) throw notFound(missing);
      return { userId, entry };
    },

    /**
     * A new entry for an unused upload named by `ref`, made by `insert` in the transaction
     * `trx`; then changed(). Past the section's cap nothing changes (409). `insert` writes
     * through `trx` only: on SQLite's one connection a write through `deps.db` would wait
     * for this transaction forever.
     */
    async add(
      userId: string,
      ref: string,
      insert: (trx: Db, mediaId: string) => Promise<unknown>,
    ): Promise<Answer> {
      const file = await unusedFile(userId, ref);
      const adding = deps.db.transaction().execute(async (trx) => {
        await lockRow(trx, 'users', userId);
        await assertRoom(trx, userId);
        await insert(trx, file.id);
      });
      await attaching(adding);
      return this.changed(userId);
    },

    /**
     * A new entry without a file (a certificate's record, issue 32), under the same lock and
     * cap as add(); then changed().
     */
    async addWithoutFile(userId: string, insert: (trx: Db) => Promise<unknown>): Promise<Answer> {
      await deps.db.transaction().execute(async (trx) => {
        await lockRow(trx, 'users', userId);
        await assertRoom(trx, userId);
        await insert(trx);
      });
      return this.changed(userId);
    },

    /** Deletes the entry, then its file (if it has one). */
    async remove(row: { id: string; media_id: string | null }): Promise<void> {
      await repo.remove(row.id);
      if (row.media_id) await media.removeById(row.media_id);
    },

    /** Tells the user's other tabs, and answers with the entries as they are now. */
    changed(userId: string): Promise<Answer> {
      deps.events.publish('section.changed', { userId, dataType: kind });
      return answer(userId);
    },
  };
}
