import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  buildCvData,
  SECTION_KEYS,
  TEMPLATE_IDS,
  recordId,
  type CvData,
  type TemplateId,
} from '@vitae/core';
import type { AppDeps } from '../app.ts';
import { certificatesFor } from '../certificates/certificates.repo.ts';
import { firstImpressionFor } from '../first-impression/first-impression.repo.ts';
import type { Db } from '../db/database.ts';
import type { MediaDeps } from '../media/media.service.ts';
import { assignedPhotoUrl } from '../photos/photos.repo.ts';
import { HttpError } from '../plugins/errors.ts';
import { requireUser } from '../plugins/session.ts';
import { sectionsRepo } from '../sections/sections.repo.ts';
import { cvRepo } from './cv.repo.ts';

export const CV_MESSAGES = {
  notFound: 'CV not found',
  templateInvalid: 'Please choose one of the ten templates.',
} as const;

const tags = ['cv'];
const idBody = z.object({ id: recordId() });
const templateBody = z.object({
  template: z.enum(TEMPLATE_IDS as [TemplateId, ...TemplateId[]], {
    error: CV_MESSAGES.templateInvalid,
  }),
});

/** "personal-info" → "personalInfo": the key buildCvData reads. */
const camel = (key: string) => key.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * The whole CV of one user: one query per section table, plus (when `media` is given to sign
 * URLs) one each for the assigned photo, the first impression and the certificates, all in
 * parallel: a bounded number of queries whatever the number of entries.
 */
export async function loadCvData(
  db: Db,
  userId: string,
  media?: Omit<MediaDeps, 'db'>,
): Promise<CvData> {
  const repo = sectionsRepo(db);
  const deps = media && { db, ...media };
  const [lists, photoUrl, video, certificates] = await Promise.all([
    Promise.all(SECTION_KEYS.map((key) => repo.list(key, userId))),
    deps ? assignedPhotoUrl(deps, userId) : null,
    deps ? firstImpressionFor(deps, userId) : null,
    deps ? certificatesFor(deps, userId) : [],
  ]);
  const sections = Object.fromEntries(SECTION_KEYS.map((key, i) => [camel(key), lists[i]]));
  return buildCvData({
    ...sections,
    assignedPhotoUrl: photoUrl ?? '',
    firstImpression: video ?? [],
    certificate: certificates,
  });
}

/** The spec's curriculum-vitae calls, plus the template choice and the one-request CV data. */
export function cvRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = cvRepo(db);

  r.get('/api/curriculum-vitae', { schema: { tags } }, async (req) => {
    const user = requireUser(req);
    return (await repo.ensure(user.id)).cv;
  });

  r.post('/api/curriculum-vitae', { schema: { tags } }, async (req, reply) => {
    const user = requireUser(req);
    const { cv, created } = await repo.ensure(user.id);
    return reply.status(created ? 201 : 200).send(cv);
  });

  r.patch('/api/curriculum-vitae', { schema: { tags, body: idBody } }, async (req) => {
    const user = requireUser(req);
    if (!(await repo.touch(user.id, req.body.id))) throw new HttpError(404, CV_MESSAGES.notFound);
    return (await repo.find(user.id))!;
  });

  r.patch(
    '/api/curriculum-vitae/template',
    { schema: { tags, body: templateBody } },
    async (req) => {
      const user = requireUser(req);
      await repo.ensure(user.id);
      await repo.setTemplate(user.id, req.body.template);
      return (await repo.find(user.id))!;
    },
  );

  r.get('/api/curriculum-vitae/data', { schema: { tags } }, async (req) => {
    const user = requireUser(req);
    const [{ cv }, data] = await Promise.all([repo.ensure(user.id), loadCvData(db, user.id, deps)]);
    return { cv: { _id: cv._id, template: cv.template }, data };
  });
}
