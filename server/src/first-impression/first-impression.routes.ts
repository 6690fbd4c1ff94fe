import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { firstImpressionCreateSchema, VIDEO_MESSAGES } from '@vitae/core';
import { z } from 'zod';
import { firstImpressionAnswerSchema, mediaStatusSchema } from '@vitae/core/responses/media';
import type { AppDeps } from '../deps.ts';
import { binaryResponse, errorResponses } from '../plugins/responses.ts';
import { HttpError } from '../plugins/errors.ts';
import { requireUser } from '../plugins/session.ts';
import { publicIdOf, mediaDeleteBody, mediaSection, parseRange } from '../media/index.ts';
import { firstImpressionRepo } from './first-impression.repo.ts';

/** Our own demo (design, API departure 6): generated with ffmpeg, no third-party content. */
const DEMO_VIDEO_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../assets/demo-first-impression.mp4',
);
const DEMO_VIDEO_URL = '/media/demo/first-impression.mp4';

export async function firstImpressionRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = firstImpressionRepo(deps);
  // The answer is a list (docs/product/api.md#media): the one video, or none.
  const section = mediaSection(deps, 'first-impression', async (userId) => {
    const video = await repo.find(userId);
    return { data: video ? [video] : [] };
  });
  const { tags } = section;
  const answer = { 200: firstImpressionAnswerSchema, ...errorResponses };

  // One video per user (user_id is unique): the count is 0 or 1.
  const status = { 200: mediaStatusSchema, ...errorResponses };
  r.get('/api/first-impression/status', { schema: { tags, response: status } }, async (req) =>
    section.status(requireUser(req).id),
  );

  r.get('/api/first-impression', { schema: { tags, response: answer } }, async (req) =>
    section.answer(requireUser(req).id),
  );

  const demo = { 200: z.object({ videoUrl: z.string() }), ...errorResponses };
  r.get('/api/first-impression/demo', { schema: { tags, response: demo } }, async () => {
    if (!fs.existsSync(DEMO_VIDEO_FILE)) throw new HttpError(404, VIDEO_MESSAGES.demoUnavailable);
    return { videoUrl: DEMO_VIDEO_URL };
  });

  const video = {
    200: binaryResponse('video/mp4', 'The demo video'),
    206: binaryResponse('video/mp4', 'A byte range of the demo video'),
    ...errorResponses,
  };
  r.get(DEMO_VIDEO_URL, { schema: { tags, response: video } }, async (req, reply) => {
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
    {
      schema: {
        tags,
        body: firstImpressionCreateSchema,
        response: { 201: firstImpressionAnswerSchema, ...answer },
      },
    },
    async (req, reply) => {
      const user = requireUser(req);
      if (req.body.userId && req.body.userId !== user.id) {
        throw new HttpError(403, 'You can only save your own first impression video.');
      }
      const file = await section.ownedFile(user.id, req.body.publicId ?? req.body.videoUrl);
      // Only the user's own first impression can hold their video: saving the current one
      // again is a no-op (200); media_id is unique, so anything else is "in use".
      const saved = await section.attaching(repo.save(user.id, file.id));
      if (saved.replaced) await section.media.remove(saved.replaced);
      return reply.status(saved.created ? 201 : 200).send(await section.changed(user.id));
    },
  );

  r.post(
    '/api/first-impression/delete',
    { schema: { tags, body: mediaDeleteBody, response: answer } },
    async (req) => {
      const { userId, entry: row } = await section.entryOf(req, req.body.id);
      if (req.body.publicId && publicIdOf(req.body.publicId) !== row.media_id) {
        throw new HttpError(400, VIDEO_MESSAGES.noPublicId);
      }
      await section.remove(row);
      return section.changed(userId);
    },
  );
}
