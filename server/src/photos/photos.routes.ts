import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { photoCreateSchema, photoPatchSchema, idParams, recordId } from '@vitae/core';
import { mediaStatusSchema, photoSchema, photosAnswerSchema } from '@vitae/core/responses/media';
import type { AppDeps } from '../deps.ts';
import { errorResponses } from '../plugins/responses.ts';
import { requireUser } from '../plugins/session.ts';
import { mediaSection } from '../media/index.ts';
import { photosRepo } from './photos.repo.ts';

const idBody = z.object({ id: recordId() });
const answer = { 200: photosAnswerSchema, ...errorResponses };

export async function photosRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = photosRepo(deps);
  const section = mediaSection(deps, 'photo', async (userId) => ({
    data: await repo.list(userId),
    assignedPhotoUrl: await repo.assignedOrNone(userId),
  }));
  const { tags } = section;

  const sample = { 200: z.object({ data: z.array(photoSchema) }), ...errorResponses };
  r.get('/api/photo/sample', { schema: { tags, response: sample } }, async (req) => {
    requireUser(req);
    // No stock portrait is shipped: a sample CV shows no photo.
    return { data: [] };
  });

  const status = { 200: mediaStatusSchema, ...errorResponses };
  r.get('/api/photo/status', { schema: { tags, response: status } }, async (req) =>
    section.status(requireUser(req).id),
  );

  const assigned = {
    200: z.object({ data: z.string(), assignedPhotoUrl: z.string() }),
    ...errorResponses,
  };
  r.get('/api/photo/assigned', { schema: { tags, response: assigned } }, async (req) => {
    const url = await repo.assignedOrNone(requireUser(req).id);
    return { data: url, assignedPhotoUrl: url };
  });

  const list = { 200: z.object({ data: z.array(photoSchema) }), ...errorResponses };
  r.get('/api/photo', { schema: { tags, response: list } }, async (req) => ({
    data: await repo.list(requireUser(req).id),
  }));

  const created = {
    tags,
    body: photoCreateSchema,
    response: { 201: photosAnswerSchema, ...answer },
  };
  r.post('/api/photo', { schema: created }, async (req, reply) => {
    const user = requireUser(req);
    const added = section.add(user.id, req.body.publicId, async (trx, id) => {
      const inTrx = photosRepo({ ...deps, db: trx });
      await inTrx.add(user.id, id, req.body.title);
      // The first photo is the profile photo.
      await inTrx.assignSoleUnassigned(user.id);
    });
    return reply.status(201).send(await added);
  });

  r.patch(
    '/api/photo/:id',
    { schema: { tags, params: idParams, body: photoPatchSchema, response: answer } },
    async (req) => {
      const { userId, entry } = await section.entryOf(req, req.params.id);
      await repo.rename(userId, entry.id, req.body.title);
      return section.changed(userId);
    },
  );

  r.post('/api/photo/delete', { schema: { tags, body: idBody, response: answer } }, async (req) => {
    const { userId, entry } = await section.entryOf(req, req.body.id);
    await section.remove(entry);
    // Deleting the assigned photo leaves none assigned, unless exactly one remains.
    await repo.assignSoleUnassigned(userId);
    return section.changed(userId);
  });

  r.post(
    '/api/photo/assign-photo',
    { schema: { tags, body: idBody, response: answer } },
    async (req) => {
      const { userId, entry } = await section.entryOf(req, req.body.id);
      await repo.assign(userId, entry.id);
      return section.changed(userId);
    },
  );
}
