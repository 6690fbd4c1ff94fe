import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ANONYMOUS_VIEWER_EMAIL,
  ANONYMOUS_VIEWER_NAME,
  NONE_ASSIGNED,
  resolveTemplateId,
  SHARE_MESSAGES,
  shareCvSchema,
  trackViewSchema,
  UNLOCK_FAILURES_PER_CLIENT,
  UNLOCK_FAILURES_PER_CV,
  UNLOCK_FAILURES_PER_SHARE,
  UNLOCK_LOCKOUT_MS,
  unlockSchema,
  idParams,
  singleLineText,
  stripUnsupported,
  type SharedCvSummary,
  type UnlockedCv,
} from '@vitae/core';
import type { AppDeps } from '../deps.ts';
import { newId } from '../db/ids.ts';
import { HttpError } from '../plugins/errors.ts';
import { enforceLimits } from '../plugins/rate-limit.ts';
import { requireUser } from '../plugins/session.ts';
import { notifyUser } from '../notifications/notify.ts';
import { photosRepo } from '../photos/photos.repo.ts';
import { hashViewPin, matchViewPin, newViewPin } from './view-pin.ts';
import { addGrant, grantFor } from './unlock-grant.ts';
import { recipientsOf, sharingRepo, toShareRecord } from './sharing.repo.ts';
import { shareEmail } from './share-email.ts';
import { sharedCvData } from './shared-cv-data.ts';

const tags = ['sharing'];
const HOUR = 60 * 60 * 1000;
const hexId = z.string().regex(/^[0-9a-f]{24}$/);
/** `?share=` from the email's link: the share that link was sent for. */
const byCvIdQuery = z.object({ share: singleLineText().max(64).optional() });
const CV_NOT_FOUND = 'CV not found';
const SHARE_NOT_FOUND = 'Share not found';

/**
 * The failure counters one unlock attempt counts on, the client's own first. A link naming
 * its share counts on that share alone; a link without one (sent before links named their
 * share) on the CV id path's own counters. Either way no guesser reaches another share's.
 */
const unlockLimits = (cvId: string, shareId: string | undefined, ip: string) => {
  const rule = (key: string, limit: number) => ({ key, limit, windowMs: UNLOCK_LOCKOUT_MS });
  return shareId
    ? {
        client: rule(`share-unlock:share-ip:${shareId}:${ip}`, UNLOCK_FAILURES_PER_CLIENT),
        total: rule(`share-unlock:share:${shareId}`, UNLOCK_FAILURES_PER_SHARE),
      }
    : {
        client: rule(`share-unlock:ip:${cvId}:${ip}`, UNLOCK_FAILURES_PER_CLIENT),
        total: rule(`share-unlock:cv:${cvId}`, UNLOCK_FAILURES_PER_CV),
      };
};

/** "21 Nov 2026, 23:40 UTC": when, for the owner's notification. */
const whenText = (iso: string) => {
  const d = new Date(iso);
  const month = d.toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' });
  return `${d.getUTCDate()} ${month} ${d.getUTCFullYear()}, ${iso.slice(11, 16)} UTC`;
};

/**
 * Sharing a CV by email with a view pin, and the pin-gated viewer's calls (design
 * section 3, departures 1 and 5): the pin never leaves the server and is checked there.
 */
