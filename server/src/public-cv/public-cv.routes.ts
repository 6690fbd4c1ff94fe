import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CONTACT_MESSAGES,
  contactModeSchema,
  idParams,
  recordId,
  VERSION_MESSAGES,
  type ContactRequest,
  type PublicCvStatus,
} from '@vitae/core';
import { z } from 'zod';
import { contactRequestSchema, publicCvStatusSchema } from '@vitae/core/responses/hr';
import type { AppDeps } from '../deps.ts';
import { errorResponses } from '../plugins/responses.ts';
import { HttpError } from '../plugins/errors.ts';
import { requireUser } from '../plugins/session.ts';
import { notifyUser } from '../notifications/index.ts';
import { contactRequestsRepo } from './contact-requests.repo.ts';
import { publicCvRepo } from './public-cv.repo.ts';

const tags = ['public-cv'];
const status = { 200: publicCvStatusSchema, ...errorResponses };
const decided = { 200: contactRequestSchema, ...errorResponses };

/** The owner's listing switch (docs/product/public-listing-and-hr.md#cv-visibility); HR in hr/. */
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

  r.get(
    '/api/public-cv/status',
    { schema: { tags, response: status } },
    async (req): Promise<PublicCvStatus> => {
      const user = requireUser(req);
      return repo.status(user.id);
    },
  );

  r.post(
    '/api/public-cv/toggle',
    { schema: { tags, response: status } },
    async (req): Promise<PublicCvStatus> => {
      const user = requireUser(req);
      const row = await repo.toggle(user.id);
      const isListed = row.is_listed === 1;
      events.publish('public-cv.toggled', { userId: user.id, isListed, fullName: row.full_name });
      // The state this toggle produced: a parallel toggle may have flipped it again since.
      return repo.statusOf(row);
    },
  );

  // Contact details in the public pool (ours, issue 14): open to every HR user who saved the
  // listing, or only to those whose request the owner approved.
  const requests = contactRequestsRepo(db);

  r.put(
    '/api/public-cv/contact-mode',
    { schema: { tags, body: contactModeSchema, response: status } },
    async (req): Promise<PublicCvStatus> => {
      const user = requireUser(req);
      await repo.setContactMode(user.id, req.body.mode);
      return repo.status(user.id);
    },
  );

  // Which CV version the listing shows (issue 30; docs/api-deviations.md).
  r.put(
    '/api/public-cv/version',
    { schema: { tags, body: z.strictObject({ version: recordId() }), response: status } },
    async (req): Promise<PublicCvStatus> => {
      const user = requireUser(req);
      if (!(await repo.setVersion(user.id, req.body.version))) {
        throw new HttpError(404, VERSION_MESSAGES.notFound);
      }
      return repo.status(user.id);
    },
  );

  r.get(
    '/api/public-cv/contact-requests',
    {
      schema: {
        tags,
        response: { 200: z.object({ data: z.array(contactRequestSchema) }), ...errorResponses },
      },
    },
    async (req): Promise<{ data: ContactRequest[] }> => {
      const user = requireUser(req);
      return { data: await requests.ofOwner(user.id) };
    },
  );

  const decide = async (
    ownerId: string,
    requestId: string,
    status: 'approved' | 'declined',
  ): Promise<ContactRequest> => {
    const decided = await requests.decide(ownerId, requestId, status);
    if (!decided) throw new HttpError(404, CONTACT_MESSAGES.requestNotFound);
    if (decided.changed && status === 'approved') {
      // The HR user hears of it; a decline is not announced.
      const listing = await db
        .selectFrom('public_cvs')
        .select('full_name')
        .where('id', '=', decided.row.public_cv_id)
        .executeTakeFirstOrThrow();
      await notifyUser(deps, decided.row.hr_user_id, {
        type: 'contact-approved',
        title: CONTACT_MESSAGES.approvedTitle,
        message: CONTACT_MESSAGES.approvedMessage(listing.full_name || 'The candidate'),
        occurredAt: decided.row.decided_at,
      });
    }
    return requests.toRequest(decided.row);
  };

  r.post(
    '/api/public-cv/contact-requests/:id/approve',
    { schema: { tags, params: idParams, response: decided } },
    async (req): Promise<ContactRequest> => decide(requireUser(req).id, req.params.id, 'approved'),
  );

  // Declining an approved request revokes it: the email and phone are hidden again at once.
  r.post(
    '/api/public-cv/contact-requests/:id/decline',
    { schema: { tags, params: idParams, response: decided } },
    async (req): Promise<ContactRequest> => decide(requireUser(req).id, req.params.id, 'declined'),
  );
}
