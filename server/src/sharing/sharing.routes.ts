import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ANONYMOUS_VIEWER_EMAIL,
  ANONYMOUS_VIEWER_NAME,
  changeExpirySchema,
  DEFAULT_SHARE_EXPIRY_DAYS,
  NONE_ASSIGNED,
  resolveTemplateId,
  SHARE_MESSAGES,
  SHARES_PAGE_SIZE,
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
  videoProgressSchema,
  type SharedCvSummary,
  type ShareExpiryDays,
  type SharePage,
  type UnlockedCv,
} from '@vitae/core';
import type { AppDeps } from '../deps.ts';
import { isoIn, newId, nowIso } from '../db/ids.ts';
import { HttpError } from '../plugins/errors.ts';
import { sendConfirmed } from '../plugins/mailer.ts';
import { enforceLimits } from '../plugins/rate-limit.ts';
import { requireUser } from '../plugins/session.ts';
import { notifyUser } from '../notifications/index.ts';
import { photosRepo } from '../photos/index.ts';
import { hashViewPin, matchViewPin, newViewPin } from './view-pin.ts';
import { addGrant } from './unlock-grant.ts';
import { grantedShare as unlockedShare, sendClosed, type ShareAccess } from './share-access.ts';
import {
  latestViewSchema,
  shareClosedSchema,
  sharePageSchema,
  shareRecordSchema,
  shareSummarySchema,
  sharedCvSummarySchema,
  shareViewSchema,
  unlockedCvSchema,
} from '@vitae/core/responses/share';
import { errorResponses, noContent } from '../plugins/responses.ts';
import {
  closedReason,
  recipientOf,
  sharingRepo,
  toShareRecord,
  toShareSummary,
  type ShareRow,
} from './sharing.repo.ts';
import { deviceKind } from './device-kind.ts';
import { shareEmail } from './share-email.ts';
import { sharedCvData } from './shared-cv-data.ts';
import type { MediaScope } from '../media/index.ts';

/** A link whose share closed answers 410 with the reason (share-access.ts). */
const closed = { 410: shareClosedSchema, ...errorResponses };

const tags = ['sharing'];
const HOUR = 60 * 60 * 1000;
const hexId = z.string().regex(/^[0-9a-f]{24}$/);
/** `?share=` from the email's link: the share that link was sent for. */
const byCvIdQuery = z.object({ share: singleLineText().max(64).optional() });
const CV_NOT_FOUND = 'CV not found';
const SHARE_NOT_FOUND = 'Share not found';
const DAY = 24 * HOUR;
/** A resend of an expired share would mail a link that does not open. */
const SHARE_EXPIRED_RESEND = 'This share has expired. Change its expiry before sending it again.';
const pageQuery = z.object({
  page: z.coerce
    .number({ error: 'Page must be a whole number from 1' })
    .int('Page must be a whole number from 1')
    .min(1, 'Page must be a whole number from 1')
    .max(1_000_000, 'Page must be a whole number from 1')
    .optional(),
});

/** When a share made now with this choice expires (missing: the default 30 days). */
const expiryFrom = (days: ShareExpiryDays | undefined): string | null => {
  const d = days === undefined ? DEFAULT_SHARE_EXPIRY_DAYS : days;
  return d === null ? null : isoIn(d * DAY);
};

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

/** A recipient's media URLs end with their share (revoked, expired, or a new pin sent). */
const scopeOf = (share: { id: string; pin_generation: number }): MediaScope => ({
  shareId: share.id,
  generation: share.pin_generation,
});

/** The CV as a share shows it: the version and template it was sent with, its photo choice. */
async function unlockedByShare(
  deps: AppDeps,
  cv: { id: string; user_id: string },
  share: ShareRow,
): Promise<UnlockedCv> {
  return {
    cv: { _id: cv.id, template: resolveTemplateId(share.template) },
    data: await sharedCvData(deps, cv.user_id, share.include_photo === 1, scopeOf(share), cv.id),
    expiresAt: share.expires_at,
  };
}

/**
 * Sharing a CV by email with a view pin, and the pin-gated viewer's calls (design
 * section 3, departures 1 and 5): the pin never leaves the server and is checked there.
 */
