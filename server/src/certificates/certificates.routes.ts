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
      const { publicId, title, issuer, date, url } = req.body;
      const details = { issuer, date, url };
      // Without a file the certificate is a record: its title and details (issue 32).
      const added = publicId
        ? section.add(user.id, publicId, (trx, id) =>
            certificatesRepo({ ...deps, db: trx }).add(user.id, id, title, details),
          )
        : section.addWithoutFile(user.id, (trx) =>
            certificatesRepo({ ...deps, db: trx }).add(user.id, null, title, details),
          );
      return reply.status(201).send(await added);
    },
  );

  r.patch(
    '/api/certificate/:id',
    { schema: { tags, params: idParams, body: certificatePatchSchema, response: answer } },
    async (req) => {
      const { userId, entry: cert } = await section.entryOf(req, req.params.id);
      const { title, issuer, date, url, removeFile } = req.body;
      const replacing = publicIdOf(req.body.publicId);
      const file =
        replacing && replacing !== cert.media_id
          ? await section.unusedFile(userId, replacing)
          : null;
      const mediaId = file ? file.id : removeFile ? null : cert.media_id;
      await section.attaching(repo.update(cert.id, { title, mediaId, issuer, date, url }));
      // A replaced or removed document's files go with it.
      if (cert.media_id && mediaId !== cert.media_id) {
        await section.media.removeById(cert.media_id);
      }
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
