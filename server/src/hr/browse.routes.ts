import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  HR_MESSAGES,
  browseQuerySchema,
  idParams,
  skillSuggestQuerySchema,
  type BrowsePage,
  type SavedCv,
  type SkillSuggestion,
} from '@vitae/core';
import { z } from 'zod';
import { browsePageSchema, savedCvSchema, skillSuggestionSchema } from '@vitae/core/responses/hr';
import type { AppDeps } from '../deps.ts';
import { errorResponses, noContent } from '../plugins/responses.ts';
import { HttpError } from '../plugins/errors.ts';
import { requireHr } from '../plugins/session.ts';
import { publicCvRepo } from '../public-cv/index.ts';
import { readGrants } from '../sharing/index.ts';
import { browseListings } from './browse.repo.ts';
import { hrRepo } from './hr.repo.ts';
import { savePendingCv } from './pending-save.ts';
import { suggestSkills } from './skill-suggest.repo.ts';

// The paths stay under /api/public-cv (docs/product/api.md#public-cv-and-hr), so do the tags.
const tags = ['public-cv'];
const savedAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  data: savedCvSchema,
});

/** HR browse and "Save CV" over the listed CVs (docs/product/public-listing-and-hr.md). */
export async function hrBrowseRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const listings = publicCvRepo(db);
  const saved = hrRepo(db);

  r.get(
    '/api/public-cv/browse',
    {
      schema: {
        tags,
        querystring: browseQuerySchema,
        response: { 200: browsePageSchema, ...errorResponses },
      },
    },
    async (req): Promise<BrowsePage> => {
      const hr = requireHr(req);
      return browseListings(db, hr.id, req.query);
    },
  );

  // Skill filter suggestions: what is listed, most common first (ours, issue 18).
  r.get(
    '/api/public-cv/skills',
    {
      schema: {
        tags,
        querystring: skillSuggestQuerySchema,
        response: { 200: z.object({ data: z.array(skillSuggestionSchema) }), ...errorResponses },
      },
    },
    async (req): Promise<{ data: SkillSuggestion[] }> => {
      requireHr(req);
      return { data: await suggestSkills(db, req.query.prefix) };
    },
  );

  // The Save CV handover, finished where the unlock cookie travels (it only goes to /api
  // paths): the HR dashboard calls this once as it opens, before it browses.
  const pending = {
    tags,
    response: { 204: noContent('Saved, if one was pending'), ...errorResponses },
  };
  r.post('/api/public-cv/save-pending', { schema: pending }, async (req, reply) => {
    const hr = requireHr(req);
    const unlockedCvIds = readGrants(deps.sessionSecret, req).map((g) => g.c);
    await savePendingCv(db, hr, { unlockedCvIds, final: true });
    return reply.status(204).send();
  });

  r.post(
    '/api/public-cv/save/:id',
    {
      schema: {
        tags,
        params: idParams,
        response: { 200: savedAnswer, 201: savedAnswer, ...errorResponses },
      },
    },
    async (req, reply): Promise<{ success: true; message: string; data: SavedCv }> => {
      const hr = requireHr(req);
      const listing = await listings.byId(req.params.id);
      // An unlisted CV cannot be newly saved; one saved earlier stays with its saver.
      const already = listing && (await saved.one(hr.id, listing.id));
      if (!listing || (listing.is_listed !== 1 && !already)) {
        throw new HttpError(404, HR_MESSAGES.cvNotFound);
      }
      const { created } = await saved.save(hr.id, listing.id);
      const data = (await saved.one(hr.id, listing.id))!.saved;
      return reply.status(created ? 201 : 200).send({
        success: true,
        message: HR_MESSAGES.savedAlert(listing.full_name || 'This candidate'),
        data,
      });
    },
  );
}