export async function sharingRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, limiter, sessionSecret, config } = deps;
  const repo = sharingRepo(db);
  const secureCookies = config.publicUrl.startsWith('https:');
  const publicUrl = config.publicUrl.replace(/\/$/, '');

  /** Per user: 10 sends an hour, 30 a day (a wizard send to many recipients counts once). */
  const sendLimits = (userId: string) => [
    { key: `share:user:${userId}`, limit: 10, windowMs: HOUR },
    { key: `share:user-day:${userId}`, limit: 30, windowMs: 24 * HOUR },
  ];

  /**
   * The recipient's email: the link names its share, so the pin is checked against it alone.
   * Resolves only once it went out (with the mail queue, its job is waited for), so a share
   * is stored, answered and listed as sent only when its mail was.
   */
  const mailShare = (row: ShareRow, pin: string, senderName: string) =>
    sendConfirmed(
      deps.mailer,
      shareEmail({
        to: recipientOf(row),
        subject: row.subject,
        message: row.message,
        senderName,
        link: `${publicUrl}/view-shared-cv/${row.cv_id}?share=${row.id}`,
        pin,
        expiresAt: row.expires_at,
      }),
    );

  /** The share this browser unlocked the CV through (share-access.ts). */
  const grantedShare = (req: FastifyRequest, cvId: string): Promise<ShareAccess> =>
    unlockedShare(repo, sessionSecret, req, cvId);

  const sent = z.object({
    success: z.boolean(),
    data: shareSummarySchema,
    shares: z.array(shareSummarySchema),
  });
  const created = { tags, body: shareCvSchema, response: { 201: sent, ...errorResponses } };
  r.post('/api/share-cv', { schema: created }, async (req, reply) => {
    const user = requireUser(req);
    const body = req.body;
    const cv = await repo.ownCv(user.id, body.curriculumVitaeID);
    if (!cv) throw new HttpError(404, CV_NOT_FOUND);
    await enforceLimits(limiter, sendLimits(user.id), SHARE_MESSAGES.tooManyShares);
    const photoWanted = body.assignedPhotoUrl !== null && body.assignedPhotoUrl !== NONE_ASSIGNED;
    const createdAt = nowIso();
    const expiresAt = expiryFrom(body.expiresInDays);
    // One share per recipient, each with its own link and pin, so every view is attributable.
    const planned = body.recipients.map((rcp, i) => {
      const id = newId();
      const pin = newViewPin();
      const row: ShareRow = {
        id,
        cv_id: cv.id,
        user_id: user.id,
        subject: body.subject,
        message: body.message,
        // Kept (one entry) for readers of the list form, e.g. HR's direct-share check.
        recipients: JSON.stringify([{ email: rcp.email, key: rcp.key || `recipient-${i}` }]),
        recipient_email: rcp.email,
        recipient_name: null,
        template: body.CVTemplate ?? resolveTemplateId(cv.template),
        include_photo: photoWanted ? 1 : 0,
        pin_hash: hashViewPin(sessionSecret, id, pin),
        pin_generation: 0,
        expires_at: expiresAt,
        revoked_at: null,
        created_at: createdAt,
        // Its link names it, and only that link opens it.
        opens_by_cv_id: 0,
      };
      return { row, pin };
    });
    const senderName = await repo.displayName(user.id);
    const sent = await Promise.allSettled(
      planned.map(({ row, pin }) => mailShare(row, pin, senderName)),
    );
    if (sent.some((s) => s.status === 'rejected')) {
      // The error, never the mail (it holds the pin).
      const shareIds = planned.map((p) => p.row.id);
      req.log.error({ shareIds }, 'share email failed');
      // All or nothing, as the 502 says: a retry sends every recipient one live link again.
      // Nothing was stored, so the list never shows a share as sent whose mail never went
      // (the mails go first, and with the mail queue they take up to seconds).
      throw new HttpError(502, SHARE_MESSAGES.shareFailed);
    }
    await repo.createMany(planned.map((p) => p.row));
    const photo = photoWanted ? await photosRepo(deps).assignedUrl(user.id) : null;
    const shares = planned.map((p) =>
      toShareSummary({ ...p.row, view_count: 0, last_viewed_at: null }, photo),
    );
    return reply.status(201).send({ success: true, data: shares[0]!, shares });
  });

  const pageSchema = {
    tags,
    querystring: pageQuery,
    response: { 200: sharePageSchema, ...errorResponses },
  };
  r.get('/api/share-cv', { schema: pageSchema }, async (req) => {
    const user = requireUser(req);
    const page = req.query.page ?? 1;
    const { rows, total } = await repo.sharePage(user.id, page);
    const out: SharePage = {
      data: rows.map((row) => toShareSummary(row, null)),
      total,
      page,
      pageSize: SHARES_PAGE_SIZE,
    };
    return out;
  });

  const latest = {
    tags,
    response: { 200: z.object({ data: z.array(latestViewSchema) }), ...errorResponses },
  };
  r.get('/api/views/latest', { schema: latest }, async (req) => {
    const user = requireUser(req);
    return { data: await repo.latestViews(user.id) };
  });

  /** The caller's own share with its views counted: 404 for anyone else's. */
  const ownSummary = async (req: FastifyRequest, id: string) => {
    const user = requireUser(req);
    const row = hexId.safeParse(id).success ? await repo.ownSummary(user.id, id) : undefined;
    if (!row) throw new HttpError(404, SHARE_NOT_FOUND);
    return row;
  };

  const summary = { 200: shareSummarySchema, ...errorResponses };
  r.post(
    '/api/share-cv/:id/revoke',
    { schema: { tags, params: idParams, response: summary } },
    async (req) => {
      const row = await ownSummary(req, req.params.id);
      await repo.revoke(row.id);
      return toShareSummary((await repo.ownSummary(row.user_id, row.id))!, null);
    },
  );

  r.patch(
    '/api/share-cv/:id/expiry',
    { schema: { tags, params: idParams, body: changeExpirySchema, response: summary } },
    async (req) => {
      const row = await ownSummary(req, req.params.id);
      // From now, so an expired share can be reopened; a revoked one stays closed.
      const changed = await repo.setExpiry(row.id, expiryFrom(req.body.expiresInDays));
      if (!changed) throw new HttpError(409, SHARE_MESSAGES.shareClosed);
      return toShareSummary((await repo.ownSummary(row.user_id, row.id))!, null);
    },
  );

  r.post(
    '/api/share-cv/:id/resend',
    { schema: { tags, params: idParams, response: summary } },
    async (req) => {
      const row = await ownSummary(req, req.params.id);
      const reason = closedReason(row);
      if (reason === 'revoked') throw new HttpError(409, SHARE_MESSAGES.shareClosed);
      if (reason === 'expired') throw new HttpError(409, SHARE_EXPIRED_RESEND);
      // A resend mails a third party: it counts as a send.
      await enforceLimits(limiter, sendLimits(row.user_id), SHARE_MESSAGES.tooManyShares);
      const pin = newViewPin();
      const hash = hashViewPin(sessionSecret, row.id, pin);
      if (await repo.replacePin(row.id, row.pin_generation, hash)) {
        try {
          await mailShare(row, pin, await repo.displayName(row.user_id));
        } catch {
          req.log.error({ shareId: row.id }, 'share email failed');
          throw new HttpError(502, SHARE_MESSAGES.shareFailed);
        }
      }
      // Else a revoke or a parallel resend (which mailed its own pin) came first.
      const now = (await repo.ownSummary(row.user_id, row.id))!;
      if (now.revoked_at) throw new HttpError(409, SHARE_MESSAGES.shareClosed);
      return toShareSummary(now, null);
    },
  );

  const views = { 200: z.object({ data: z.array(shareViewSchema) }), ...errorResponses };
  r.get(
    '/api/share-cv/:id/views',
    { schema: { tags, params: idParams, response: views } },
    async (req) => {
      const row = await ownSummary(req, req.params.id);
      return { data: await repo.viewsOf(row.id) };
    },
  );

  /**
   * The shares a link opens: the one it names, or (a link naming none, mailed before links
   * named their share) the CV's shares of that time. Never every share of the CV: a pin
   * guessed by CV id would then be checked against every recipient's pin at once.
   */
  const linkShares = async (cvId: string, shareId: string | undefined) => {
    if (shareId === undefined) return repo.sharesOpenedByCvId(cvId);
    const one = hexId.safeParse(shareId).success ? await repo.shareOfCv(cvId, shareId) : undefined;
    return one ? [one] : [];
  };

  r.get(
    '/api/share-cv/by-cv-id/:id',
    {
      schema: {
        tags,
        params: idParams,
        querystring: byCvIdQuery,
        response: { 200: sharedCvSummarySchema, ...closed },
      },
    },
    async (req, reply) => {
      const cvId = req.params.id;
      const cv = hexId.safeParse(cvId).success ? await repo.cvById(cvId) : undefined;
      const shares = cv ? await linkShares(cv.id, req.query.share) : [];
      if (!cv || shares.length === 0) throw new HttpError(404, SHARE_MESSAGES.cvNotFound);
      const open = shares.filter((sh) => !closedReason(sh));
      // Newest first: a CV-id link whose shares all closed says why the newest did.
      if (!open.length) return sendClosed(reply, closedReason(shares[0]!)!);
      const summary: SharedCvSummary = {
        exists: true,
        curriculumVitaeID: cv.id,
        fullName: await repo.displayName(cv.user_id),
        ...(req.query.share !== undefined ? { expiresAt: open[0]!.expires_at } : {}),
      };
      return summary;
    },
  );

  const record = { 200: shareRecordSchema, ...errorResponses };
  r.get(
    '/api/share-cv/:id',
    { schema: { tags, params: idParams, response: record } },
    async (req) => {
      const user = requireUser(req);
      const id = req.params.id;
      // A share id, or (as the original client may send) the CV id: then its newest share.
      const row = hexId.safeParse(id).success
        ? ((await repo.ownShare(user.id, id)) ?? (await repo.newestShareOfCv(user.id, id)))
        : undefined;
      if (!row) throw new HttpError(404, SHARE_NOT_FOUND);
      const photo = row.include_photo ? await photosRepo(deps).assignedUrl(user.id) : null;
      return toShareRecord(row, photo);
    },
  );

  /**
   * A link locked for everyone has met many wrong pins from several places: its owner hears of
   * it once per lockout window, with what to do (issue 32), and the recipient's name, never the
   * guessers' addresses.
   */
  async function tellOwnerOfGuessing(cvId: string, share: ShareRow | undefined) {
    const ownerId = share?.user_id ?? (await repo.cvById(cvId))?.user_id;
    if (!ownerId) return;
    const once = { key: `share-unlock:told:${share?.id ?? cvId}`, limit: 1 };
    if (!(await limiter.hit(once.key, once.limit, UNLOCK_LOCKOUT_MS)).allowed) return;
    const link = share
      ? `the link you sent to ${share.recipient_email}`
      : 'an older link to your CV';
    await notifyUser(deps, ownerId, {
      type: 'share-pin-guessing',
      title: SHARE_MESSAGES.guessingTitle,
      message: `Many wrong view pins were tried on ${link}, so it is locked for 15 minutes. If you did not expect this, revoke the share or send a new pin from My shares.`,
      recipientEmail: share?.recipient_email ?? null,
      shareCVId: share?.id ?? null,
    });
  }

  const unlocked = { 200: unlockedCvSchema, ...closed };
  r.post(
    '/api/share-cv/unlock',
    { schema: { tags, body: unlockSchema, response: unlocked } },
    async (req, reply) => {
      const { cvId, shareId, pin } = req.body;
      // A closed link says so before any pin, and counts no failure.
      const named = shareId ? await repo.shareOfCv(cvId, shareId) : undefined;
      const namedClosed = named && closedReason(named);
      if (namedClosed) return sendClosed(reply, namedClosed);
      const { client, total } = unlockLimits(cvId, shareId, req.ip);
      // Every attempt counts before the check, so parallel guesses cannot outrun the limit;
      // a right pin then takes its count back from the link's total and clears the client's
      // own, so only failures lock: recipients opening their link never use it up. The client's
      // counter comes first, so a client already locked out cannot fill the total alone.
      await enforceLimits(limiter, [client], SHARE_MESSAGES.lockedOut);
      await enforceLimits(limiter, [total], SHARE_MESSAGES.lockedOut).catch(async (err) => {
        // A share id that names no share of this CV is nobody's link: nobody to tell.
        if (!shareId || named) await tellOwnerOfGuessing(cvId, named);
        throw err;
      });
      const cv = await repo.cvById(cvId);
      const shares = cv ? await linkShares(cvId, shareId) : [];
      const matched = /^\d{6}$/.test(pin) ? matchViewPin(sessionSecret, shares, pin) : null;
      const share = shares.find((s) => s.id === matched);
      if (!cv || !share) {
        throw new HttpError(400, SHARE_MESSAGES.pinInvalid, { pin: SHARE_MESSAGES.pinInvalid });
      }
      await Promise.all([limiter.reset(client.key), limiter.refund(total.key)]);
      // A CV-id link: the pin named a share that has closed since.
      const closed = closedReason(share);
      if (closed) return sendClosed(reply, closed);
      const grant = { cvId, shareId: share.id, generation: share.pin_generation };
      addGrant(sessionSecret, req, reply, grant, secureCookies);
      return unlockedByShare(deps, cv, share);
    },
  );

  r.post(
    '/api/share-cv/track-view',
    {
      schema: {
        tags,
        body: trackViewSchema,
        response: { 200: z.object({ success: z.boolean(), viewId: z.string() }), ...closed },
      },
    },
    async (req, reply) => {
      const cvId = req.body.curriculumVitaeID;
      const access = await grantedShare(req, cvId);
      if ('closed' in access) return sendClosed(reply, access.closed);
      const { share } = access;
      // Per share too: the unlock cookie works from any address, and each view notifies.
      await enforceLimits(limiter, [
        { key: `share-track:${cvId}:${req.ip}`, limit: 10, windowMs: UNLOCK_LOCKOUT_MS },
        { key: `share-track:share:${share.id}`, limit: 10, windowMs: UNLOCK_LOCKOUT_MS },
      ]);
      // Who viewed comes from the share the pin matched, never from what the browser says.
      const recipientEmail = recipientOf(share) || ANONYMOUS_VIEWER_EMAIL;
      // A known recipient is named by their address, not "Anonymous Viewer (their address)".
      const recipientName =
        share.recipient_name?.trim() || recipientOf(share) || ANONYMOUS_VIEWER_NAME;
      const viewer =
        recipientName === recipientEmail ? recipientEmail : `${recipientName} (${recipientEmail})`;
      const rawAgent = req.headers['user-agent'] ?? req.body.userAgent;
      const userAgent = stripUnsupported((rawAgent ?? 'unknown').slice(0, 500));
      const view = await repo.recordView({
        cvId,
        ownerUserId: share.user_id,
        shareId: share.id,
        recipientEmail,
        recipientName,
        ipAddress: req.ip,
        userAgent,
        deviceKind: deviceKind(rawAgent),
      });
      await notifyUser(deps, share.user_id, {
        type: 'cv-viewed',
        title: SHARE_MESSAGES.viewedTitle,
        // The time travels as data: the owner's browser shows it in their own time zone.
        message: `${viewer} viewed your CV.`,
        occurredAt: view.createdAt,
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
      return { success: true, viewId: view.id };
    },
  );

  r.post(
    '/api/share-cv/video-progress',
    {
      schema: {
        tags,
        body: videoProgressSchema,
        response: { 204: noContent('Recorded'), ...closed },
      },
    },
    async (req, reply) => {
      const { viewId, percent } = req.body;
      await enforceLimits(limiter, [
        { key: `share-video:${viewId}:${req.ip}`, limit: 200, windowMs: UNLOCK_LOCKOUT_MS },
      ]);
      // Only the browser that unlocked the share this view belongs to may report on it.
      const view = await repo.viewById(viewId);
      if (!view?.share_id) throw new HttpError(403, SHARE_MESSAGES.notUnlocked);
      const access = await grantedShare(req, view.cv_id);
      if ('closed' in access) return sendClosed(reply, access.closed);
      if (access.share.id !== view.share_id) throw new HttpError(403, SHARE_MESSAGES.notUnlocked);
      await repo.raiseVideoPercent(view.id, Math.round(Math.min(100, Math.max(0, percent))));
      return reply.status(204).send();
    },
  );

  /** The CV data for its owner, or for a browser that unlocked it (a reload of the viewer). */
  r.post(
    '/api/curriculum-vitae/view',
    {
      schema: {
        tags,
        body: z.object({ id: singleLineText().max(64) }),
        response: { 200: unlockedCvSchema, ...closed },
      },
    },
    async (req, reply) => {
      const cvId = req.body.id;
      const cv = hexId.safeParse(cvId).success ? await repo.cvById(cvId) : undefined;
      if (!cv) throw new HttpError(404, CV_NOT_FOUND);
      if (req.user?.id === cv.user_id) {
        const own: UnlockedCv = {
          cv: { _id: cv.id, template: resolveTemplateId(cv.template) },
          data: await sharedCvData(deps, cv.user_id, true, undefined, cv.id),
        };
        return own;
      }
      const access = await grantedShare(req, cvId);
      if ('closed' in access) return sendClosed(reply, access.closed);
      return unlockedByShare(deps, cv, access.share);
    },
  );
}
