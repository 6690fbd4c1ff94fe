import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, recordId } from '@vitae/core';
import { customSectionListSchema } from '@vitae/core/custom-sections';
import type { AppDeps } from '../deps.ts';
import { errorResponses } from '../plugins/responses.ts';
import { requireUser } from '../plugins/session.ts';
import { customSectionsRepo } from './custom-sections.repo.ts';
import { customSectionsService } from './custom-sections.service.ts';

const entryParams = z.object({ id: recordId(), entryId: recordId() });

/**
 * Custom sections (issue 30, docs/api-deviations.md): the user's own sections and their
 * entries. Every answer is the whole list `{ data: sections }`, entries inside, as the
 * section resources answer their lists.
 */
export async function customSectionsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = customSectionsRepo(deps.db);
  const service = customSectionsService(deps);
  const tags = ['custom sections'];
  const response = { 200: customSectionListSchema, ...errorResponses };
  const listOf = async (userId: string) => ({ data: await repo.list(userId) });

  r.get('/api/custom-sections', { schema: { tags, response } }, async (req) =>
    listOf(requireUser(req).id),
  );

  r.post(
    '/api/custom-sections',
    { schema: { tags, response: { 201: customSectionListSchema, ...response } } },
    async (req, reply) => {
      const user = requireUser(req);
      await service.create(user.id, req.body);
      return reply.status(201).send(await listOf(user.id));
    },
  );

  const byId = { tags, params: idParams, response };
  r.patch('/api/custom-sections/:id', { schema: byId }, async (req) => {
    const user = requireUser(req);
    await service.edit(user.id, req.params.id, req.body);
    return listOf(user.id);
  });

  r.delete('/api/custom-sections/:id', { schema: byId }, async (req) => {
    const user = requireUser(req);
    await service.remove(user.id, req.params.id);
    return listOf(user.id);
  });

  r.post(
    '/api/custom-sections/:id/entries',
    { schema: { ...byId, response: { 201: customSectionListSchema, ...response } } },
    async (req, reply) => {
      const user = requireUser(req);
      await service.addEntry(user.id, req.params.id, req.body);
      return reply.status(201).send(await listOf(user.id));
    },
  );

  r.put('/api/custom-sections/:id/entries/order', { schema: byId }, async (req) => {
    const user = requireUser(req);
    await service.reorderEntries(user.id, req.params.id, req.body);
    return listOf(user.id);
  });

  const byEntry = { tags, params: entryParams, response };
  r.patch('/api/custom-sections/:id/entries/:entryId', { schema: byEntry }, async (req) => {
    const user = requireUser(req);
    await service.editEntry(user.id, req.params.id, req.params.entryId, req.body);
    return listOf(user.id);
  });

  r.delete('/api/custom-sections/:id/entries/:entryId', { schema: byEntry }, async (req) => {
    const user = requireUser(req);
    await service.removeEntry(user.id, req.params.id, req.params.entryId);
    return listOf(user.id);
  });
}
