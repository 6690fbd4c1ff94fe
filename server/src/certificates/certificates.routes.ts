import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  certificateCreateSchema,
  certificatePatchSchema,
  UPLOAD_MESSAGES,
  idParams,
  recordId,
  singleLineText,
} from '@vitae/core';
import type { AppDeps } from '../app.ts';
import { newId, nowIso } from '../db/ids.ts';
import { onUniqueViolation } from '../db/integrity.ts';
import { HttpError, notFound } from '../plugins/errors.ts';
import { requireUser } from '../plugins/session.ts';
import { mediaService, publicIdOf } from '../media/media.service.ts';
import { receiveUpload } from '../media/media.routes.ts';
import { certificatesFor } from './certificates.repo.ts';

const deleteBody = z.object({
  id: recordId(),
  publicId: singleLineText().max(2048).optional(),
});

export function certificatesRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const media = mediaService(deps);
  const tags = ['certificate'];

  const changed = async (userId: string) => {
    deps.events.publish('section.changed', { userId, dataType: 'certificate' });
    return { data: await certificatesFor(deps, userId) };
  };
  const ownCertificate = async (userId: string, id: string) => {
    const row = await db
      .selectFrom('certificates')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) throw notFound('Certificate not found');
    return row;
  };
  /** The user's unused certificate upload named by publicId (or by the URL given). */
  const usableDocument = async (userId: string, ref: string) => {
    const file = await media.findOwned(userId, ref);
    if (file.purpose !== 'certificate') throw new HttpError(400, UPLOAD_MESSAGES.mediaWrongKind);
    if (await media.inUse(file.id)) throw new HttpError(409, UPLOAD_MESSAGES.mediaInUse);
    return file;
  };

  r.get('/api/certificate/status', { schema: { tags } }, async (req) => {
    const user = requireUser(req);
    const row = await db
      .selectFrom('certificates')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    return { status: Number(row.n) };
  });

  r.get('/api/certificate', { schema: { tags } }, async (req) => {
    const user = requireUser(req);
    return { data: await certificatesFor(deps, user.id) };
  });

  r.post(
    '/api/certificate',
    { schema: { tags, body: certificateCreateSchema } },
    async (req, reply) => {
      const user = requireUser(req);
      const file = await usableDocument(user.id, req.body.publicId);
      const now = nowIso();
      await db
        .insertInto('certificates')
        .values({
          id: newId(),
          user_id: user.id,
          media_id: file.id,
          title: req.body.title,
          created_at: now,
          updated_at: now,
        })
        .execute()
        // A parallel request attached the same upload first (media_id is unique).
        .catch(onUniqueViolation(new HttpError(409, UPLOAD_MESSAGES.mediaInUse)));
      return reply.status(201).send(await changed(user.id));
    },
  );

  r.patch(
    '/api/certificate/:id',
    { schema: { tags, params: idParams, body: certificatePatchSchema } },
    async (req) => {
      const user = requireUser(req);
      const cert = await ownCertificate(user.id, req.params.id);
      const replacing = publicIdOf(req.body.publicId);
      const file =
        replacing && replacing !== cert.media_id ? await usableDocument(user.id, replacing) : null;
      await db
        .updateTable('certificates')
        .set({ title: req.body.title, media_id: file?.id ?? cert.media_id, updated_at: nowIso() })
        .where('id', '=', cert.id)
        .execute();
      // A replaced document's files go with it.
      if (file) await media.removeById(cert.media_id);
      return changed(user.id);
    },
  );

  r.post('/api/certificate/delete', { schema: { tags, body: deleteBody } }, async (req) => {
    const user = requireUser(req);
    const cert = await ownCertificate(user.id, req.body.id);
    await db.deleteFrom('certificates').where('id', '=', cert.id).execute();
    await media.removeById(cert.media_id);
    return changed(user.id);
  });

  // A session-only upload of a certificate image or PDF (no signature round trip).
  r.post('/api/certificate/photo-upload', { schema: { tags } }, async (req) =>
    receiveUpload(req, deps, 'image', { signed: false }),
  );
}
