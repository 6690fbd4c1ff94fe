import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EMAIL_PREFERENCES,
  EMAIL_PREFERENCE_KEYS,
  EMAIL_PREFERENCE_MESSAGES,
  type EmailPreferenceKey,
} from '@vitae/core/email-preferences';
import type { AppDeps } from '../deps.ts';
import { escapeHtml } from '../plugins/mailer.ts';
import { enforceLimits } from '../plugins/rate-limit.ts';
import { errorResponses } from '../plugins/responses.ts';
import { requireUser } from '../plugins/session.ts';
import { emailPreferencesRepo, readUnsubscribeToken } from './email-preferences.ts';

/** Unsubscribe requests per address per 10 minutes: a person clicks a few links at most. */
export const UNSUBSCRIBES_PER_WINDOW = 30;

/** A change: any of the keys, each true or false; unknown keys are refused. */
const emailPreferencesPatchSchema = z
  .object(
    Object.fromEntries(
      EMAIL_PREFERENCE_KEYS.map((k) => [
        k,
        z.boolean({ error: EMAIL_PREFERENCE_MESSAGES.notBoolean }).optional(),
      ]),
    ) as Record<EmailPreferenceKey, z.ZodOptional<z.ZodBoolean>>,
  )
  .strict();

const answer = z.object({
  preferences: z.object(
    Object.fromEntries(EMAIL_PREFERENCE_KEYS.map((k) => [k, z.boolean()])) as Record<
      EmailPreferenceKey,
      z.ZodBoolean
    >,
  ),
});
const tokenQuery = z.object({ token: z.string().max(200).optional() });

/** A plain page: the unsubscribe link is opened from a mail client, without the web app. */
function page(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
        `<meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<meta name="robots" content="noindex">` +
        `<title>${escapeHtml(title)} · Vitae</title>` +
        `<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#0f172a;line-height:1.5}` +
        `button{font:inherit;font-weight:600;padding:.6rem 1.2rem;border-radius:.5rem;border:0;background:#1d4ed8;color:#fff;cursor:pointer}` +
        `a{color:#1d4ed8}</style></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`,
    );
}

/**
 * Email settings (issue 32): the signed-in user's "Email me when…" toggles, and the one-click
 * unsubscribe link of each optional email, which works without signing in. GET shows a
 * confirm page and changes nothing; POST (the page's button, or a mail client's RFC 8058
 * one-click request) turns that one email off for the user the signed token names.
 */
export async function emailPreferencesRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = emailPreferencesRepo(deps.db);
  const tags = ['email settings'];
  const settingsUrl = `${deps.config.publicUrl.replace(/\/$/, '')}/app/settings`;

  // RFC 8058's one-click POST is a form post (its body says "List-Unsubscribe=One-Click");
  // only the signed token in the address counts, so the body is read and ignored.
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string', bodyLimit: 4096 },
    (_req, _body, done) => done(null, undefined),
  );

  r.get(
    '/api/account/email-preferences',
    { schema: { tags, response: { 200: answer, ...errorResponses } } },
    async (req) => ({ preferences: (await repo.get(requireUser(req).id))! }),
  );

  r.patch(
    '/api/account/email-preferences',
    {
      schema: {
        tags,
        body: emailPreferencesPatchSchema,
        response: { 200: answer, ...errorResponses },
      },
    },
    async (req) => {
      const { id } = requireUser(req);
      await repo.set(id, req.body);
      return { preferences: (await repo.get(id))! };
    },
  );

  const limited = (ip: string) =>
    enforceLimits(deps.limiter, [
      { key: `email-unsubscribe:${ip}`, limit: UNSUBSCRIBES_PER_WINDOW, windowMs: 10 * 60_000 },
    ]);
  const badLink = (reply: FastifyReply) =>
    page(
      reply,
      400,
      'Link not valid',
      `<p>${escapeHtml(EMAIL_PREFERENCE_MESSAGES.badLink)}</p><p><a href="${escapeHtml(settingsUrl)}">Open Settings</a></p>`,
    );

  r.get(
    '/api/email/unsubscribe',
    { schema: { tags, querystring: tokenQuery, hide: true } },
    async (req, reply) => {
      await limited(req.ip);
      const found = readUnsubscribeToken(deps.sessionSecret, req.query.token ?? '');
      if (!found) return badLink(reply);
      const { topic } = EMAIL_PREFERENCES[found.key];
      const action = `/api/email/unsubscribe?token=${encodeURIComponent(req.query.token!)}`;
      return page(
        reply,
        200,
        'Unsubscribe',
        `<p>Stop ${escapeHtml(topic)}?</p>` +
          `<form method="post" action="${escapeHtml(action)}"><button type="submit">Unsubscribe</button></form>` +
          `<p>You can turn them back on in <a href="${escapeHtml(settingsUrl)}">Settings</a>.</p>`,
      );
    },
  );

  r.post(
    '/api/email/unsubscribe',
    { schema: { tags, querystring: tokenQuery, hide: true } },
    async (req, reply) => {
      await limited(req.ip);
      const found = readUnsubscribeToken(deps.sessionSecret, req.query.token ?? '');
      if (!found) return badLink(reply);
      await repo.set(found.userId, { [found.key]: false });
      const { topic } = EMAIL_PREFERENCES[found.key];
      return page(
        reply,
        200,
        'Unsubscribed',
        `<p>You will no longer get ${escapeHtml(topic)}.</p>` +
          `<p>You can turn them back on in <a href="${escapeHtml(settingsUrl)}">Settings</a>.</p>`,
      );
    },
  );
}
