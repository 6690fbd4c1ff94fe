import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  photoCreateSchema,
  photoPatchSchema,
  UPLOAD_MESSAGES,
  idParams,
  recordId,
} from '@vitae/core';
import type { AppDeps } from '../app.ts';
import { newId, nowIso } from '../db/ids.ts';
import { onUniqueViolation } from '../db/integrity.ts';
import { HttpError, notFound } from '../plugins/errors.ts';
import { requireUser } from '../plugins/session.ts';
import { mediaService } from '../media/media.service.ts';
import { assignedOrNone, assignPhoto, assignSoleUnassigned, photosFor } from './photos.repo.ts';

const idBody = z.object({ id: recordId() });

export function photosRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const media = mediaService(deps);
  const tags = ['photo'];

  const changed = async (userId: string) => {
    deps.events.publish('section.changed', { userId, dataType: 'photo' });
    return {
      data: await photosFor(deps, userId),
      assignedPhotoUrl: await assignedOrNone(deps, userId),
    };
  };
  const ownPhoto = async (userId: string, id: string) => {
    const row = await db
      .selectFrom('photos')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) throw notFound('Photo not found');
    return row;
  };

  r.get('/api/photo/sample', { schema: { tags } }, async (req) => {
    requireUser(req);
    // No stock portrait is shipped: a sample CV shows no photo.
    return { data: [] };
  });

  r.get('/api/photo/status', { schema: { tags } }, async (req) => {
    const user = requireUser(req);
    const row = await db
      .selectFrom('photos')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    return { status: Number(row.n) };
  });

  r.get('/api/photo/assigned', { schema: { tags } }, async (req) => {
    const user = requireUser(req);
    const url = await assignedOrNone(deps, user.id);
    return { data: url, assignedPhotoUrl: url };
  });

  r.get('/api/photo', { schema: { tags } }, async (req) => {
    const user = requireUser(req);
    return { data: await photosFor(deps, user.id) };
  });

  r.post('/api/photo', { schema: { tags, body: photoCreateSchema } }, async (req, reply) => {
    const user = requireUser(req);
    const file = await media.findOwned(user.id, req.body.publicId);
    if (file.purpose !== 'photo') throw new HttpError(400, UPLOAD_MESSAGES.mediaWrongKind);
    if (await media.inUse(file.id)) throw new HttpError(409, UPLOAD_MESSAGES.mediaInUse);
    const now = nowIso();
    const id = newId();
    await db
      .insertInto('photos')
      .values({
        id,
        user_id: user.id,
        media_id: file.id,
        title: req.body.title,
        assigned: 0,
        created_at: now,
        updated_at: now,
      })
      .execute()
      // A parallel request attached the same upload first (media_id is unique).
      .catch(onUniqueViolation(new HttpError(409, UPLOAD_MESSAGES.mediaInUse)));
    // The first photo is the profile photo.
    await assignSoleUnassigned(deps, user.id);
    return reply.status(201).send(await changed(user.id));
  });

  r.patch(
    '/api/photo/:id',
    { schema: { tags, params: idParams, body: photoPatchSchema } },
    async (req) => {
      const user = requireUser(req);
      await ownPhoto(user.id, req.params.id);
      await db
        .updateTable('photos')
        .set({ title: req.body.title, updated_at: nowIso() })
        .where('id', '=', req.params.id)
        .where('user_id', '=', user.id)
        .execute();
      return changed(user.id);
    },
  );

  r.post('/api/photo/delete', { schema: { tags, body: idBody } }, async (req) => {
    const user = requireUser(req);
    const photo = await ownPhoto(user.id, req.body.id);
    await db.deleteFrom('photos').where('id', '=', photo.id).execute();
    await media.removeById(photo.media_id);
    // Deleting the assigned photo leaves none assigned, unless exactly one remains.
    await assignSoleUnassigned(deps, user.id);
    return changed(user.id);
  });

  r.post('/api/photo/assign-photo', { schema: { tags, body: idBody } }, async (req) => {
    const user = requireUser(req);
    await ownPhoto(user.id, req.body.id);
    await assignPhoto(deps, user.id, req.body.id);
    return changed(user.id);
  });
}
