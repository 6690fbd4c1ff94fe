import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CONTACT_MESSAGES,
  DEFAULT_TEMPLATE,
  HR_MESSAGES,
  UNLOCK_LOCKOUT_MS,
  hrVideoProgressSchema,
  noteSchema,
  rankSchema,
  idParams,
  recordId,
  type SavedCv,
  type SavedCvDetail,
} from '@vitae/core';
import { z } from 'zod';
import { savedCvDetailSchema, savedCvSchema } from '@vitae/core/responses/hr';
import type { AppDeps } from '../deps.ts';
import { errorResponses, noContent } from '../plugins/responses.ts';
import { HttpError } from '../plugins/errors.ts';
import { enforceLimits } from '../plugins/rate-limit.ts';
import { requireHr } from '../plugins/session.ts';
import { notifyUser } from '../notifications/index.ts';
import { cvRepo } from '../cv/index.ts';
import { contactRequestsRepo, publicCvRepo } from '../public-cv/index.ts';
import { deviceKind } from '../sharing/index.ts';
import { contactRequestEmail } from './contact-request-email.ts';
import { unsubscribeFor } from '../email-preferences/index.ts';
import { hrCvData } from './hr-cv-data.ts';
import { hrRepo } from './hr.repo.ts';

const tags = ['hr'];
const noteParams = idParams.extend({ noteId: recordId() });
const saved = { 200: savedCvSchema, ...errorResponses };

/**
 * The HR user's saved CVs: list, view (counted once an hour), rank and notes. Another HR
 * user's answer 404. Once the owner unlists, the CV itself is shown only to an HR user it
 * was shared with directly; the saved entry (name, rank, notes) stays either way.
 */
