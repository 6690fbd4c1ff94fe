import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  arrangementSchema,
  PAGE_SIZES,
  PAGE_SIZE_MESSAGE,
  TEMPLATE_IDS,
  recordId,
  type TemplateId,
} from '@vitae/core';
import {
  cvArrangementResponseSchema,
  cvDesignResponseSchema,
  cvDataResponseSchema,
  cvRecordSchema,
} from '@vitae/core/responses/cv';
import { designSchema } from '@vitae/core/design-schema';
import type { AppDeps } from '../deps.ts';
import { sendKeptJson } from '../plugins/answer-cache.ts';
import { errorResponses } from '../plugins/responses.ts';
import { HttpError } from '../plugins/errors.ts';
import { requireUser } from '../plugins/session.ts';
import { cvRepo, type CvRecord } from './cv.repo.ts';
import { CV_TABLES, loadCv } from './cv-data.ts';

export const CV_MESSAGES = {
  notFound: 'CV not found',
  templateInvalid: 'Please choose one of the ten templates.',
} as const;

const tags = ['cv'];
const record = { 200: cvRecordSchema, ...errorResponses };
const idBody = z.object({ id: recordId() });
const templateBody = z.object({
  template: z.enum(TEMPLATE_IDS as [TemplateId, ...TemplateId[]], {
    error: CV_MESSAGES.templateInvalid,
  }),
});

const pageSizeBody = z.object({
  pageSize: z.enum(PAGE_SIZES, { error: PAGE_SIZE_MESSAGE }),
});

/** Which version a call acts on (issue 30): `?version=<id>`, else the default. */
const versionQuery = z.object({ version: recordId().optional() });

/** Every account has its record from sign-up (and migration 013-cv-at-sign-up for older ones). */
const found = (cv: CvRecord | undefined): CvRecord => {
  if (!cv) throw new HttpError(404, CV_MESSAGES.notFound);
  return cv;
};

/**
 * The curriculum-vitae calls (docs/product/api.md#cv-and-sharing), plus the template choice and
 * the one-request CV data.
 */
export async function cvRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = cvRepo(db);

  /** The version a call names (`?version=`), or the default one: 404 when not the user's. */
  async function versionOf(userId: string, versionId: string | undefined): Promise<string> {
    if (versionId) return found(await repo.find(userId, versionId))._id;
    return (await repo.ensure(userId)).cv._id;
  }

  r.get(
    '/api/curriculum-vitae',
    { schema: { tags, querystring: versionQuery, response: record } },
    async (req) => {
      const user = requireUser(req);
      return found(await repo.find(user.id, req.query.version));
    },
  );

  const ensured = { 201: cvRecordSchema, ...record };
  r.post('/api/curriculum-vitae', { schema: { tags, response: ensured } }, async (req, reply) => {
    const user = requireUser(req);
    const { cv, created } = await repo.ensure(user.id);
    return reply.status(created ? 201 : 200).send(cv);
  });

  r.patch(
    '/api/curriculum-vitae',
    { schema: { tags, body: idBody, response: record } },
    async (req) => {
      const user = requireUser(req);
      if (!(await repo.touch(user.id, req.body.id))) throw new HttpError(404, CV_MESSAGES.notFound);
      return (await repo.find(user.id))!;
    },
  );

  r.patch(
    '/api/curriculum-vitae/template',
    { schema: { tags, querystring: versionQuery, body: templateBody, response: record } },
    async (req) => {
      const user = requireUser(req);
      const id = await versionOf(user.id, req.query.version);
      await repo.setTemplate(user.id, id, req.body.template);
      return found(await repo.find(user.id, id));
    },
  );

  /** The CV's paper size (issue 17): the preview's pages and the PDF download's default. */
  r.put(
    '/api/curriculum-vitae/page-size',
    { schema: { tags, querystring: versionQuery, body: pageSizeBody, response: record } },
    async (req) => {
      const user = requireUser(req);
      const id = await versionOf(user.id, req.query.version);
      await repo.setPageSize(user.id, id, req.body.pageSize);
      return found(await repo.find(user.id, id));
    },
  );

  /**
   * The CV's section arrangement (issue 17): the sections' order, the hidden ones and the
   * user's titles, replaced whole; every template, View CV, the PDF and shared views follow it.
   */
  r.put(
    '/api/curriculum-vitae/arrangement',
    {
      schema: {
        tags,
        querystring: versionQuery,
        body: arrangementSchema,
        response: { 200: cvArrangementResponseSchema, ...errorResponses },
      },
    },
    async (req) => {
      const user = requireUser(req);
      await repo.setArrangement(user.id, await versionOf(user.id, req.query.version), req.body);
      return { arrangement: req.body };
    },
  );

  /**
   * The CV's design (issue 17): accent colour, font, text size and spacing, replaced whole;
   * every template, View CV, the PDF and shared views draw with it.
   */
  r.put(
    '/api/curriculum-vitae/design',
    {
      schema: {
        tags,
        querystring: versionQuery,
        body: designSchema,
        response: { 200: cvDesignResponseSchema, ...errorResponses },
      },
    },
    async (req) => {
      const user = requireUser(req);
      await repo.setDesign(user.id, await versionOf(user.id, req.query.version), req.body);
      return { design: req.body };
    },
  );

  const data = { 200: cvDataResponseSchema, ...errorResponses };
  r.get(
    '/api/curriculum-vitae/data',
    { schema: { tags, querystring: versionQuery, response: data } },
    async (req, reply) => {
      const user = requireUser(req);
      const version = req.query.version;
      // The View CV, editor and preview all ask for it: kept until one of its tables is written.
      const key = `cv:${user.id}:${version ?? ''}`;
      return sendKeptJson(reply, deps.answers, key, CV_TABLES, async () => {
        const { record, data } = await loadCv(db, user.id, deps, version);
        const cv = found(record);
        return { cv: { _id: cv._id, template: cv.template, pageSize: cv.pageSize }, data };
      });
    },
  );
}
