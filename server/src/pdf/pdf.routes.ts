import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DEFAULT_TEMPLATE,
  apiErrorSchema,
  HR_MESSAGES,
  TEMPLATE_IDS,
  idParams,
  PUBLIC_LINK_MESSAGES,
  PUBLIC_LINK_SLUG,
  resolveTemplateId,
  type CvData,
} from '@vitae/core';
import type { AppDeps } from '../deps.ts';
import { HttpError } from '../plugins/errors.ts';
import { enforceLimits } from '../plugins/rate-limit.ts';
import { requireHr, requireUser } from '../plugins/session.ts';
import { cvRepo, loadCvData } from '../cv/index.ts';
import { hrRepo, hrCvData } from '../hr/index.ts';
import { sharedCvData, grantedShare, sendClosed, sharingRepo } from '../sharing/index.ts';
import { publicLinkRepo } from '../public-link/index.ts';
import { DEFAULT_CHROME_PATH, findChromium } from './chromium.ts';
import { pdfDisposition, printableCv } from './pdf-payload.ts';
import { createPdfRenderer, PdfBusyError, type Paper, type PdfRenderer } from './pdf-renderer.ts';
import { warmOnDemand } from './pdf-warm.ts';
import { binaryResponse, errorResponses } from '../plugins/responses.ts';

export const PDF_MESSAGES = {
  templateInvalid: 'Please choose one of the ten templates or ink-friendly.',
  paperInvalid: 'Paper must be a4 or letter.',
  unavailable: 'PDF download is not available on this server. Please use Print instead.',
  busy: 'Many PDFs are being made right now. Please try again in a few seconds.',
  tooMany: 'Too many PDF downloads. Please wait a minute and try again.',
  failed: 'The PDF could not be made. Please try again.',
  cvNotFound: 'CV not found',
} as const;

/** The 503 codes the web reads: `pdf_unavailable` falls back to the print dialog. */
export const PDF_UNAVAILABLE = 'pdf_unavailable';
export const PDF_BUSY = 'pdf_busy';

const INK = 'ink-friendly';
const LAYOUTS: [string, ...string[]] = [INK, ...TEMPLATE_IDS];
const tags = ['pdf'];
const pdfQuery = z.object({
  template: z.enum(LAYOUTS, { error: PDF_MESSAGES.templateInvalid }).optional(),
  // Without one: the owner's CV's paper size (issue 17), else A4.
  paper: z.enum(['a4', 'letter'], { error: PDF_MESSAGES.paperInvalid }).optional(),
});
/** The owner's own PDF may name one of their versions (issue 30); else the default. */
const ownPdfQuery = pdfQuery.extend({
  version: z
    .string()
    .regex(/^[0-9a-f]{24}$/, PDF_MESSAGES.cvNotFound)
    .optional(),
});
// Checked in the handler: a malformed slug is a link that opens nothing (404), not bad input.
const slugParams = z.object({ slug: z.string().max(64) });
const cvIdParams = z.object({ id: z.string().regex(/^[0-9a-f]{24}$/, PDF_MESSAGES.cvNotFound) });
const pdfResponse = {
  200: binaryResponse('application/pdf', 'The CV as a PDF'),
  ...errorResponses,
  // The web reads the code: `pdf_unavailable` falls back to the print dialog.
  503: apiErrorSchema.extend({ code: z.enum([PDF_UNAVAILABLE, PDF_BUSY]) }),
};

/** Per user (or per IP for a share recipient): PDFs are the costliest thing the server makes. */
const pdfLimits = (who: string) => [
  { key: `pdf:${who}`, limit: 30, windowMs: 60_000 },
  { key: `pdf-hour:${who}`, limit: 300, windowMs: 60 * 60_000 },
];

export type PdfDeps = AppDeps & {
  /** The built web app holding print.html. */
  webDist: string;
  /** A renderer to use instead of one made here (the benchmark and tests share one). */
  pdfRenderer?: PdfRenderer | null;
};

/**
 * PDFs of a CV, drawn by headless Chromium from the same React templates the screens show
 * (web/src/print): for the owner, for a browser holding the share's unlock, and for an HR
 * user who saved it. Each asks the same check as the CV data call of that audience.
 */