export function sharingRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, limiter, sessionSecret, config } = deps;
  const repo = sharingRepo(db);
  const secureCookies = config.publicUrl.startsWith('https:');

  r.post('/api/share-cv', { schema: { tags, body: shareCvSchema } }, async (req, reply) => {
    const user = requireUser(req);
    const body = req.body;
    const cv = await repo.ownCv(user.id, body.curriculumVitaeID);
    if (!cv) throw new HttpError(404, CV_NOT_FOUND);
    await enforceLimits(
      limiter,
      [
        { key: `share:user:${user.id}`, limit: 10, windowMs: HOUR },
        { key: `share:user-day:${user.id}`, limit: 30, windowMs: 24 * HOUR },
      ],
      SHARE_MESSAGES.tooManyShares,
    );
    const id = newId();
    const pin = newViewPin();
    const photoWanted = body.assignedPhotoUrl !== null && body.assignedPhotoUrl !== NONE_ASSIGNED;
    const row = await repo.create({
      id,
      cv_id: cv.id,
      user_id: user.id,
      subject: body.subject,
      message: body.message,
      recipients: JSON.stringify(
        body.recipients.map((rcp, i) => ({ email: rcp.email, key: rcp.key || `recipient-${i}` })),
      ),
      recipient_name: null,
      template: body.CVTemplate ?? resolveTemplateId(cv.template),
      include_photo: photoWanted ? 1 : 0,
      pin_hash: hashViewPin(sessionSecret, id, pin),
    });
    const senderName = await repo.displayName(user.id);
    // The link names its share: the pin is checked against it alone, on its own counters.
    const link = `${config.publicUrl.replace(/\/$/, '')}/view-shared-cv/${cv.id}?share=${id}`;
    const sent = await Promise.allSettled(
      body.recipients.map((rcp) =>
        deps.mailer.send(
          shareEmail({
            to: rcp.email,
            subject: body.subject,
            message: body.message,
            senderName,
            link,
            pin,
          }),
        ),
      ),
    );
    if (sent.some((s) => s.status === 'rejected')) {
      // The error, never the mail (it holds the pin).
      req.log.error({ shareId: id }, 'share email failed');
      throw new HttpError(502, SHARE_MESSAGES.shareFailed);
    }
    const photo = photoWanted ? await photosRepo(deps).assignedUrl(user.id) : null;
    return reply.status(201).send({ success: true, data: toShareRecord(row, photo) });
  });

  r.get('/api/share-cv', { schema: { tags } }, async (req) => {
    const user = requireUser(req);
    const rows = await repo.ownShares(user.id);
    return { data: rows.map((row) => toShareRecord(row, null)) };
  });

  /** The shares a link opens: the one it names, or (a link naming none) every share of the CV. */
  const linkShares = async (cvId: string, shareId: string | undefined) => {
    if (shareId === undefined) return repo.sharesOfCv(cvId);
    const one = hexId.safeParse(shareId).success ? await repo.shareOfCv(cvId, shareId) : undefined;
    return one ? [one] : [];
  };

  r.get(
    '/api/share-cv/by-cv-id/:id',
    { schema: { tags, params: idParams, querystring: byCvIdQuery } },
    async (req) => {
      const cvId = req.params.id;
      const cv = hexId.safeParse(cvId).success ? await repo.cvById(cvId) : undefined;
      if (!cv || (await linkShares(cv.id, req.query.share)).length === 0) {
        throw new HttpError(404, SHARE_MESSAGES.cvNotFound);
      }
      const summary: SharedCvSummary = {
        exists: true,
        curriculumVitaeID: cv.id,
        fullName: await repo.displayName(cv.user_id),
      };
      return summary;
    },
  );

  r.get('/api/share-cv/:id', { schema: { tags, params: idParams } }, async (req) => {
    const user = requireUser(req);
    const id = req.params.id;
    // A share id, or (as the original client may send) the CV id: then its newest share.
    const row = hexId.safeParse(id).success
      ? ((await repo.ownShare(user.id, id)) ??
        (await repo.ownShares(user.id)).find((sh) => sh.cv_id === id))
      : undefined;
    if (!row) throw new HttpError(404, SHARE_NOT_FOUND);
    const photo = row.include_photo ? await photosRepo(deps).assignedUrl(user.id) : null;
    return toShareRecord(row, photo);
  });

  r.post('/api/share-cv/unlock', { schema: { tags, body: unlockSchema } }, async (req, reply) => {
    const { cvId, shareId, pin } = req.body;
    const { client, total } = unlockLimits(cvId, shareId, req.ip);
    // Every attempt counts before the check, so parallel guesses cannot outrun the limit;
    // a right pin then takes its count back from the link's total and clears the client's
    // own, so only failures lock: recipients opening their link never use it up. The client's
    // counter comes first, so a client already locked out cannot fill the total alone.
    await enforceLimits(limiter, [client], SHARE_MESSAGES.lockedOut);
    await enforceLimits(limiter, [total], SHARE_MESSAGES.lockedOut);
    const cv = await repo.cvById(cvId);
    const shares = cv ? await linkShares(cvId, shareId) : [];
    const matched = /^\d{6}$/.test(pin) ? matchViewPin(sessionSecret, shares, pin) : null;
    const share = shares.find((s) => s.id === matched);
    if (!cv || !share) {
      throw new HttpError(400, SHARE_MESSAGES.pinInvalid, { pin: SHARE_MESSAGES.pinInvalid });
    }
    await Promise.all([limiter.reset(client.key), limiter.refund(total.key)]);
    addGrant(sessionSecret, req, reply, { cvId, shareId: share.id }, secureCookies);
    const result: UnlockedCv = {
      cv: { _id: cv.id, template: resolveTemplateId(share.template) },
      data: await sharedCvData(deps, cv.user_id, share.include_photo === 1),
    };
    return result;
  });

  r.post('/api/share-cv/track-view', { schema: { tags, body: trackViewSchema } }, async (req) => {
    const cvId = req.body.curriculumVitaeID;
    const grant = grantFor(sessionSecret, req, cvId);
    const share = grant ? await repo.shareOfCv(cvId, grant.s) : undefined;
    if (!share) throw new HttpError(403, SHARE_MESSAGES.notUnlocked);
    await enforceLimits(limiter, [
      { key: `share-track:${cvId}:${req.ip}`, limit: 10, windowMs: UNLOCK_LOCKOUT_MS },
    ]);
    // Who viewed comes from the share the pin matched, never from what the browser says.
    const recipientEmail = recipientsOf(share)[0]?.email ?? ANONYMOUS_VIEWER_EMAIL;
    const recipientName = share.recipient_name?.trim() || ANONYMOUS_VIEWER_NAME;
    const userAgent = stripUnsupported(
      (req.headers['user-agent'] ?? req.body.userAgent ?? 'unknown').slice(0, 500),
    );
    const view = await repo.recordView({
      cvId,
      ownerUserId: share.user_id,
      shareId: share.id,
      recipientEmail,
      recipientName,
      ipAddress: req.ip,
      userAgent,
    });
    await notifyUser(deps, share.user_id, {
      type: 'cv-viewed',
      title: SHARE_MESSAGES.viewedTitle,
      message: `${recipientName} (${recipientEmail}) viewed your CV on ${whenText(view.createdAt)}.`,
      recipientEmail,
      shareCVId: share.id,
    });
    deps.events.publish('cv.viewed', {
      userId: share.user_id,
      curriculumVitaeID: cvId,
      recipientEmail,
      recipientName,
      viewedAt: view.createdAt,
    });
    return { success: true };
  });

  /** The CV data for its owner, or for a browser that unlocked it (a reload of the viewer). */
  r.post(
    '/api/curriculum-vitae/view',
    { schema: { tags, body: z.object({ id: singleLineText().max(64) }) } },
    async (req) => {
      const cvId = req.body.id;
      const cv = hexId.safeParse(cvId).success ? await repo.cvById(cvId) : undefined;
      if (!cv) throw new HttpError(404, CV_NOT_FOUND);
      if (req.user?.id === cv.user_id) {
        const own: UnlockedCv = {
          cv: { _id: cv.id, template: resolveTemplateId(cv.template) },
          data: await sharedCvData(deps, cv.user_id, true),
        };
        return own;
      }
      const grant = grantFor(sessionSecret, req, cvId);
      const share = grant ? await repo.shareOfCv(cvId, grant.s) : undefined;
      if (!share) throw new HttpError(403, SHARE_MESSAGES.notUnlocked);
      const shared: UnlockedCv = {
        cv: { _id: cv.id, template: resolveTemplateId(share.template) },
        data: await sharedCvData(deps, cv.user_id, share.include_photo === 1),
      };
      return shared;
    },
  );
}
