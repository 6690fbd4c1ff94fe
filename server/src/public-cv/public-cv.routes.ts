import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { PublicCvStatus } from '@vitae/core';
import type { AppDeps } from '../deps.ts';
import { requireUser } from '../plugins/session.ts';
import { publicCvRepo } from './public-cv.repo.ts';

const tags = ['public-cv'];

/** The owner's listing switch (spec section 7, "Public CV"); HR browse lives in hr/. */
export async function publicCvRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db, events } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = publicCvRepo(db);

  // Browse reads a copy of the owner's personal info and card facts (migration 015); keep
  // it in step with every section change (a few indexed reads, and only for a listing), so
  // no list of "sections the facts come from" has to be kept beside the facts themselves.
  const off = events.subscribe('section.changed', ({ userId }) => {
    repo
      .refreshListing(userId)
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
}
