import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  firstImpressionCreateSchema,
  UPLOAD_MESSAGES,
  VIDEO_MESSAGES,
  recordId,
  singleLineText,
} from '@vitae/core';
import type { AppDeps } from '../app.ts';
import { newId, nowIso } from '../db/ids.ts';
import type { Db } from '../db/database.ts';
import { lockRow, onUniqueViolation } from '../db/integrity.ts';
import { HttpError, notFound } from '../plugins/errors.ts';
import { requireUser } from '../plugins/session.ts';
import { mediaService, publicIdOf } from '../media/media.service.ts';
import { parseRange } from '../media/media.routes.ts';
import { firstImpressionFor } from './first-impression.repo.ts';

/** Our own demo (design, API departure 6): generated with ffmpeg, no third-party content. */
export const DEMO_VIDEO_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../assets/demo-first-impression.mp4',
);
export const DEMO_VIDEO_URL = '/media/demo/first-impression.mp4';

const deleteBody = z.object({
  id: recordId(),
  publicId: singleLineText().max(2048).optional(),
});

/**
 * One video per user, one save at a time (the user's row is locked): a new video replaces
 * the old, whose media record goes in the same transaction, so no parallel save can
 * re-attach it; its files are removed after (`replaced`).
 */
async function saveVideo(trx: Db, userId: string, mediaId: string) {
  await lockRow(trx, 'users', userId);
  const old = await trx
    .selectFrom('first_impressions')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (old?.media_id === mediaId) return { created: false, replaced: undefined };
  const file = await trx
    .selectFrom('media')
    .select('id')
    .where('id', '=', mediaId)
    .executeTakeFirst();
  if (!file) throw new HttpError(404, UPLOAD_MESSAGES.mediaNotFound);
  const now = nowIso();
  if (!old) {
    await trx
      .insertInto('first_impressions')
      .values({ id: newId(), user_id: userId, media_id: mediaId, created_at: now, updated_at: now })
      .execute();
    return { created: true, replaced: undefined };
  }
  await trx
    .updateTable('first_impressions')
    .set({ media_id: mediaId, updated_at: now })
    .where('id', '=', old.id)
    .execute();
  const replaced = await trx
    .selectFrom('media')
    .selectAll()
    .where('id', '=', old.media_id)
    .executeTakeFirst();
  await trx.deleteFrom('media').where('id', '=', old.media_id).execute();
  return { created: true, replaced };
}

export function firstImpressionRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const media = mediaService(deps);
  const tags = ['first-impression'];

  const changed = async (userId: string) => {
    deps.events.publish('section.changed', { userId, dataType: 'first-impression' });
    const video = await firstImpressionFor(deps, userId);
    return { data: video ? [video] : [] };
  };

  r.get('/api/first-impression/status', { schema: { tags } }, async (req) => {
    const user = requireUser(req);
    const row = await db
      .selectFrom('first_impressions')
      .select('id')
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    return { status: row ? 1 : 0 };
  });

  r.get('/api/first-impression', { schema: { tags } }, async (req) => {
    const user = requireUser(req);
    const video = await firstImpressionFor(deps, user.id);
    return { data: video ? [video] : [] };
  });

  r.get('/api/first-impression/demo', { schema: { tags } }, async () => {
    if (!fs.existsSync(DEMO_VIDEO_FILE)) throw new HttpError(404, VIDEO_MESSAGES.demoUnavailable);
    return { videoUrl: DEMO_VIDEO_URL };
  });

  r.get(DEMO_VIDEO_URL, { schema: { tags } }, async (req, reply) => {
    const size = fs.existsSync(DEMO_VIDEO_FILE) ? fs.statSync(DEMO_VIDEO_FILE).size : null;
    if (size == null) throw new HttpError(404, VIDEO_MESSAGES.demoUnavailable);
    void reply.headers({
      'content-type': 'video/mp4',
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=86400',
      'accept-ranges': 'bytes',
    });
    const range = req.headers.range ? parseRange(req.headers.range, size) : 'all';
    if (range === null) return reply.status(416).header('content-range', `bytes */${size}`).send();
    if (range === 'all') {
      return reply.header('content-length', size).send(fs.createReadStream(DEMO_VIDEO_FILE));
    }
    return reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
      .header('content-length', range.end - range.start + 1)
      .send(fs.createReadStream(DEMO_VIDEO_FILE, range));
  });

  r.post(
    '/api/first-impression',
    { schema: { tags, body: firstImpressionCreateSchema } },
    async (req, reply) => {
      const user = requireUser(req);
      if (req.body.userId && req.body.userId !== user.id) {
        throw new HttpError(403, 'You can only save your own first impression video.');
      }
      const file = await media.findOwned(user.id, req.body.publicId ?? req.body.videoUrl);
      if (file.purpose !== 'video') throw new HttpError(400, UPLOAD_MESSAGES.mediaWrongKind);
      // Only the user's own first impression can hold their video: saving the current one
      // again is a no-op (200); media_id is unique, so anything else is "in use".
      const saved = await db
        .transaction()
        .execute((trx) => saveVideo(trx, user.id, file.id))
        .catch(onUniqueViolation(new HttpError(409, UPLOAD_MESSAGES.mediaInUse)));
      if (saved.replaced) await media.remove(saved.replaced);
      return reply.status(saved.created ? 201 : 200).send(await changed(user.id));
    },
  );

  r.post('/api/first-impression/delete', { schema: { tags, body: deleteBody } }, async (req) => {
    const user = requireUser(req);
    const row = await db
      .selectFrom('first_impressions')
      .selectAll()
      .where('id', '=', req.body.id)
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    if (!row) throw notFound('Video not found');
    if (req.body.publicId && publicIdOf(req.body.publicId) !== row.media_id) {
      throw new HttpError(400, VIDEO_MESSAGES.noPublicId);
    }
    await db.deleteFrom('first_impressions').where('id', '=', row.id).execute();
    await media.removeById(row.media_id);
    return changed(user.id);
  });
}
