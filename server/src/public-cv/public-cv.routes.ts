import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  HR_MESSAGES,
  browseQuerySchema,
  idParams,
  type BrowsePage,
  type PublicCvStatus,
  type SavedCv,
} from '@vitae/core';
import type { AppDeps } from '../app.ts';
import { HttpError } from '../plugins/errors.ts';
import { requireHr, requireUser } from '../plugins/session.ts';
import { hrRepo } from '../hr/hr.repo.ts';
import { savePendingCv } from '../hr/pending-save.ts';
import { readGrants } from '../sharing/unlock-grant.ts';
import { publicCvRepo } from './public-cv.repo.ts';

const tags = ['public-cv'];

/** The owner's listing switch and the HR browse/save calls (spec section 7, "Public CV", "HR"). */
export function publicCvRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, events } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = publicCvRepo(db);
  const saved = hrRepo(db);

  // Browse reads a copy of the owner's personal info; keep it in step with every change.
  const off = events.subscribe('section.changed', ({ userId, dataType }) => {
    if (dataType !== 'personal-info') return;
    repo
      .refreshPersonalInfo(userId)
      .catch((err: unknown) => app.log.error({ err, userId }, 'public CV copy refresh failed'));
  });
  app.addHook('onClose', async () => off());

  r.get('/api/public-cv/status', { schema: { tags } }, async (req): Promise<PublicCvStatus> => {
    const user = requireUser(req);
    return repo.status(user.id);
  });

  r.post('/api/public-cv/toggle', { schema: { tags } }, async (req): Promise<PublicCvStatus> => {
    const user = requireUser(req);
    const row = await repo.toggle(user.id);
    const isListed = row.is_listed === 1;
    events.publish('public-cv.toggled', { userId: user.id, isListed, fullName: row.full_name });
    return repo.status(user.id);
  });

  r.get(
    '/api/public-cv/browse',
    { schema: { tags, querystring: browseQuerySchema } },
    async (req): Promise<BrowsePage> => {
      const hr = requireHr(req);
      const unlockedCvIds = readGrants(deps.sessionSecret, req).map((g) => g.c);
      await savePendingCv(db, hr, { unlockedCvIds, final: true });
      return repo.browse(hr.id, req.query);
    },
  );

  r.post(
    '/api/public-cv/save/:id',
    { schema: { tags, params: idParams } },
    async (req, reply): Promise<{ success: true; message: string; data: SavedCv }> => {
      const hr = requireHr(req);
      const listing = await repo.byId(req.params.id);
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
