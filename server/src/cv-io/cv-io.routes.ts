import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordId, SECTION_KEYS } from '@vitae/core';
import { readJsonResume } from '@vitae/core/json-resume/json-resume';
import type { ImportTarget } from '@vitae/core/json-resume/import-result';
import type { AppDeps } from '../deps.ts';
import { HttpError } from '../plugins/errors.ts';
import { errorResponses } from '../plugins/responses.ts';
import { enforceLimits } from '../plugins/rate-limit.ts';
import { requireUser } from '../plugins/session.ts';
import { exportJsonResume, previewImport, runImport, type ImportSource } from './cv-io.service.ts';
import { readLinkedInZip } from './linkedin.ts';
import { documentKindOf, DOCUMENT_TYPES } from './document-import/document-types.ts';
import { readCvDocument } from './document-import/read-document.ts';

/** The largest file an import reads (JSON Resume, LinkedIn ZIP, PDF or Word). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** Imports (previews included) one user may run per 10 minutes. */
export const IMPORTS_PER_WINDOW = 30;
export const CV_IO_MESSAGES = {
  tooLarge: `The file is too large: Vitae imports files of up to ${IMPORT_MAX_BYTES / 1024 / 1024} MB.`,
  unsupported:
    'Upload your CV as a PDF (.pdf) or Word file (.docx), a JSON Resume (.json) or a LinkedIn data export (.zip).',
  notJson: 'This file is not valid JSON.',
  target: 'Choose where to import: target=new for a new CV, or target=version with version=<id>.',
  versionNeeded: 'Choose the CV whose layout the import updates (version=<id>).',
  versionWithoutTarget: 'A CV is chosen only with target=version.',
  replaceWithTarget:
    'An import into a CV merges into your profile: it cannot also replace sections (leave out mode=replace).',
} as const;

const ZIP_TYPES = ['application/zip', 'application/x-zip-compressed', 'application/octet-stream'];

const importQuery = z.object({
  mode: z.enum(['add', 'replace']).optional(),
  /** 1: only report what the import would do (the preview step). */
  dryRun: z.enum(['0', '1', 'true', 'false']).optional(),
  /** Issue 30: `new` makes a CV version of the file; `version` lays out the one `version` names. */
  target: z.enum(['new', 'version'], { error: CV_IO_MESSAGES.target }).optional(),
  version: recordId().optional(),
});

/** The query's target, or a `400` for one that does not add up (nothing is read or stored). */
function targetOf(query: z.output<typeof importQuery>): ImportTarget | null {
  const { target, version, mode } = query;
  if (target && mode === 'replace') throw new HttpError(400, CV_IO_MESSAGES.replaceWithTarget);
  if (target === 'version') {
    if (!version) throw new HttpError(400, CV_IO_MESSAGES.versionNeeded);
    return { kind: 'version', id: version };
  }
  if (version !== undefined) throw new HttpError(400, CV_IO_MESSAGES.versionWithoutTarget);
  return target === 'new' ? { kind: 'new' } : null;
}

const plannedEntry = z.object({
  values: z.record(z.string(), z.unknown()),
  errors: z.record(z.string(), z.string()).nullable(),
  already: z.boolean().optional(),
});
const importResult = z.object({
  mode: z.enum(['add', 'replace']),
  imported: z.boolean(),
  sections: z.array(
    z.object({
      key: z.enum(SECTION_KEYS as [string, ...string[]]),
      label: z.string(),
      kind: z.enum(['single', 'list']),
      existing: z.number(),
      count: z.number(),
      already: z.number().optional(),
      entries: z.array(plannedEntry),
    }),
  ),
  notes: z.array(z.string()),
  layout: z.object({ name: z.string().nullable() }).nullable().optional(),
  certificates: z
    .object({
      label: z.string(),
      existing: z.number(),
      count: z.number(),
      already: z.number(),
      entries: z.array(plannedEntry),
    })
    .nullable()
    .optional(),
  version: z.object({ _id: z.string(), name: z.string() }).nullable().optional(),
});

function sourceOf(body: unknown): ImportSource {
  if (Buffer.isBuffer(body)) return { ...readLinkedInZip(body), template: null, notes: [] };
  if (typeof body === 'string') throw new HttpError(415, CV_IO_MESSAGES.unsupported);
  try {
    return readJsonResume(body);
  } catch (err) {
    throw new HttpError(400, (err as Error).message);
  }
}

/** JSON Resume out, JSON Resume or LinkedIn export in (with a preview step). */
export async function cvIoRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['cv import/export'];

  app.addContentTypeParser(
    [...ZIP_TYPES, ...DOCUMENT_TYPES],
    { parseAs: 'buffer' },
    (_req, body, done) => done(null, body),
  );
  // Only this feature's routes: a too-large file gets words about files.
  app.setErrorHandler((err: FastifyError, _req, reply) => {
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ error: CV_IO_MESSAGES.tooLarge });
    }
    if (
      err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
    ) {
      return reply.status(400).send({ error: CV_IO_MESSAGES.notJson });
    }
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({ error: CV_IO_MESSAGES.unsupported });
    }
    throw err;
  });

  r.get(
    '/api/cv/export',
    {
      schema: {
        tags,
        summary:
          'The CV as a JSON Resume (v1.0.0) file; what it has no place for is under meta.vitae',
        querystring: z.object({ version: recordId().optional() }),
        response: { 200: z.record(z.string(), z.unknown()), ...errorResponses },
      },
    },
    async (req, reply) => {
      const user = requireUser(req);
      const resume = await exportJsonResume(deps.db, user.id, req.query.version);
      void reply.header('content-disposition', 'attachment; filename="resume.json"');
      return resume;
    },
  );

  r.post(
    '/api/cv/import',
    {
      bodyLimit: IMPORT_MAX_BYTES,
      schema: {
        tags,
        summary:
          'Import a JSON Resume (application/json), a LinkedIn data export (application/zip), or a CV as PDF (application/pdf) or Word (.docx); dryRun=1 previews; target=new makes a CV version of it, target=version&version=<id> lays that version out as the file says',
        querystring: importQuery,
        response: { 200: importResult, ...errorResponses },
      },
    },
    async (req) => {
      const user = requireUser(req);
      const target = targetOf(req.query);
      // Reading a file is work on the request thread; a person imports a few times at most.
      await enforceLimits(deps.limiter, [
        { key: `cv-import:${user.id}`, limit: IMPORTS_PER_WINDOW, windowMs: 10 * 60_000 },
      ]);
      const { dryRun } = req.query;
      const mode = req.query.mode ?? 'add';
      if (req.body === undefined || req.body === null)
        throw new HttpError(400, CV_IO_MESSAGES.unsupported);
      // A PDF or Word CV is read in a worker; the rest on the request thread.
      const document = documentKindOf(req.headers['content-type']);
      const source =
        document && Buffer.isBuffer(req.body)
          ? await readCvDocument(document, req.body)
          : sourceOf(req.body);
      return dryRun === '1' || dryRun === 'true'
        ? previewImport(deps.db, user.id, source, mode, target)
        : runImport(deps, user.id, source, mode, target);
    },
  );
}
