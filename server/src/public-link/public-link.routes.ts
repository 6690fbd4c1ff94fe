import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParams,
  PUBLIC_LINK_MESSAGES,
  PUBLIC_LINK_SLUG,
  publicLinkSettingsSchema,
  resolveTemplateId,
  SHARE_MESSAGES,
  stripUnsupported,
  VERSION_MESSAGES,
  type PublicLinkCv,
} from '@vitae/core';
import { publicLinkCvSchema, publicLinkSchema } from '@vitae/core/responses/share';
import type { AppDeps } from '../deps.ts';
import { HttpError } from '../plugins/errors.ts';
import { enforceLimits } from '../plugins/rate-limit.ts';
import { errorResponses } from '../plugins/responses.ts';
import { requireUser } from '../plugins/session.ts';
import { notifyUser } from '../notifications/index.ts';
import { deviceKind, sharedCvData, sharingRepo } from '../sharing/index.ts';
import { publicLinkRepo } from './public-link.repo.ts';

const tags = ['public-link'];
const WINDOW_MS = 15 * 60_000;
// Checked in the handler: a malformed slug is a link that opens nothing (404), not bad input.
const slugParams = z.object({ slug: z.string().max(64) });
const link = { 200: publicLinkSchema, ...errorResponses };

/** Reading a link: generous for a reader, bounded for a scraper of one address. */
const readLimits = (ip: string) => [{ key: `link-read:${ip}`, limit: 120, windowMs: WINDOW_MS }];
/**
 * Views recorded: each notifies the owner and adds a row, so one address counts a few per
 * link and the link a bounded number an hour, however many strangers hold it.
 */
const viewLimits = (linkId: string, ip: string) => [
  { key: `link-view:${linkId}:${ip}`, limit: 10, windowMs: WINDOW_MS },
  { key: `link-view:${linkId}`, limit: 300, windowMs: 60 * 60_000 },
];

/**
 * A public link per CV version (issue 30; docs/api-deviations.md "Public links"): the owner
 * turns it on, off or resets it under the version; anyone holding `/cv/{slug}` reads the
 * version without a pin, and each view joins the owner's trail.
 */
export async function publicLinkRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = publicLinkRepo(deps.db);
  const base = '/api/curriculum-vitae/versions/:id/public-link';

  const ownVersion = async (userId: string, id: string) => {
    const version = await repo.ownVersion(userId, id);
    if (!version) throw new HttpError(404, VERSION_MESSAGES.notFound);
    return version;
  };

  r.get(base, { schema: { tags, params: idParams, response: link } }, async (req) => {
    const user = requireUser(req);
    await ownVersion(user.id, req.params.id);
    return repo.read(req.params.id);
  });

  r.put(
    base,
    { schema: { tags, params: idParams, body: publicLinkSettingsSchema, response: link } },
    async (req) => {
      const user = requireUser(req);
      const version = await ownVersion(user.id, req.params.id);
      const { enabled, ...settings } = req.body;
      if (enabled) await repo.enable(user.id, version.id, settings);
      else await repo.disable(version.id);
      return repo.read(version.id);
    },
  );

  r.post(`${base}/reset`, { schema: { tags, params: idParams, response: link } }, async (req) => {
    const user = requireUser(req);
    const version = await ownVersion(user.id, req.params.id);
    if (!(await repo.reset(version.id))) throw new HttpError(409, PUBLIC_LINK_MESSAGES.off);
    return repo.read(version.id);
  });

  /** The version behind a slug, or the one answer for "no such link", "off" and "reset". */
  const openLink = async (slug: string) => {
    const found = PUBLIC_LINK_SLUG.test(slug) ? await repo.bySlug(slug) : undefined;
    if (!found) throw new HttpError(404, PUBLIC_LINK_MESSAGES.notFound);
    return found;
  };

  r.get(
    '/api/cv-link/:slug',
    {
      schema: {
        tags,
        params: slugParams,
        response: { 200: publicLinkCvSchema, ...errorResponses },
      },
    },
    async (req, reply) => {
      await enforceLimits(deps.limiter, readLimits(req.ip), PUBLIC_LINK_MESSAGES.tooMany);
      const found = await openLink(req.params.slug);
      const data = await sharedCvData(
        deps,
        found.user_id,
        found.include_photo === 1,
        { linkId: found.id },
        found.cv_id,
      );
      // The page is public but not meant for search engines unless its owner said so.
      void reply.header('cache-control', 'private, no-store').header('x-robots-tag', 'noindex');
      const answer: PublicLinkCv = {
        cv: { _id: found.cv_id, template: resolveTemplateId(found.template) },
        data,
      };
      return answer;
    },
  );

  r.post(
    '/api/cv-link/:slug/view',
    {
      schema: {
        tags,
        params: slugParams,
        response: { 200: z.object({ viewId: z.string() }), ...errorResponses },
      },
    },
    async (req) => {
      const found = await openLink(req.params.slug);
      await enforceLimits(deps.limiter, viewLimits(found.id, req.ip), PUBLIC_LINK_MESSAGES.tooMany);
      const rawAgent = req.headers['user-agent'];
      const view = await sharingRepo(deps.db).recordView({
        cvId: found.cv_id,
        ownerUserId: found.user_id,
        shareId: null,
        recipientEmail: '',
        recipientName: '',
        viaLink: true,
        ipAddress: req.ip,
        userAgent: stripUnsupported((rawAgent ?? 'unknown').slice(0, 500)),
        deviceKind: deviceKind(rawAgent),
      });
      await notifyUser(deps, found.user_id, {
        type: 'cv-viewed',
        title: SHARE_MESSAGES.viewedTitle,
        message: PUBLIC_LINK_MESSAGES.viewedMessage,
        occurredAt: view.createdAt,
      });
      return { viewId: view.id };
    },
  );
}

/**
 * The robots header for a page path: `/cv/{slug}` pages are `noindex` unless the link's owner
 * let search engines list it; other pages are left alone (null).
 */
export function publicLinkRobots(deps: Pick<AppDeps, 'db'>) {
  const repo = publicLinkRepo(deps.db);
  return async (pathname: string): Promise<string | null> => {
    const m = /^\/cv\/([^/]+)\/?$/.exec(pathname);
    if (!m) return null;
    const slug = m[1]!;
    const found = PUBLIC_LINK_SLUG.test(slug) ? await repo.bySlug(slug) : undefined;
    return found?.indexable === 1 ? null : 'noindex';
  };
}
