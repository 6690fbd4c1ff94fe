import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import {
  AUTH_MESSAGES,
  PASSKEYS,
  PASSKEY_MESSAGES,
  cvToSaveId,
  idParams,
  passkeyAddSchema,
  passkeyListSchema,
  passkeyLoginSchema,
  passkeyOptionsSchema,
  passkeyRegisterOptionsSchema,
  passkeyRenameSchema,
  passkeySchema,
  userSchema,
} from '@vitae/core';
import type { AppDeps } from '../deps.ts';
import { HttpError, notFound } from '../plugins/errors.ts';
import { enforceLimits, refundLimits } from '../plugins/rate-limit.ts';
import { errorResponses } from '../plugins/responses.ts';
import { requireUser } from '../plugins/session.ts';
import { LOGIN_LIMITS } from './auth-limits.ts';
import { authRepo } from './auth.repo.ts';
import { verifyPassword } from './password.ts';
import { passkeysRepo, toApiPasskey, type ChallengePurpose } from './passkeys.repo.ts';
import type { FinishSignIn } from './finish-sign-in.ts';

const tags = ['auth'];
const MINUTE = 60_000;

/** The relying party: Vitae's own address, from PUBLIC_URL (docs/operations.md). */
export function relyingParty(publicUrl: string) {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin, name: 'Vitae' };
}

const invalid = (message: string) => new HttpError(400, message, { general: message });

/** The parts of the browser's clientDataJSON checked here, before the library's checks. */
function clientDataOf(clientDataJSON: string): { type: string; challenge: string; origin: string } {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    const { type, challenge, origin } = data;
    if (typeof type === 'string' && typeof challenge === 'string' && typeof origin === 'string') {
      if (challenge.length > 0 && challenge.length <= 512) return { type, challenge, origin };
    }
  } catch {
    // Falls through to the refusal below.
  }
  throw invalid(PASSKEY_MESSAGES.responseInvalid);
}

/**
 * Settings → Passkeys (list, add with the password first, rename, remove) and signing in with
 * a passkey, which counts as both steps (decision 0023).
 */
