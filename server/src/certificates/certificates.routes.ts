import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { certificateCreateSchema, certificatePatchSchema, idParams } from '@vitae/core';
import {
  cloudUploadResponseSchema,
  certificatesAnswerSchema,
  mediaStatusSchema,
} from '@vitae/core/responses/media';
import type { AppDeps } from '../deps.ts';
import { errorResponses } from '../plugins/responses.ts';
import { requireUser } from '../plugins/session.ts';
import {
  publicIdOf,
  mediaDeleteBody,
  mediaSection,
  receiveUpload,
  uploadRoutes,
} from '../media/index.ts';
import { certificatesRepo } from './certificates.repo.ts';

export async function certificatesRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = certificatesRepo(deps);
  const section = mediaSection(deps, 'certificate', async (userId) => ({
    data: await repo.list(userId),
  }));
  const { tags } = section;
  const answer = { 200: certificatesAnswerSchema, ...errorResponses };

  const status = { 200: mediaStatusSchema, ...errorResponses };
  r.get('/api/certificate/status', { schema: { tags, response: status } }, async (req) =>
    section.status(requireUser(req).id),
  );

  r.get('/api/certificate', { schema: { tags, response: answer } }, async (req) =>
    section.answer(requireUser(req).id),
  );

  r.post(
    '/api/certificate',
    {
      schema: {
        tags,
        body: certificateCreateSchema,
        response: { 201: certificatesAnswerSchema, ...answer },
      },
    },
    async (req, reply) => {
      const user = requireUser(req);
      const { publicId, title } = req.body;
      const added = section.add(user.id, publicId, (trx, id) =>
        certificatesRepo({ ...deps, db: trx }).add(user.id, id, title),
      );
      return reply.status(201).send(await added);
    },
  );

  r.patch(
    '/api/certificate/:id',
    { schema: { tags, params: idParams, body: certificatePatchSchema, response: answer } },
    async (req) => {
      const { userId, entry: cert } = await section.entryOf(req, req.params.id);
      const replacing = publicIdOf(req.body.publicId);
      const file =
        replacing && replacing !== cert.media_id
          ? await section.unusedFile(userId, replacing)
          : null;
      await repo.update(cert.id, { title: req.body.title, mediaId: file?.id ?? cert.media_id });
      // A replaced document's files go with it.
      if (file) await section.media.removeById(cert.media_id);
      return section.changed(userId);
    },
  );

  const del = { tags, body: mediaDeleteBody, response: answer };
  r.post('/api/certificate/delete', { schema: del }, async (req) => {
    const { userId, entry } = await section.entryOf(req, req.body.id);
    await section.remove(entry);
    return section.changed(userId);
  });

  // A session-only upload of a certificate image or PDF (no signature round trip).
  const upload = { 200: cloudUploadResponseSchema, ...errorResponses };
  await uploadRoutes(app, (scope) =>
    scope.post(
      '/api/certificate/photo-upload',
      { schema: { tags, response: upload } },
      async (req) => receiveUpload(req, deps, 'image', { signed: false }),
    ),
  );
}