export async function pdfRoutes(app: FastifyInstance, deps: PdfDeps): Promise<void> {
  const { db, limiter, sessionSecret, storage } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const renderer = pdfRendererFor(app, deps);
  if (renderer && deps.config.pdfWarm) warmOnDemand(app, renderer);

  const send = async (
    reply: FastifyReply,
    data: CvData,
    layout: string,
    paper: Paper,
  ): Promise<FastifyReply> => {
    if (!renderer) {
      return reply.status(503).send({ error: PDF_MESSAGES.unavailable, code: PDF_UNAVAILABLE });
    }
    let pdf: Buffer;
    try {
      pdf = await renderer.render({ data: await printableCv(storage, data), layout }, paper);
    } catch (err) {
      if (err instanceof PdfBusyError) {
        return reply
          .status(503)
          .header('retry-after', '5')
          .send({ error: PDF_MESSAGES.busy, code: PDF_BUSY });
      }
      reply.log.error({ err }, 'PDF render failed');
      throw new HttpError(500, PDF_MESSAGES.failed);
    }
    return reply
      .type('application/pdf')
      .header('content-disposition', pdfDisposition(data.personalInfo?.fullName))
      .header('cache-control', 'private, no-store')
      .send(pdf);
  };

  r.get(
    '/api/curriculum-vitae/pdf',
    { schema: { tags, querystring: ownPdfQuery, response: pdfResponse } },
    async (req, reply) => {
      const user = requireUser(req);
      await enforceLimits(limiter, pdfLimits(`user:${user.id}`), PDF_MESSAGES.tooMany);
      const version = req.query.version;
      const [cv, data] = await Promise.all([
        cvRepo(db).find(user.id, version),
        loadCvData(db, user.id, deps, version),
      ]);
      // A version that is not the user's (issue 30).
      if (version && !cv) throw new HttpError(404, PDF_MESSAGES.cvNotFound);
      const template = req.query.template ?? cv?.template ?? DEFAULT_TEMPLATE;
      const paper = req.query.paper ?? (cv?.pageSize === 'Letter' ? 'letter' : 'a4');
      return send(reply, data, template, paper);
    },
  );

  /** The shared viewer's PDF: the owner, or a browser holding the unlock (POST /api/curriculum-vitae/view). */
  r.get(
    '/api/curriculum-vitae/:id/pdf',
    { schema: { tags, params: cvIdParams, querystring: pdfQuery, response: pdfResponse } },
    async (req, reply) => {
      const repo = sharingRepo(db);
      const cv = await repo.cvById(req.params.id);
      if (!cv) throw new HttpError(404, PDF_MESSAGES.cvNotFound);
      const own = req.user?.id === cv.user_id;
      const access = own ? null : await grantedShare(repo, sessionSecret, req, cv.id);
      if (access && 'closed' in access) return sendClosed(reply, access.closed);
      const who = req.user ? `user:${req.user.id}` : `ip:${req.ip}`;
      await enforceLimits(limiter, pdfLimits(who), PDF_MESSAGES.tooMany);
      const share = access?.share;
      const photo = share ? share.include_photo === 1 : true;
      const data = await sharedCvData(deps, cv.user_id, photo, undefined, cv.id);
      const template = resolveTemplateId(share ? share.template : cv.template);
      return send(reply, data, req.query.template ?? template, req.query.paper ?? 'a4');
    },
  );

  /** A version's public link (issue 30): anyone holding `/cv/{slug}`, while the link is on. */
  r.get(
    '/api/cv-link/:slug/pdf',
    { schema: { tags, params: slugParams, querystring: pdfQuery, response: pdfResponse } },
    async (req, reply) => {
      const { slug } = req.params;
      const found = PUBLIC_LINK_SLUG.test(slug) ? await publicLinkRepo(db).bySlug(slug) : undefined;
      if (!found) throw new HttpError(404, PUBLIC_LINK_MESSAGES.notFound);
      const who = req.user ? `user:${req.user.id}` : `ip:${req.ip}`;
      await enforceLimits(limiter, pdfLimits(who), PDF_MESSAGES.tooMany);
      const photo = found.include_photo === 1;
      const data = await sharedCvData(deps, found.user_id, photo, undefined, found.cv_id);
      const template = req.query.template ?? resolveTemplateId(found.template);
      const paper = req.query.paper ?? (found.page_size === 'Letter' ? 'letter' : 'a4');
      return send(reply, data, template, paper);
    },
  );

  r.get(
    '/hr/saved-cv/:id/pdf',
    { schema: { tags, params: idParams, querystring: pdfQuery, response: pdfResponse } },
    async (req, reply) => {
      const hr = requireHr(req);
      const found = await hrRepo(db).one(hr.id, req.params.id);
      if (!found) throw new HttpError(404, HR_MESSAGES.savedNotFound);
      // The saved-CV call shows no CV here either (the owner unlisted it).
      if (!found.access) throw new HttpError(403, HR_MESSAGES.cvUnavailable);
      await enforceLimits(limiter, pdfLimits(`user:${hr.id}`), PDF_MESSAGES.tooMany);
      const owner = found.row.owner_id;
      // Without the owner's approval the PDF holds no email or phone either.
      const [data, cv] = await Promise.all([
        hrCvData(deps, hr.id, { ...found, access: found.access }),
        cvRepo(db).find(owner, found.row.cv_id),
      ]);
      const template = req.query.template ?? cv?.template ?? DEFAULT_TEMPLATE;
      return send(reply, data, template, req.query.paper ?? 'a4');
    },
  );
}

/**
 * The renderer the routes use: the one passed in, else one made here on the Chromium found
 * (closed with the app), else null: start-up says so once and the routes answer 503. app.ts
 * makes it once and hands it to every feature that renders (the PDF, the screening check).
 */
export function pdfRendererFor(app: FastifyInstance, deps: PdfDeps): PdfRenderer | null {
  if (deps.pdfRenderer !== undefined) return deps.pdfRenderer;
  const executablePath = findChromium(deps.config.chromePath);
  if (!executablePath) {
    const tried = deps.config.chromePath?.trim() || DEFAULT_CHROME_PATH;
    app.log.warn(
      `PDF download is off: no Chromium at ${tried} (set CHROME_PATH, or apt-get install chromium); the web app offers the print dialog instead`,
    );
    return null;
  }
  if (!fs.existsSync(path.join(deps.webDist, 'print.html'))) {
    app.log.warn(
      `PDF download is off: no print page at ${deps.webDist}/print.html (run npm run build)`,
    );
    return null;
  }
  const renderer = createPdfRenderer({
    executablePath,
    webDist: deps.webDist,
    idleMs: deps.config.pdfIdleMinutes * 60_000,
  });
  app.addHook('onClose', () => renderer.close());
  return renderer;
}