export async function passkeyRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  finishSignIn: FinishSignIn,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, limiter, config } = deps;
  const repo = passkeysRepo(db);
  const users = authRepo(db);
  const rp = relyingParty(config.publicUrl);
  const timeout = PASSKEYS.challengeMinutes * MINUTE;

  /**
   * The checks of the signed client data the library would also make, with clear messages:
   * the ceremony's kind, this site's origin, and a challenge Vitae handed out for this purpose
   * and has not seen back yet (used up here, whatever the rest of the answer holds).
   */
  async function takeChallenge(
    clientDataJSON: string,
    purpose: ChallengePurpose,
    userId: string | null,
  ): Promise<string> {
    const data = clientDataOf(clientDataJSON);
    const kind = purpose === 'register' ? 'webauthn.create' : 'webauthn.get';
    if (data.type !== kind) throw invalid(PASSKEY_MESSAGES.wrongKind);
    if (data.origin !== rp.origin) throw invalid(PASSKEY_MESSAGES.wrongOrigin);
    if (!(await repo.useChallenge(data.challenge, purpose, userId))) {
      throw invalid(PASSKEY_MESSAGES.challengeInvalid);
    }
    return data.challenge;
  }

  /** A refusal from the library: what the person can do about it, the detail in the log. */
  function refused(req: FastifyRequest, err: unknown): HttpError {
    const detail = err instanceof Error ? err.message : String(err);
    req.log.info({ detail }, 'passkey answer refused');
    return invalid(
      /user verification/i.test(detail)
        ? PASSKEY_MESSAGES.userNotVerified
        : PASSKEY_MESSAGES.notVerified,
    );
  }

  async function listOf(userId: string) {
    return { passkeys: (await repo.listOf(userId)).map(toApiPasskey), max: PASSKEYS.max };
  }

  r.get(
    '/auth/user/passkeys',
    {
      schema: {
        tags,
        description: "The account's passkeys: name, when added, when last used",
        response: { 200: passkeyListSchema, ...errorResponses },
      },
    },
    async (req) => listOf(requireUser(req).id),
  );

  r.post(
    '/auth/user/passkeys/register-options',
    {
      schema: {
        tags,
        description: 'Start adding a passkey (the password first): options for the browser',
        body: passkeyRegisterOptionsSchema,
        response: { 200: passkeyOptionsSchema, ...errorResponses },
      },
    },
    async (req) => {
      const user = requireUser(req);
      // Passwords tried here count like the sign-in's, per account; a right one gives it back.
      const rule = { key: `passkey-password:${user.id}`, ...LOGIN_LIMITS.device };
      await enforceLimits(limiter, [rule]);
      if (!(await verifyPassword(user.password_hash, req.body.password))) {
        const message = PASSKEY_MESSAGES.wrongPassword;
        throw new HttpError(400, message, { password: message });
      }
      await refundLimits(limiter, [rule]);
      const existing = await repo.listOf(user.id);
      if (existing.length >= PASSKEYS.max) throw new HttpError(409, PASSKEY_MESSAGES.tooMany);
      const options = await generateRegistrationOptions({
        rpName: rp.name,
        rpID: rp.id,
        userName: user.email,
        userDisplayName: user.full_name,
        userID: new Uint8Array(Buffer.from(user.id, 'utf8')),
        timeout,
        attestationType: 'none',
        excludeCredentials: existing.map((p) => ({
          id: p.credential_id,
          ...(p.transports ? { transports: p.transports.split(',') } : {}),
        })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      await repo.saveChallenge(options.challenge, 'register', user.id);
      return { options: options as unknown as Record<string, unknown> };
    },
  );

  r.post(
    '/auth/user/passkeys',
    {
      schema: {
        tags,
        description: "Finish adding a passkey: its name and the browser's answer",
        body: passkeyAddSchema,
        response: { 201: passkeySchema, ...errorResponses },
      },
    },
    async (req, reply) => {
      const user = requireUser(req);
      const { name, response } = req.body;
      const challenge = await takeChallenge(response.response.clientDataJSON, 'register', user.id);
      let verified;
      try {
        verified = await verifyRegistrationResponse({
          response: {
            ...response,
            authenticatorAttachment: response.authenticatorAttachment ?? undefined,
          },
          expectedChallenge: challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          requireUserVerification: true,
        });
      } catch (err) {
        throw refused(req, err);
      }
      if (!verified.verified) throw invalid(PASSKEY_MESSAGES.notVerified);
      const { credential } = verified.registrationInfo;
      const added = await repo.add({
        userId: user.id,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: (response.response.transports ?? []).filter((t) => /^[a-z-]{1,20}$/.test(t)),
        name,
      });
      if (added === 'full') throw new HttpError(409, PASSKEY_MESSAGES.tooMany);
      if (added === 'known') throw new HttpError(409, PASSKEY_MESSAGES.alreadyAdded);
      req.log.info({ userId: user.id }, 'passkey added');
      return reply.status(201).send(toApiPasskey(added));
    },
  );

  r.patch(
    '/auth/user/passkeys/:id',
    {
      schema: {
        tags,
        description: 'Rename a passkey',
        params: idParams,
        body: passkeyRenameSchema,
        response: { 200: passkeySchema, ...errorResponses },
      },
    },
    async (req) => {
      const user = requireUser(req);
      const row = await repo.rename(user.id, req.params.id, req.body.name);
      if (!row) throw notFound(PASSKEY_MESSAGES.notFound);
      return toApiPasskey(row);
    },
  );

  r.delete(
    '/auth/user/passkeys/:id',
    {
      schema: {
        tags,
        description: 'Remove a passkey (the password still signs in)',
        params: idParams,
        response: { 200: passkeyListSchema, ...errorResponses },
      },
    },
    async (req) => {
      const user = requireUser(req);
      if (!(await repo.remove(user.id, req.params.id))) throw notFound(PASSKEY_MESSAGES.notFound);
      req.log.info({ userId: user.id }, 'passkey removed');
      return listOf(user.id);
    },
  );

  r.post(
    '/auth/user/passkeys/sign-in-options',
    {
      schema: {
        tags,
        description: 'Start signing in with a passkey: options for the browser (any account)',
        body: z.object({}).strict().nullish(),
        response: { 200: passkeyOptionsSchema, ...errorResponses },
      },
    },
    async (req) => {
      // Each stores a challenge for minutes: per address, so no one fills the table.
      await enforceLimits(limiter, [
        { key: `passkey-options:ip:${req.ip}`, limit: 60, windowMs: 15 * MINUTE },
      ]);
      const options = await generateAuthenticationOptions({
        rpID: rp.id,
        timeout,
        userVerification: 'required',
      });
      await repo.saveChallenge(options.challenge, 'sign-in', null);
      return { options: options as unknown as Record<string, unknown> };
    },
  );

  r.post(
    '/auth/user/login-passkey',
    {
      schema: {
        tags,
        description: 'Sign in with a passkey (no password; it counts as both steps)',
        body: passkeyLoginSchema,
        response: {
          200: z.object({ success: z.boolean(), user: userSchema }),
          ...errorResponses,
        },
      },
    },
    async (req, reply) => {
      const { response, HRIntent, cvToSave } = req.body;
      // Failed answers count per address like wrong passwords; a sign-in gives its attempt back.
      const rule = { key: `login:passkey:ip:${req.ip}`, ...LOGIN_LIMITS.address };
      await enforceLimits(limiter, [rule]);
      const challenge = await takeChallenge(response.response.clientDataJSON, 'sign-in', null);
      const passkey = await repo.byCredentialId(response.id);
      if (!passkey || response.rawId !== response.id) {
        throw invalid(PASSKEY_MESSAGES.unknownPasskey);
      }
      const handle = response.response.userHandle;
      if (handle && handle !== Buffer.from(passkey.user_id, 'utf8').toString('base64url')) {
        throw invalid(PASSKEY_MESSAGES.notVerified);
      }
      const counter = Number(passkey.counter);
      let verified;
      try {
        verified = await verifyAuthenticationResponse({
          response: {
            ...response,
            response: { ...response.response, userHandle: handle ?? undefined },
            authenticatorAttachment: response.authenticatorAttachment ?? undefined,
          },
          expectedChallenge: challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          credential: {
            id: passkey.credential_id,
            publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')),
            counter,
          },
          requireUserVerification: true,
        });
      } catch (err) {
        throw refused(req, err);
      }
      if (!verified.verified) throw invalid(PASSKEY_MESSAGES.notVerified);
      // Of two answers signed with one counter value only one counts (a cloned authenticator).
      if (!(await repo.used(passkey.id, counter, verified.authenticationInfo.newCounter))) {
        throw invalid(PASSKEY_MESSAGES.notVerified);
      }
      const user = await users.findById(passkey.user_id);
      if (!user) throw invalid(PASSKEY_MESSAGES.unknownPasskey);
      await refundLimits(limiter, [rule]);
      if (!user.is_verified) {
        throw new HttpError(403, AUTH_MESSAGES.notVerified, {
          notVerified: AUTH_MESSAGES.notVerified,
        });
      }
      req.log.info({ userId: user.id }, 'passkey sign-in');
      return finishSignIn(req, reply, user, user.email.toLowerCase(), {
        hr: HRIntent === true,
        pending: cvToSaveId(cvToSave),
      });
    },
  );
}
