import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PHOTO_PRESET,
  UPLOAD_MESSAGES,
  VIDEO_MESSAGES,
  singleLineText,
  type CloudUploadResponse,
  type UploadKind,
} from '@vitae/core';
import type { AppDeps } from '../deps.ts';
import { HttpError } from '../plugins/errors.ts';
import { enforceLimits } from '../plugins/rate-limit.ts';
import { requireUser } from '../plugins/session.ts';
import type { ByteRange } from '../plugins/storage.ts';
import {
  FILE_REQUIRED,
  MAX_BYTES,
  TOO_LARGE,
  fileSize,
  prepareUpload,
  type Purpose,
} from './ingest.ts';
import {
  CONTENT_TYPES,
  MEDIA_KEY,
  parseMediaScope,
  verifyMediaUrl,
  type MediaScope,
} from './media-urls.ts';
import { mediaService, type MediaRow } from './media.service.ts';
import { claimUploadSignature } from './used-signatures.ts';
import { checkUploadSignature, signUpload } from './upload-signature.ts';
import { clientLeaving, readUploadBody, uploadRoutes } from './upload-body.ts';
import { startSweeper } from './sweeper.ts';
import { sharingRepo } from '../sharing/sharing.repo.ts';
import { hrRepo } from '../hr/hr.repo.ts';
import { cloudUploadResponseSchema, uploadSignatureSchema } from '@vitae/core/responses/media';
import { binaryResponse, errorResponses } from '../plugins/responses.ts';

const UPLOADS_PER_WINDOW = 30;
const UPLOAD_WINDOW_MS = 10 * 60 * 1000;
const SIGNATURES_PER_WINDOW = 60;

/** Which kind of file an upload is, from the endpoint and the signed preset. */
function purposeFor(kind: UploadKind, preset: string): Purpose {
  if (preset !== '' && preset !== PHOTO_PRESET) throw new HttpError(400, UPLOAD_MESSAGES.badPreset);
  if (kind === 'video') {
    if (preset) throw new HttpError(400, UPLOAD_MESSAGES.badPreset);
    return 'video';
  }
  if (kind === 'raw') {
    if (preset) throw new HttpError(400, UPLOAD_MESSAGES.badPreset);
    return 'certificate';
  }
  return preset === PHOTO_PRESET ? 'photo' : 'certificate';
}

const ENDPOINT_LIMIT: Record<UploadKind, number> = {
  image: MAX_BYTES.photo,
  raw: MAX_BYTES.certificate,
  video: MAX_BYTES.video,
};

function cloudResponse(media: ReturnType<typeof mediaService>, row: MediaRow): CloudUploadResponse {
  const url = media.url(row);
  return {
    url,
    secure_url: url,
    public_id: row.id,
    resource_type: row.resource_type,
    format: row.file_key.split('.').pop()!,
    bytes: row.size,
    ...(row.thumb_key ? { thumbnail_url: media.thumbUrl(row) } : {}),
    ...(row.duration_ms != null ? { duration: row.duration_ms / 1000 } : {}),
  };
}

/**
 * Receives one multipart upload into a private temp directory, checks the signature
 * (unless the session alone suffices), checks and prepares the content, stores it.
 * The temp directory is removed whatever happens.
 */
export async function receiveUpload(
  req: FastifyRequest,
  deps: AppDeps,
  kind: UploadKind,
  opts: { signed: boolean },
): Promise<CloudUploadResponse> {
  const user = requireUser(req);
  await enforceLimits(
    deps.limiter,
    [{ key: `media-upload:${user.id}`, limit: UPLOADS_PER_WINDOW, windowMs: UPLOAD_WINDOW_MS }],
    UPLOAD_MESSAGES.tooMany,
  );
  const tmpRoot = path.join(deps.config.dataDir, 'tmp');
  await fsp.mkdir(tmpRoot, { recursive: true });
  const workDir = await fsp.mkdtemp(path.join(tmpRoot, 'upload-'));
  try {
    const upload = path.join(workDir, 'upload');
    const { fields, received, truncated } = await readUploadBody(
      req,
      upload,
      ENDPOINT_LIMIT[kind],
      deps.uploads.limits.bodyIdleMs,
    );

    if (opts.signed) {
      const check = checkUploadSignature(deps.sessionSecret, user.id, fields);
      if (check === 'missing') throw new HttpError(400, VIDEO_MESSAGES.missingUploadData);
      if (check === 'invalid') throw new HttpError(400, UPLOAD_MESSAGES.badSignature);
      if (check === 'expired') throw new HttpError(400, UPLOAD_MESSAGES.expiredSignature);
      // One upload per signature: a copied form cannot post again within its ten minutes.
      if (!(await claimUploadSignature(deps.db, fields.signature!))) {
        throw new HttpError(400, UPLOAD_MESSAGES.usedSignature);
      }
    }
    const purpose = purposeFor(kind, fields.upload_preset ?? '');
    if (!received) throw new HttpError(400, FILE_REQUIRED[purpose]);
    if (truncated) throw new HttpError(413, TOO_LARGE[purpose]);

    const size = await fileSize(upload);
    const leaving = clientLeaving(req);
    const prepared = await prepareUpload(
      upload,
      size,
      purpose,
      workDir,
      req.log,
      deps.uploads,
      leaving.signal,
    ).finally(() => leaving.dispose());
    const media = mediaService(deps);
    const row = await media.store(user.id, purpose, prepared, fileSize);
    return cloudResponse(media, row);
  } finally {
    await fsp.rm(workDir, { recursive: true, force: true });
  }
}

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` against a known size; null if unsatisfiable. */
export function parseRange(header: string, size: number): ByteRange | null | 'all' {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (!m[1] && !m[2])) return 'all';
  let start: number;
  let end: number;
  if (!m[1]) {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
  }
  return start > end || start >= size ? null : { start, end };
}

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

export async function mediaRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const media = mediaService(deps);
  const shares = sharingRepo(deps.db);
  const saved = hrRepo(deps.db);
  /** A share still open; a saved CV its HR user may still read (listed, or shared with them). */
  const scopeStillOpen = async (scope: MediaScope | null) => {
    if (!scope) return true;
    if ('shareId' in scope) return shares.isOpen(scope.shareId, scope.generation);
    return saved.mayRead(scope.hrUserId, scope.savedId);
  };
  startSweeper(app, deps);

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
