import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import {
  PHOTO_PRESET,
  UPLOAD_MESSAGES,
  VIDEO_MESSAGES,
  type CloudUploadResponse,
  type UploadKind,
} from '@vitae/core';
import type { AppDeps } from '../deps.ts';
import { HttpError } from '../plugins/errors.ts';
import { enforceLimits } from '../plugins/rate-limit.ts';
import { requireUser } from '../plugins/session.ts';
import {
  FILE_REQUIRED,
  MAX_BYTES,
  TOO_LARGE,
  fileSize,
  prepareUpload,
  type Purpose,
} from './ingest.ts';
import { mediaService, type MediaRow } from './media.service.ts';
import { claimUploadSignature } from './used-signatures.ts';
import { checkUploadSignature } from './upload-signature.ts';
import { clientLeaving, readUploadBody } from './upload-body.ts';
import { convertOnWorker } from './video-job.ts';

const UPLOADS_PER_WINDOW = 30;
export const UPLOAD_WINDOW_MS = 10 * 60 * 1000;

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
      deps.jobs.backend === 'redis' ? convertOnWorker(deps) : undefined,
    ).finally(() => leaving.dispose());
    const media = mediaService(deps);
    const row = await media.store(user.id, purpose, prepared, fileSize);
    return cloudResponse(media, row);
  } finally {
    await fsp.rm(workDir, { recursive: true, force: true });
  }
}