export async function hrRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db, events, limiter } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = hrRepo(db);
  const requests = contactRequestsRepo(db);

  const dashboardUrl = `${deps.config.publicUrl.replace(/\/$/, '')}/app/dashboard`;

  /**
   * Mails the candidate about a new contact request (the bell has it too). The request stands
   * whatever the mail server says: a failed send is logged, not the HR user's error.
   */
  const mailCandidate = async (req: FastifyRequest, ownerId: string, hrName: string) => {
    const owner = await db
      .selectFrom('users')
      .select(['email', 'full_name', 'email_contact_requests'])
      .where('id', '=', ownerId)
      .executeTakeFirst();
    // The candidate may have turned this email off (Settings, or its unsubscribe link).
    if (!owner || owner.email_contact_requests !== 1) return;
    const mail = contactRequestEmail({
      to: owner.email,
      candidateName: owner.full_name,
      hrName,
      dashboardUrl,
      unsubscribe: unsubscribeFor(
        { secret: deps.sessionSecret, publicUrl: deps.config.publicUrl },
        ownerId,
        'contactRequests',
      ),
    });
    await deps.mailer.send(mail).catch((err: unknown) => {
      req.log.error({ err }, 'contact request email failed');
    });
  };

  const mine = async (hrUserId: string, id: string) => {
    const found = await repo.one(hrUserId, id);
    if (!found) throw new HttpError(404, HR_MESSAGES.savedNotFound);
    return found;
  };

  r.get(
    '/hr/saved-cv/saved-cvs',
    {
      schema: {
        tags,
        response: { 200: z.object({ data: z.array(savedCvSchema) }), ...errorResponses },
      },
    },
    async (req): Promise<{ data: SavedCv[] }> => {
      const hr = requireHr(req);
      return { data: await repo.list(hr.id) };
    },
  );

  /** The saved CV as it is now; with `visit`, the opening is counted first (once an hour). */
  const detail = async (
    hr: { id: string; full_name: string },
    id: string,
    visit: { userAgent: string | undefined } | null,
  ): Promise<SavedCvDetail> => {
    const found = await mine(hr.id, id);
    const { row, access, saved } = found;
    const cvTemplate =
      (await cvRepo(db).find(row.owner_id, row.cv_id))?.template ?? DEFAULT_TEMPLATE;
    // Nothing of the CV to show, so nothing was viewed: no count, no trail, no notice.
    if (!access) return { ...saved, curriculumVitae: null, cvTemplate };
    const viewId = visit ? await recordVisit(row, hr, visit.userAgent) : undefined;
    const [after, curriculumVitae] = await Promise.all([
      visit ? mine(hr.id, row.id) : { saved },
      hrCvData(deps, hr.id, { ...found, access }),
    ]);
    return { ...after.saved, curriculumVitae, cvTemplate, ...(viewId ? { viewId } : {}) };
  };

  /** One visit in the trail (with the device kind); its id, for the video's progress. */
  const recordVisit = async (
    row: { id: string; public_cv_id: string; owner_id: string },
    hr: { id: string; full_name: string },
    userAgent: string | undefined,
  ): Promise<string> => {
    const visit = await repo.recordVisit(
      row,
      { id: hr.id, name: hr.full_name },
      deviceKind(userAgent),
    );
    const { viewId, ...view } = visit.view;
    if (!visit.counted) return viewId;
    // The owner hears of the view: a stored notification and the live event.
    await notifyUser(deps, row.owner_id, {
      type: 'public-cv-viewed',
      title: HR_MESSAGES.viewedTitle,
      message: HR_MESSAGES.viewedMessage(hr.full_name),
    });
    events.publish('public-cv.viewed', { userId: row.owner_id, ...view });
    return viewId;
  };

  // A read: reloading or prefetching it counts nothing.
  const detailSchema = {
    tags,
    params: idParams,
    response: { 200: savedCvDetailSchema, ...errorResponses },
  };
  r.get('/hr/saved-cv/:id', { schema: detailSchema }, async (req) =>
    detail(requireHr(req), req.params.id, null),
  );

  // Opening the saved CV in the HR view: counts the visit and answers the CV in one request.
  r.post('/hr/saved-cv/:id/views', { schema: detailSchema }, async (req) =>
    detail(requireHr(req), req.params.id, { userAgent: req.headers['user-agent'] }),
  );

  // How much of the first-impression video this HR user watched in one visit: accepted only
  // from the HR user whose visit it is, on that saved CV; clamped and never lowered.
  r.post(
    '/hr/saved-cv/:id/video-progress',
    {
      schema: {
        tags,
        params: idParams,
        body: hrVideoProgressSchema,
        response: { 204: noContent('Recorded'), ...errorResponses },
      },
    },
    async (req, reply) => {
      const hr = requireHr(req);
      const { row } = await mine(hr.id, req.params.id);
      const { viewId, percent } = req.body;
      await enforceLimits(limiter, [
        { key: `hr-video:${viewId}:${hr.id}`, limit: 200, windowMs: UNLOCK_LOCKOUT_MS },
      ]);
      const clamped = Math.round(Math.min(100, Math.max(0, percent)));
      const ok = await publicCvRepo(db).raiseVideoPercent(
        viewId,
        { hrUserId: hr.id, publicCvId: row.public_cv_id },
        clamped,
      );
      if (!ok) throw new HttpError(404, HR_MESSAGES.viewNotFound);
      return reply.status(204).send();
    },
  );

  // One click asks the owner for the email and phone (ours, issue 14). Asking again answers
  // the request as it stands; a declined request is not re-sent (the owner may still
  // approve it from their list), so no one can nag a candidate.
  r.post(
    '/hr/saved-cv/:id/contact-request',
    {
      schema: {
        tags,
        params: idParams,
        response: { 200: savedCvSchema, 201: savedCvSchema, ...errorResponses },
      },
    },
    async (req, reply) => {
      const hr = requireHr(req);
      const { row, access, saved } = await mine(hr.id, req.params.id);
      if (!access) throw new HttpError(403, HR_MESSAGES.cvUnavailable);
      if (saved.contactAccess === 'open') throw new HttpError(409, CONTACT_MESSAGES.alreadyOpen);
      if (saved.contactAccess === 'declined') throw new HttpError(409, CONTACT_MESSAGES.declined);
      if (saved.contactAccess !== 'not-requested') return saved;
      await enforceLimits(
        limiter,
        [{ key: `contact-request:${hr.id}`, limit: 30, windowMs: 60 * 60_000 }],
        CONTACT_MESSAGES.tooManyRequests,
      );
      const { outcome, row: request } = await requests.request(row.public_cv_id, {
        id: hr.id,
        name: hr.full_name,
      });
      if (outcome === 'full') throw new HttpError(409, CONTACT_MESSAGES.tooManyPending);
      if (outcome === 'created' && request) {
        await notifyUser(deps, row.owner_id, {
          type: 'contact-requested',
          title: CONTACT_MESSAGES.requestTitle,
          message: CONTACT_MESSAGES.requestMessage(hr.full_name),
          occurredAt: request.requested_at,
          contactRequestId: request.id,
        });
        await mailCandidate(req, row.owner_id, hr.full_name);
      }
      const after = (await mine(hr.id, row.id)).saved;
      return reply.status(outcome === 'created' ? 201 : 200).send(after);
    },
  );

  r.put(
    '/hr/saved-cv/:id/notes',
    { schema: { tags, params: idParams, body: noteSchema, response: saved } },
    async (req): Promise<SavedCv> => {
      const hr = requireHr(req);
      const { row } = await mine(hr.id, req.params.id);
      if (!(await repo.addNote(hr.id, row.id, req.body.content))) {
        throw new HttpError(409, HR_MESSAGES.tooManyNotes);
      }
      return (await mine(hr.id, row.id)).saved;
    },
  );

  r.put(
    '/hr/saved-cv/:id/rank',
    { schema: { tags, params: idParams, body: rankSchema, response: saved } },
    async (req): Promise<SavedCv> => {
      const hr = requireHr(req);
      const { row } = await mine(hr.id, req.params.id);
      await repo.setRank(row.id, req.body.rank);
      return (await mine(hr.id, row.id)).saved;
    },
  );

  r.delete(
    '/hr/saved-cv/:id/notes/:noteId',
    { schema: { tags, params: noteParams, response: saved } },
    async (req): Promise<SavedCv> => {
      const hr = requireHr(req);
      const { row } = await mine(hr.id, req.params.id);
      if (!(await repo.deleteNote(row.id, req.params.noteId))) {
        throw new HttpError(404, HR_MESSAGES.noteNotFound);
      }
      return (await mine(hr.id, row.id)).saved;
    },
  );
}
