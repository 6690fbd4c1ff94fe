import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IDENTITY_MESSAGES,
  IDENTITY_SIGN_IN_MINUTES,
  TWO_STEP,
  VERIFY_TOKEN_TTL_HOURS,
  authOkSchema,
  identityProvidersSchema,
  linkIntentAnswerSchema,
  linkIntentSchema,
  linkedIdentitiesSchema,
  stripUnsupported,
} from '@vitae/core';
import type { AppDeps } from '../deps.ts';
import type { UserRow } from '../db/database.ts';
import { requiredProviderFor } from '../config-identity-providers.ts';
import { HttpError } from '../plugins/errors.ts';
import { enforceLimits } from '../plugins/rate-limit.ts';
import { errorResponses } from '../plugins/responses.ts';
import { requireUser } from '../plugins/session.ts';
import { LOGIN_LIMITS, passwordGeneration } from './auth-limits.ts';
import { authRepo } from './auth.repo.ts';
import { verificationEmail } from './auth.emails.ts';
import type { FinishSignIn } from './finish-sign-in.ts';
import { identitiesRepo } from './identities.repo.ts';
import {
  identityProviderClient,
  type IdentityProviderClient,
  type ProviderAccount,
} from './identity-provider-client.ts';
import { hasPassword, noPasswordMarker, verifyPassword } from './password.ts';
import { twoStepRepo } from './two-step.repo.ts';

const MINUTE = 60_000;
const tags = ['auth'];
/** Binds a sign-in at a provider to the browser that started it (login CSRF). */
export const IDENTITY_STATE_COOKIE = 'vitae_oidc_state';
const COOKIE_PATH = '/auth/oidc';
const CALLBACK_LIMIT = { limit: 30, windowMs: 15 * MINUTE };

/** A refused provider sign-in: a page with the reason and a way back (the browser is there). */
class PageError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly back = '/login',
  ) {
    super(message);
  }
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function page(reply: FastifyReply, err: PageError) {
  const message = escapeHtml(err.message);
  const back = err.back === '/login' ? 'Back to sign in' : 'Back to Settings';
  return reply
    .status(err.status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
        `<meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>Sign-in not finished · Vitae</title><style>` +
        `body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#1f2937}` +
        `h1{font-size:1.4rem}a{color:#2563eb}</style></head><body>` +
        `<h1>Sign-in not finished</h1><p role="alert">${message}</p>` +
        `<p><a href="${err.back}">${back}</a></p></body></html>`,
    );
}

/** Strips what a name may not hold and keeps it to the account form's length. */
const cleanName = (name: string) =>
  Array.from(stripUnsupported(name.replace(/\s+/g, ' ')).trim())
    .slice(0, 100)
    .join('')
    .trim();

/**
 * Sign-in with an identity provider (OpenID Connect, decision 0024): the configured providers,
 * the start (state, nonce and PKCE kept server-side for ten minutes, single use, and the state
 * bound to the browser by a cookie), the callback (sign-in, sign-up or link), and Settings'
 * list, link (after a password check) and unlink (only while another way in remains).
 */
