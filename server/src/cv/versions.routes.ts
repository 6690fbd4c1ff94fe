import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createVersionSchema,
  entryInclusionSchema,
  idParams,
  recordId,
  updateVersionSchema,
} from '@vitae/core';
import { cvVersionListSchema, cvVersionSchema } from '@vitae/core/responses/cv';
import type { AppDeps } from '../deps.ts';
import { errorResponses } from '../plugins/responses.ts';
import { requireUser } from '../plugins/session.ts';
import { sanitizeRichText } from '../sections/index.ts';
import { cvRepo } from './cv.repo.ts';
import { versionsRepo } from './versions.repo.ts';

const tags = ['cv'];
const one = { 200: cvVersionSchema, ...errorResponses };
const many = { 200: cvVersionListSchema, ...errorResponses };
const deleteQuery = z.object({ revokeShares: z.enum(['true', 'false']).optional() });
const entryParams = z.object({ id: recordId(), entryId: recordId() });

/**
 * CV versions (issue 30; docs/api-deviations.md): one profile, many CVs. The original calls
 * under /api/curriculum-vitae act on the default version unless they name one (`?version=`).
 */
export async function versionsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = versionsRepo(deps.db);
  const base = '/api/curriculum-vitae/versions';

  r.get(base, { schema: { tags, response: many } }, async (req) => {
    const user = requireUser(req);
    await cvRepo(deps.db).ensure(user.id);
    return { data: await repo.list(user.id) };
  });

  r.post(
    base,
    { schema: { tags, body: createVersionSchema, response: { 201: cvVersionSchema, ...one } } },
    async (req, reply) => {
      const user = requireUser(req);
      await cvRepo(deps.db).ensure(user.id);
      const version = await repo.create(user.id, req.body.name, req.body.from);
      return reply.status(201).send(version);
    },
  );

  r.patch(
    `${base}/:id`,
    { schema: { tags, params: idParams, body: updateVersionSchema, response: one } },
    async (req) => {
      const user = requireUser(req);
      const { summary, ...rest } = req.body;
      return repo.update(user.id, req.params.id, {
        ...rest,
        ...(summary !== undefined && {
          summary: summary === null ? null : sanitizeRichText(summary),
        }),
      });
    },
  );

  r.delete(
    `${base}/:id`,
    { schema: { tags, params: idParams, querystring: deleteQuery, response: many } },
    async (req) => {
      const user = requireUser(req);
      await repo.remove(user.id, req.params.id, req.query.revokeShares === 'true');
      return { data: await repo.list(user.id) };
    },
  );

  r.put(
    `${base}/:id/entries/:entryId`,
    { schema: { tags, params: entryParams, body: entryInclusionSchema, response: one } },
    async (req) => {
      const user = requireUser(req);
      const { section, included } = req.body;
      return repo.setIncluded(user.id, req.params.id, section, req.params.entryId, included);
    },
  );
}
