import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordId, VERSION_MESSAGES } from '@vitae/core';
import { cvRepo, loadCvData } from '../cv/index.ts';
import { HttpError } from '../plugins/errors.ts';
import type { AppDeps } from '../deps.ts';
import { cvDisposition, photoFromStorage } from '../pdf/index.ts';
import { enforceLimits } from '../plugins/rate-limit.ts';
import { binaryResponse, errorResponses } from '../plugins/responses.ts';
import { requireUser } from '../plugins/session.ts';
import type { Storage } from '../plugins/storage.ts';
import { cvDocument } from './cv-document.ts';
import { cvDocx, type DocPhoto } from './cv-docx.ts';
import { cvText } from './cv-text.ts';

export const CV_EXPORT_MESSAGES = {
  photoInvalid: 'photo must be 0 or 1.',
  tooMany: 'Too many downloads. Please wait a minute and try again.',
} as const;

export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export const TEXT_TYPE = 'text/plain; charset=utf-8';

const tags = ['cv import/export'];
/** Which CV version (issue 30): `?version=<id>`, else the default. */
const textQuery = z.object({ version: recordId().optional() });
const docxQuery = textQuery.extend({
  // The photo only when asked for: many employers ask for CVs without one.
  photo: z.enum(['0', '1'], { error: CV_EXPORT_MESSAGES.photoInvalid }).optional(),
});

/** Per user, as the PDF download counts (pdf.routes.ts): cheaper to make, the same bound. */
const exportLimits = (userId: string) => [
  { key: `cv-export:user:${userId}`, limit: 30, windowMs: 60_000 },
  { key: `cv-export-hour:user:${userId}`, limit: 300, windowMs: 60 * 60_000 },
];

/** The longest side of the photo as embedded, in pixels; it shows at half that (1.25 in). */
const PHOTO_PIXELS = 240;

/**
 * The CV's photo from storage as a JPEG for Word (which takes no WebP), or null when there is
 * none or it cannot be read: the document is made without it rather than failing.
 */
async function docPhoto(
  storage: Storage,
  url: string | null,
  log: FastifyBaseLogger,
): Promise<DocPhoto | null> {
  const photo = await photoFromStorage(storage, url);
  if (!photo) return null;
  try {
    // Loaded on the first Word file with a photo: start-up never pays for libvips.
    const { default: sharp } = await import('sharp');
    const { data, info } = await sharp(photo.bytes)
      .rotate()
      .resize(PHOTO_PIXELS, PHOTO_PIXELS, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
    const scale = Math.min(1, 120 / Math.max(info.width, info.height));
    return {
      data,
      width: Math.round(info.width * scale),
      height: Math.round(info.height * scale),
    };
  } catch (err) {
    log.warn({ err }, 'CV photo left out of the Word file: it could not be read');
    return null;
  }
}

/**
 * The owner's CV as a Word file and as plain text (issue 35), beside the PDF download: the
 * same CV data (loadCvData), the user's section order, hidden sections and titles.
 */
export async function cvExportRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db, limiter, storage } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The CV as the named version shows it; 404 when that version is not the user's. */
  const dataOf = async (userId: string, version: string | undefined, withMedia: boolean) => {
    if (version && !(await cvRepo(db).find(userId, version))) {
      throw new HttpError(404, VERSION_MESSAGES.notFound);
    }
    return loadCvData(db, userId, withMedia ? deps : undefined, version);
  };

  r.get(
    '/api/curriculum-vitae/docx',
    {
      schema: {
        tags,
        querystring: docxQuery,
        response: { 200: binaryResponse(DOCX_TYPE, 'The CV as a Word file'), ...errorResponses },
      },
    },
    async (req, reply) => {
      const user = requireUser(req);
      await enforceLimits(limiter, exportLimits(user.id), CV_EXPORT_MESSAGES.tooMany);
      const withPhoto = req.query.photo === '1';
      // The media are read (and the photo's URL signed) only for the photo.
      const data = await dataOf(user.id, req.query.version, withPhoto);
      const photo = withPhoto ? await docPhoto(storage, data.assignedPhotoUrl, req.log) : null;
      const doc = cvDocument(data);
      const file = await cvDocx(doc, photo);
      return reply
        .type(DOCX_TYPE)
        .header('content-disposition', cvDisposition(doc.name, 'docx'))
        .header('cache-control', 'private, no-store')
        .send(file);
    },
  );

  r.get(
    '/api/curriculum-vitae/txt',
    {
      schema: {
        tags,
        querystring: textQuery,
        response: { 200: binaryResponse(TEXT_TYPE, 'The CV as plain text'), ...errorResponses },
      },
    },
    async (req, reply) => {
      const user = requireUser(req);
      await enforceLimits(limiter, exportLimits(user.id), CV_EXPORT_MESSAGES.tooMany);
      const doc = cvDocument(await dataOf(user.id, req.query.version, false));
      return reply
        .type(TEXT_TYPE)
        .header('content-disposition', cvDisposition(doc.name, 'txt'))
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(cvText(doc), 'utf8'));
    },
  );
}
