import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DEFAULT_TEMPLATE,
  TEMPLATE_IDS,
  VERSION_MESSAGES,
  apiErrorSchema,
  isCvEmpty,
  recordId,
} from '@vitae/core';
import { screeningCheckSchema } from '@vitae/core/screening-check';
import type { AppDeps } from '../deps.ts';
import { cvRepo, loadCvData } from '../cv/index.ts';
import { cvDocument } from '../cv-export/index.ts';
import { readCvDocument, usualHeadingKind, warmDocumentParser } from '../cv-io/index.ts';
import { PdfBusyError, printableCv, type PdfRenderer } from '../pdf/index.ts';
import { HttpError } from '../plugins/errors.ts';
import { enforceLimits } from '../plugins/rate-limit.ts';
import { errorResponses } from '../plugins/responses.ts';
import { requireUser } from '../plugins/session.ts';
import { screeningFindings } from './screening-findings.ts';

export const SCREENING_MESSAGES = {
  templateInvalid: 'Please choose one of the ten templates or ink-friendly.',
  unavailable:
    'The screening check is not available on this server: it needs the PDF maker (Chromium), which is not installed.',
  busy: 'Many PDFs are being made right now. Please try again in a few seconds.',
  tooMany: 'Too many screening checks. Please wait a minute and try again.',
  empty: 'Your CV is empty. Add your details first, then check what a screening system reads.',
  failed: 'The screening check could not be made. Please try again.',
} as const;

/** The 503 codes: no Chromium on the server, or too many renders at once. */
export const SCREENING_UNAVAILABLE = 'screening_unavailable';
export const SCREENING_BUSY = 'screening_busy';

const INK = 'ink-friendly';
const LAYOUTS: [string, ...string[]] = [INK, ...TEMPLATE_IDS];
const query = z.object({
  /** Which CV version (issue 30), as the other CV calls take it; else the default. */
  version: recordId().optional(),
  /** The layout to check; else the version's template. */
  template: z.enum(LAYOUTS, { error: SCREENING_MESSAGES.templateInvalid }).optional(),
});

/** Per user, as the PDF download counts (pdf.routes.ts): each check renders a PDF. */
const limits = (userId: string) => [
  { key: `screening:user:${userId}`, limit: 30, windowMs: 60_000 },
  { key: `screening-hour:user:${userId}`, limit: 300, windowMs: 60 * 60_000 },
];

/**
 * Whether a parser knows a title as a section heading: by the usual words, not the titles
 * Vitae's own import learned from its templates (no other system knows "Main Courses").
 */
const knownHeading = (title: string) =>
  usualHeadingKind({
    text: title,
    size: 0,
    bold: false,
    heading: false,
    bullet: false,
    gapAbove: false,
  }) !== null;

/**
 * `GET /api/curriculum-vitae/screening-check`: the owner's CV version drawn to PDF by the PDF
 * renderer, read back by the PDF import's reader (its worker, with its limits) and parser, and
 * set against the CV (screening-findings.ts).
 */
export async function screeningCheckRoutes(
  app: FastifyInstance,
  deps: AppDeps & { pdfRenderer: PdfRenderer | null },
): Promise<void> {
  const { db, limiter, storage, pdfRenderer: renderer } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/curriculum-vitae/screening-check',
    {
      schema: {
        tags: ['pdf'],
        querystring: query,
        response: {
          200: screeningCheckSchema,
          ...errorResponses,
          503: apiErrorSchema.extend({ code: z.enum([SCREENING_UNAVAILABLE, SCREENING_BUSY]) }),
        },
      },
    },
    async (req, reply) => {
      const user = requireUser(req);
      await enforceLimits(limiter, limits(user.id), SCREENING_MESSAGES.tooMany);
      const version = req.query.version;
      const [cv, data] = await Promise.all([
        cvRepo(db).find(user.id, version),
        loadCvData(db, user.id, deps, version),
      ]);
      if (version && !cv) throw new HttpError(404, VERSION_MESSAGES.notFound);
      if (!renderer) {
        return reply
          .status(503)
          .send({ error: SCREENING_MESSAGES.unavailable, code: SCREENING_UNAVAILABLE });
      }
      if (isCvEmpty(data)) throw new HttpError(400, SCREENING_MESSAGES.empty);
      const template = req.query.template ?? cv?.template ?? DEFAULT_TEMPLATE;
      const paper = cv?.pageSize === 'Letter' ? 'letter' : 'a4';
      // The parser's worker (pdf.js) starts while Chromium draws: the first check pays once.
      warmDocumentParser().catch(() => undefined);
      let pdf: Buffer;
      try {
        pdf = await renderer.render(
          { data: await printableCv(storage, data), layout: template },
          paper,
        );
      } catch (err) {
        if (err instanceof PdfBusyError) {
          return reply
            .status(503)
            .header('retry-after', '5')
            .send({ error: SCREENING_MESSAGES.busy, code: SCREENING_BUSY });
        }
        req.log.error({ err }, 'screening check: PDF render failed');
        throw new HttpError(500, SCREENING_MESSAGES.failed);
      }
      let read;
      try {
        read = await readCvDocument('pdf', pdf);
      } catch (err) {
        // Our own PDF that the reader refuses (too slow, no text): not the user's doing.
        req.log.error({ err }, 'screening check: the PDF could not be read back');
        throw new HttpError(500, SCREENING_MESSAGES.failed);
      }
      const answer = screeningFindings({
        data,
        doc: cvDocument(data),
        parsed: { text: read.text, sections: read.sections },
        knownHeading,
        template,
      });
      return reply.header('cache-control', 'private, no-store').send(answer);
    },
  );
}
