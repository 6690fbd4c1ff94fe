import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PHOTO_PRESET, UPLOAD_MESSAGES, singleLineText } from '@vitae/core';
import type { AppDeps } from '../deps.ts';
import { HttpError } from '../plugins/errors.ts';
import { enforceLimits } from '../plugins/rate-limit.ts';
import { requireUser } from '../plugins/session.ts';
import {
  CONTENT_TYPES,
  MEDIA_KEY,
  parseMediaScope,
  verifyMediaUrl,
  type MediaAccess,
  type MediaScope,
} from './media-urls.ts';
import { mediaService } from './media.service.ts';
import { signUpload } from './upload-signature.ts';
import { uploadRoutes } from './upload-body.ts';
import { UPLOAD_WINDOW_MS, receiveUpload } from './receive-upload.ts';
import { defineVideoJob } from './video-job.ts';
import { parseRange } from './range.ts';
import { startSweeper } from './sweeper.ts';
import { cloudUploadResponseSchema, uploadSignatureSchema } from '@vitae/core/responses/media';
import { binaryResponse, errorResponses } from '../plugins/responses.ts';

const SIGNATURES_PER_WINDOW = 60;

/** The policy every stored file is served under. */
const STORED_FILE_CSP = "default-src 'none'; sandbox";

async function serveFile(req: FastifyRequest, reply: FastifyReply, deps: AppDeps, key: string) {
  const size = await deps.storage.size(key);
  if (size == null) throw new HttpError(404, 'Not found');
  const ext = key.split('.').pop()!;
  void reply.headers({
    'content-type': CONTENT_TYPES[ext]!,
    'x-content-type-options': 'nosniff',
    'content-disposition': `inline; filename="${key}"`,
    'cache-control': 'private, max-age=3600',
    'accept-ranges': 'bytes',
    // Nothing in a stored file may run as a page, whatever a browser would guess. PDFs too,
    // inline: Chromium's viewer still shows them under it (checked in Chromium 156, on their
    // own and in the shared viewer's iframe); a browser that applies it to the PDF gives the
    // document no scripts, forms or origin.
    'content-security-policy': STORED_FILE_CSP,
  });
  const header = req.headers.range;
  const range = header ? parseRange(header, size) : 'all';
  if (range === null) {
    return reply.status(416).header('content-range', `bytes */${size}`).send();
  }
  if (range === 'all') {
    void reply.header('content-length', size);
    return reply.send(await deps.storage.read(key));
  }
  void reply
    .status(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
    .header('content-length', range.end - range.start + 1);
  return reply.send(await deps.storage.read(key, range));
}

const imageFileBody = z.object({ imageFile: singleLineText().max(2048).optional() });

export async function mediaRoutes(
  app: FastifyInstance,
  deps: AppDeps & { access: MediaAccess },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const media = mediaService(deps);
  /** A share still open; a saved CV its HR user may still read; a public link still on. */
  const scopeStillOpen = async (scope: MediaScope | null) => {
    if (!scope) return true;
    if ('shareId' in scope) return deps.access.shareOpen(scope.shareId, scope.generation);
    if ('linkId' in scope) return deps.access.linkOpen(scope.linkId);
    return deps.access.savedReadable(scope.hrUserId, scope.savedId);
  };
  startSweeper(app, deps);
  // Every instance knows the video job; a worker (ROLE=worker or all) runs it.
  defineVideoJob(deps);

  const signature = (preset: string) => async (req: FastifyRequest) => {
    const user = requireUser(req);
    await enforceLimits(
      deps.limiter,
      [
        {
          key: `media-signature:${user.id}`,
          limit: SIGNATURES_PER_WINDOW,
          windowMs: UPLOAD_WINDOW_MS,
        },
      ],
      UPLOAD_MESSAGES.tooMany,
    );
    return signUpload(deps.sessionSecret, user.id, preset);
  };
  r.post(
    '/api/cloudinary/signature-request-no-preset',
    { schema: { tags: ['media'], response: { 200: uploadSignatureSchema, ...errorResponses } } },
    signature(''),
  );
  r.post(
    '/api/cloudinary/signature-request-photo-preset',
    { schema: { tags: ['media'], response: { 200: uploadSignatureSchema, ...errorResponses } } },
    signature(PHOTO_PRESET),
  );

  await uploadRoutes(app, (scope) =>
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/media/:kind/upload',
      {
        schema: {
          tags: ['media'],
          params: z.object({ kind: z.enum(['image', 'video', 'raw']) }),
          response: { 200: cloudUploadResponseSchema, ...errorResponses },
        },
      },
      async (req) => receiveUpload(req, deps, req.params.kind, { signed: true }),
    ),
  );

  r.get(
    '/media/file/:key',
    {
      schema: {
        tags: ['media'],
        params: z.object({ key: singleLineText().max(64) }),
        querystring: z.object({
          exp: singleLineText().optional(),
          share: singleLineText().max(40).optional(),
          saved: singleLineText().max(60).optional(),
          link: singleLineText().max(40).optional(),
          sig: singleLineText().optional(),
        }),
        response: {
          200: binaryResponse(Object.values(CONTENT_TYPES), 'The stored file'),
          206: binaryResponse(Object.values(CONTENT_TYPES), 'A byte range of the stored file'),
          ...errorResponses,
        },
      },
    },
    async (req, reply) => {
      const { key } = req.params;
      const scope = parseMediaScope(req.query);
      // One answer for "no such file", "not yours" and "no longer shared with you": the URL
      // alone is the permission, and a scoped URL ends with what it was handed out under.
      const allowed =
        MEDIA_KEY.test(key) &&
        scope !== 'malformed' &&
        verifyMediaUrl(deps.sessionSecret, key, req.query.exp, req.query.sig, scope) &&
        (await scopeStillOpen(scope));
      if (!allowed) throw new HttpError(404, 'Not found');
      return serveFile(req, reply, deps, key);
    },
  );

  /**
   * The original client removed its temporary server copy after a cloud upload. Here it
   * discards an upload no record uses (a cancelled form); a file in use is left alone.
   */
  const discard = async (req: FastifyRequest<{ Body: z.infer<typeof imageFileBody> }>) => {
    const user = requireUser(req);
    if (!req.body?.imageFile) return { success: true, deleted: false };
    const row = await media.findOwned(user.id, req.body.imageFile);
    if (await media.inUse(row.id)) return { success: true, deleted: false };
    await media.remove(row);
    return { success: true, deleted: true };
  };
  for (const p of ['delete-photo', 'delete-large-photo', 'delete-large-certificate']) {
    r.post(
      `/api/photo-service/${p}`,
      {
        schema: {
          tags: ['media'],
          body: imageFileBody.optional(),
          response: {
            200: z.object({ success: z.boolean(), deleted: z.boolean() }),
            ...errorResponses,
          },
        },
      },
      discard,
    );
  }
}