export async function identityRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  finishSignIn: FinishSignIn,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, limiter, config, mailer } = deps;
  const repo = identitiesRepo(db);
  const users = authRepo(db);
  const twoStep = twoStepRepo(db);
  const secureCookies = config.publicUrl.startsWith('https:');
  const clients = new Map<string, IdentityProviderClient>(
    config.identityProviders.map((p) => [
      p.id,
      identityProviderClient(p, `${config.publicUrl}/auth/oidc/${p.id}/callback`),
    ]),
  );
  const providerList = config.identityProviders.map(({ id, name }) => ({ id, name }));
  const nameOf = (id: string) => clients.get(id)?.provider.name ?? id;

  /** Sends the browser to the provider, remembering the checks its answer must pass. */
  async function begin(
    req: FastifyRequest,
    reply: FastifyReply,
    client: IdentityProviderClient,
    mode: 'signin' | 'link',
    userId: string | null,
  ): Promise<string> {
    let started;
    try {
      started = await client.start();
    } catch (err) {
      req.log.warn({ provider: client.provider.id, err: (err as Error).message }, 'oidc discovery');
      throw new HttpError(503, IDENTITY_MESSAGES.providerUnavailable);
    }
    await repo.startSignIn({
      state: started.state,
      provider: client.provider.id,
      mode,
      userId,
      nonce: started.nonce,
      verifier: started.verifier,
      ttlMs: IDENTITY_SIGN_IN_MINUTES * MINUTE,
    });
    void reply.setCookie(IDENTITY_STATE_COOKIE, started.state, {
      path: COOKIE_PATH,
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookies,
      maxAge: IDENTITY_SIGN_IN_MINUTES * 60,
    });
    return started.url;
  }

  r.get(
    '/auth/providers',
    {
      schema: {
        tags,
        description: 'The identity providers people may sign in with (names only)',
        response: { 200: identityProvidersSchema, ...errorResponses },
      },
    },
    async () => ({ providers: providerList }),
  );

  // The browser comes here from the sign-in and sign-up pages' buttons, so answers are pages.
  app.get<{ Params: { provider: string }; Querystring: Record<string, unknown> }>(
    '/auth/oidc/:provider/start',
    {
      // A GET by the protocol: it remembers the sign-in's checks (decision 0024).
      config: { writesOnGet: true },
      // A browser's page (a redirect or a page saying why not), not an API: not in the API's map.
      schema: { hide: true, description: 'Go to the provider to sign in or sign up (a redirect)' },
    },
    async (req, reply) => {
      try {
        const client = clients.get(req.params.provider);
        if (!client) throw new PageError(404, IDENTITY_MESSAGES.unknownProvider);
        if (req.query.mode !== undefined && req.query.mode !== 'signin') {
          throw new PageError(400, IDENTITY_MESSAGES.linkFromSettings, '/app/settings');
        }
        await enforceLimits(limiter, [{ key: `oidc-start:ip:${req.ip}`, ...CALLBACK_LIMIT }]);
        return reply.redirect(await begin(req, reply, client, 'signin', null));
      } catch (err) {
        if (err instanceof HttpError)
          return page(reply, new PageError(err.statusCode, err.message));
        if (err instanceof PageError) return page(reply, err);
        throw err;
      }
    },
  );

  app.get<{ Params: { provider: string }; Querystring: Record<string, unknown> }>(
    '/auth/oidc/:provider/callback',
    {
      // A GET by the protocol: it signs in, signs up or links (decision 0024).
      config: { writesOnGet: true },
      schema: { hide: true, description: 'The provider sends the browser back here (a redirect)' },
    },
    async (req, reply) => {
      try {
        return await callback(req, reply);
      } catch (err) {
        if (err instanceof HttpError)
          return page(reply, new PageError(err.statusCode, err.message));
        if (err instanceof PageError) return page(reply, err);
        throw err;
      }
    },
  );

  async function callback(
    req: FastifyRequest<{ Params: { provider: string }; Querystring: Record<string, unknown> }>,
    reply: FastifyReply,
  ) {
    await enforceLimits(limiter, [{ key: `oidc-callback:ip:${req.ip}`, ...CALLBACK_LIMIT }]);
    const client = clients.get(req.params.provider);
    if (!client) throw new PageError(404, IDENTITY_MESSAGES.unknownProvider);
    const state = typeof req.query.state === 'string' ? req.query.state : '';
    const bound = req.cookies[IDENTITY_STATE_COOKIE];
    void reply.clearCookie(IDENTITY_STATE_COOKIE, { path: COOKIE_PATH });
    // The state must be the one this browser was sent off with, and not used before.
    const expired = new PageError(400, IDENTITY_MESSAGES.signInExpired);
    if (!state || state.length > 512 || bound !== state) throw expired;
    const started = await repo.takeSignIn(state, client.provider.id);
    if (!started) throw expired;
    const back = started.mode === 'link' ? '/app/settings' : '/login';
    if (typeof req.query.error === 'string') {
      throw new PageError(400, IDENTITY_MESSAGES.providerCancelled, back);
    }
    let account: ProviderAccount;
    try {
      account = await client.finish(new URL(req.url, config.publicUrl), {
        state,
        nonce: started.nonce_secret,
        verifier: started.verifier_secret,
      });
    } catch (err) {
      // A wrong nonce, PKCE verifier, signature or issuer, or a code already used.
      req.log.warn({ provider: client.provider.id, err: (err as Error).message }, 'oidc refused');
      throw new PageError(400, IDENTITY_MESSAGES.signInRefused, back);
    }
    if (started.mode === 'link') return finishLink(req, reply, client, account, started.user_id);
    return finishProviderSignIn(req, reply, client, account);
  }

  async function finishLink(
    req: FastifyRequest,
    reply: FastifyReply,
    client: IdentityProviderClient,
    account: ProviderAccount,
    userId: string | null,
  ) {
    if (!req.user || req.user.id !== userId) {
      throw new PageError(400, IDENTITY_MESSAGES.linkSignedOut, '/app/settings');
    }
    if (!(await repo.link(req.user.id, client.provider.id, account.subject, account.email))) {
      throw new PageError(409, IDENTITY_MESSAGES.linkedElsewhere, '/app/settings');
    }
    req.log.info({ userId: req.user.id, provider: client.provider.id }, 'identity linked');
    return reply.redirect(`/app/settings?linked=${encodeURIComponent(client.provider.id)}`);
  }

  async function finishProviderSignIn(
    req: FastifyRequest,
    reply: FastifyReply,
    client: IdentityProviderClient,
    account: ProviderAccount,
  ) {
    const provider = client.provider;
    const linked = await repo.findIdentity(provider.id, account.subject);
    let user: UserRow | undefined = linked ? await users.findById(linked.user_id) : undefined;
    const email = user?.email ?? account.email;
    if (!email) throw new PageError(400, IDENTITY_MESSAGES.noEmail);
    const required = requiredProviderFor(config.identityProviders, email);
    if (required && required.id !== provider.id) {
      throw new PageError(403, providerRequiredMessage(email, required.name));
    }
    if (!user) {
      user = await signUp(req, provider.id, account, account.email!);
      if (!user.is_verified) throw new PageError(200, IDENTITY_MESSAGES.verifyFirst);
    }
    if (!user.is_verified) {
      // The provider vouches for this very address: that verifies it, as the emailed link would.
      if (account.emailVerified && account.email?.toLowerCase() === user.email_lower) {
        user = await users.update(user.id, { is_verified: 1 });
      } else {
        throw new PageError(403, IDENTITY_MESSAGES.notVerified);
      }
    }
    // The provider stands in for the password; two-step sign-in, if on, still asks its code.
    if (await twoStep.isOn(user.id)) {
      const token = await twoStep.startLogin({
        userId: user.id,
        passwordGeneration: passwordGeneration(user.password_hash),
        hrIntent: false,
        cvToSave: null,
        ttlMs: TWO_STEP.pendingMinutes * MINUTE,
      });
      return reply.redirect(`/login?twoStep=${encodeURIComponent(token)}`);
    }
    try {
      // The same ending as a password's: session, device cookie, new-device email.
      await finishSignIn(req, reply, user, user.email_lower, { hr: false, pending: null });
    } catch (err) {
      // A password reset landed while the provider was asked.
      if (err instanceof HttpError && err.statusCode === 401) {
        throw new PageError(400, IDENTITY_MESSAGES.signInExpired);
      }
      throw err;
    }
    req.log.info({ userId: user.id, provider: provider.id }, 'user signed in with a provider');
    return reply.redirect(user.is_hr ? '/app/hr-dashboard' : '/app/dashboard');
  }

  /**
   * A new account for the provider's person. An account already holding the address is never
   * taken over: its owner signs in with the password and links the provider from Settings.
   */
  async function signUp(
    req: FastifyRequest,
    provider: string,
    account: ProviderAccount,
    email: string,
  ): Promise<UserRow> {
    const taken = new PageError(409, IDENTITY_MESSAGES.emailTaken);
    if (email.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      throw new PageError(400, IDENTITY_MESSAGES.noEmail);
    }
    if (await users.findByEmail(email)) throw taken;
    const created = await users.create({
      fullName: cleanName(account.name ?? '') || cleanName(email.split('@')[0]!) || 'Vitae user',
      email,
      passwordHash: noPasswordMarker(),
      isHr: false,
      pendingCvToSave: null,
    });
    if (!created) throw taken;
    if (!(await repo.link(created.id, provider, account.subject, account.email))) {
      // The same person's other sign-up got there first: this account is not needed.
      await db.deleteFrom('users').where('id', '=', created.id).execute();
      throw new PageError(409, IDENTITY_MESSAGES.linkedElsewhere);
    }
    req.log.info({ userId: created.id, provider }, 'user registered with a provider');
    if (account.emailVerified) return users.update(created.id, { is_verified: 1 });
    const token = await users.issueToken(
      created.id,
      'verify',
      VERIFY_TOKEN_TTL_HOURS * 60 * MINUTE,
    );
    const link = `${config.publicUrl}/email-verified/${token}`;
    try {
      await mailer.send(verificationEmail(created.email, created.full_name, link));
    } catch (err) {
      req.log.error({ userId: created.id, err: (err as Error).message }, 'account mail failed');
    }
    return created;
  }

  r.get(
    '/auth/user/identities',
    {
      schema: {
        tags,
        description: 'The provider accounts linked to mine, and the providers I may link',
        response: { 200: linkedIdentitiesSchema, ...errorResponses },
      },
    },
    async (req) => {
      const user = requireUser(req);
      const rows = await repo.listFor(user.id);
      return {
        identities: rows.map((row) => ({
          id: row.id,
          provider: row.provider,
          providerName: nameOf(row.provider),
          email: row.email,
          createdAt: row.created_at,
        })),
        hasPassword: hasPassword(user.password_hash),
        providers: providerList,
      };
    },
  );

  r.post(
    '/auth/user/identities/link-intent',
    {
      schema: {
        tags,
        description: 'Check the password, then go to the provider to link it (answers its URL)',
        body: linkIntentSchema,
        response: { 200: linkIntentAnswerSchema, ...errorResponses },
      },
    },
    async (req, reply) => {
      const user = requireUser(req);
      const client = clients.get(req.body.provider);
      if (!client) {
        const message = IDENTITY_MESSAGES.unknownProvider;
        throw new HttpError(400, message, { provider: message });
      }
      // Password attempts while signed in count like the sign-in's, per account.
      await enforceLimits(limiter, [
        { key: `login:identity-link:${user.id}`, ...LOGIN_LIMITS.device },
      ]);
      if (!(await verifyPassword(user.password_hash, req.body.password))) {
        const message = IDENTITY_MESSAGES.wrongPassword;
        throw new HttpError(400, message, { password: message });
      }
      return { url: await begin(req, reply, client, 'link', user.id) };
    },
  );

  r.delete(
    '/auth/user/identities/:id',
    {
      schema: {
        tags,
        description: 'Unlink a provider account (only while another way to sign in remains)',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: authOkSchema, ...errorResponses },
      },
    },
    async (req) => {
      const user = requireUser(req);
      const done = /^[0-9a-f]{24}$/.test(req.params.id)
        ? await repo.unlink(user.id, req.params.id)
        : 'not-found';
      if (done === 'not-found') throw new HttpError(404, IDENTITY_MESSAGES.notFound);
      if (done === 'last') throw new HttpError(409, IDENTITY_MESSAGES.lastWayIn);
      req.log.info({ userId: user.id }, 'identity unlinked');
      return { success: true };
    },
  );
}

/** Why a password sign-in (or a sign-in with another provider) is refused for this address. */
export function providerRequiredMessage(email: string, providerName: string): string {
  const domain = email.trim().toLowerCase().split('@').pop() ?? '';
  return `Accounts at ${domain} sign in with ${providerName}. Use “Sign in with ${providerName}”.`;
}
