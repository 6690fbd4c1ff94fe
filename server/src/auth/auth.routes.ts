import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AUTH_MESSAGES,
  RESET_TOKEN_TTL_HOURS,
  VERIFY_TOKEN_TTL_HOURS,
  cvToSaveId,
  enableHrSchema,
  forgotSchema,
  loginSchema,
  registerSchema,
  resendVerificationSchema,
  resetSchema,
  verifyEmailSchema,
  singleLineText,
  authOkSchema,
  userSchema,
  TWO_STEP,
  TWO_STEP_MESSAGES,
  twoStepLoginSchema,
} from '@vitae/core';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import type { UserRow } from '../db/database.ts';
import { HttpError } from '../plugins/errors.ts';
import type { Mail } from '../plugins/mailer.ts';
import { errorResponses } from '../plugins/responses.ts';
import { enforceLimits, refundLimits } from '../plugins/rate-limit.ts';
import { requireUser } from '../plugins/session.ts';
import { savePendingCv } from '../hr/index.ts';
import { authRepo, toApiUser } from './auth.repo.ts';
import { resetEmail, signInCodeEmail, verificationEmail } from './auth.emails.ts';
import { dummyHash, hashPassword, verifyPassword } from './password.ts';
import {
  SIGN_IN_CODE,
  loginLimits,
  mailRequestLimits,
  passwordGeneration,
  signInCodeRule,
} from './auth-limits.ts';
import { rememberDevice, trustedDevice } from './device-cookie.ts';
import { checkSecondStep, wrongSecondStep } from './two-step.ts';
import { twoStepRepo } from './two-step.repo.ts';
import { twoStepRoutes } from './two-step.routes.ts';
import { accountSecurityRoutes } from './account-security.routes.ts';
import { newSignInEmail } from './account-security.emails.ts';
import { agentPhrase, describeAgent } from './user-agent.ts';
import { signInPlace } from './sign-in-place.ts';
import { passkeyRoutes } from './passkeys.routes.ts';
import { identityRoutes, providerRequiredMessage } from './identities.routes.ts';
import { requiredProviderFor } from '../config-identity-providers.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const tag = { tags: ['auth'] };
const ok = { 200: authOkSchema, ...errorResponses };
const signedInSchema = z.object({ success: z.boolean(), user: userSchema });
const withUser = { 200: signedInSchema, ...errorResponses };
/** A right password for an account with two-step sign-in on: the code comes next. */
const codeNeededSchema = z.object({
  success: z.literal(false),
  twoStepRequired: z.literal(true),
  /** Single use, for `POST /auth/user/login-two-step` within five minutes. */
  twoStepToken: z.string(),
  message: z.string(),
});

export async function authRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = authRepo(deps.db);
  const twoStep = twoStepRepo(deps.db);
  const { db, limiter, sessions, mailer, config, sessionSecret } = deps;
  const secureCookies = config.publicUrl.startsWith('https:');

  /**
   * Sends an account mail; a refused one is logged (who and what, never the mail: it holds a
   * link) and the answer stays the usual one. A register has made the account and the login
   * screen offers to send the link again; forgot and resend must answer alike whether or not
   * the account exists, which a 500 for existing accounts only would tell.
   */
  async function mailAccount(req: FastifyRequest, userId: string, mail: Mail, purpose: string) {
    try {
      await mailer.send(mail);
    } catch (err) {
      req.log.error({ userId, purpose, err: (err as Error).message }, 'account mail failed');
    }
  }

  const wrongCode = () =>
    new HttpError(400, AUTH_MESSAGES.signInCodeWrong, { code: AUTH_MESSAGES.signInCodeWrong });

  /**
   * A new browser held back by the lock: with the right password, the account's address gets a
   * sign-in code. The answer is the same whatever the password, so the lock still tells a guesser
   * nothing, and a stranger's wrong guesses mail the owner nothing. Past the inbox's hourly cap
   * no new code is made, and the newest one mailed stays live.
   */
  async function offerSignInCode(
    req: FastifyRequest,
    account: string,
    user: UserRow | undefined,
    password: string,
  ) {
    const ok = await verifyPassword(user?.password_hash ?? (await dummyHash()), password);
    if (!user || !ok || !(await mailRequestLimits('sign-in-code', account, '').mayMail(limiter))) {
      return;
    }
    const code = await repo.issueSignInCode(user.id, SIGN_IN_CODE.ttlMs);
    await mailAccount(req, user.id, signInCodeEmail(user.email, user.full_name, code), 'sign-in');
  }

  /**
   * The code sent with a locked sign-in, checked before the password so the code step is no
   * password oracle either. Wrong codes count per account; past the limit the code is void.
   */
  async function checkSignInCode(account: string, user: UserRow | undefined, code: string) {
    const rule = signInCodeRule(account);
    try {
      await enforceLimits(limiter, [rule], AUTH_MESSAGES.tooManyWrongCodes);
    } catch (err) {
      if (user) await repo.voidSignInCodes(user.id);
      throw err;
    }
    if (!user || !/^\d{6}$/.test(code) || !(await repo.signInCodeLive(user.id, code))) {
      throw wrongCode();
    }
  }

  /**
   * An address whose company requires its identity provider (configuration): no password
   * sign-in or sign-up, only the provider's button.
   */
  function refuseRequiredDomain(email: string, status: 400 | 403) {
    const required = requiredProviderFor(config.identityProviders, email);
    if (!required) return;
    const message = providerRequiredMessage(email, required.name);
    throw new HttpError(status, message, { email: message, provider: required.id });
  }

  async function sendVerification(
    req: FastifyRequest,
    user: { id: string; email: string; full_name: string },
  ) {
    const token = await repo.issueToken(user.id, 'verify', VERIFY_TOKEN_TTL_HOURS * HOUR);
    const link = `${config.publicUrl}/email-verified/${token}`;
    await mailAccount(req, user.id, verificationEmail(user.email, user.full_name, link), 'verify');
  }

  r.get(
    '/auth/user/fetch-user',
    {
      schema: {
        ...tag,
        summary: 'The signed-in user, or null',
        response: { 200: z.object({ user: userSchema.nullable() }), ...errorResponses },
      },
    },
    async (req) => ({
      user: req.user ? toApiUser(req.user) : null,
    }),
  );

  r.post(
    '/auth/user/register',
    {
      schema: { ...tag, body: registerSchema, response: { 201: authOkSchema, ...errorResponses } },
    },
    async (req, reply) => {
      const b = req.body;
      refuseRequiredDomain(b.email, 400);
      await enforceLimits(limiter, [
        { key: `register:ip:${req.ip}`, limit: 10, windowMs: HOUR },
        { key: `register:email:${b.email.toLowerCase()}`, limit: 5, windowMs: HOUR },
      ]);
      const referrer = b.affiliatceIntroCode
        ? await repo.findByAffiliateCode(b.affiliatceIntroCode)
        : undefined;
      const user = await repo.create({
        fullName: b.fullName,
        email: b.email,
        passwordHash: await hashPassword(b.password),
        isHr: b.HRIntent === true,
        pendingCvToSave: cvToSaveId(b.cvToSave),
        referredBy: referrer?.id,
      });
      if (!user) {
        throw new HttpError(409, AUTH_MESSAGES.emailTaken, { email: AUTH_MESSAGES.emailTaken });
      }
      await sendVerification(req, user);
      req.log.info({ userId: user.id }, 'user registered');
      return reply.status(201).send({ success: true, message: AUTH_MESSAGES.registered });
    },
  );

  /**
   * The session and device cookie of a sign-in that passed every step; `HRIntent` and the CV
   * to save apply now. The session is made only while `user.password_hash` is still the
   * account's: a reset since the password was checked refuses it.
   */
  async function finishSignIn(
    req: FastifyRequest,
    reply: FastifyReply,
    user: UserRow,
    account: string,
    intent: { hr: boolean; pending: string | null },
  ) {
    const signedIn =
      intent.hr || intent.pending
        ? await repo.update(user.id, {
            ...(intent.hr ? { is_hr: 1 } : {}),
            ...(intent.pending ? { pending_cv_to_save: intent.pending } : {}),
          })
        : user;
    await savePendingCv(db, signedIn, { unlockedCvIds: [], final: false });
    // A new id at sign-in, so a session id planted before it (fixation) is worthless after.
    await sessions.destroy(req, reply);
    const userAgent = req.headers['user-agent'];
    const place = signInPlace(req, deps.config.sessionPlaceHeaders);
    if (!(await sessions.create(reply, user.id, user.password_hash, { userAgent, place }))) {
      // A password reset landed while the old password was being checked.
      throw new HttpError(401, AUTH_MESSAGES.invalidCredentials, {
        general: AUTH_MESSAGES.invalidCredentials,
      });
    }
    const newBrowser = !trustedDevice(sessionSecret, req, account);
    rememberDevice(sessionSecret, req, reply, account, secureCookies);
    req.log.info({ userId: user.id }, 'user signed in');
    if (newBrowser && (await signedInBefore(user))) {
      const agent = describeAgent(userAgent);
      const device = { phrase: agentPhrase(agent), kind: agent.deviceKind };
      const message = newSignInEmail(user.email, user.full_name, device, new Date());
      await mailAccount(req, user.id, message, 'new-sign-in');
    }
    return { success: true, user: toApiUser(signedIn) };
  }

  /**
   * Whether a sign-in from a browser new to the account is worth an email: not the account's
   * first (just after sign-up, any browser is new). Another live session, or an account older
   * than an hour, says it has been signed in to before.
   */
  async function signedInBefore(user: UserRow) {
    if (Date.now() - Date.parse(user.created_at) > HOUR) return true;
    const others = await db
      .selectFrom('sessions')
      .select('id_hash')
      .where('user_id', '=', user.id)
      .limit(2)
      .execute();
    return others.length > 1;
  }

  /**
   * Limits on authenticator and recovery codes: the password's rules on counters of their own
   * (per account and address, per address, per account from new browsers; a known browser
   * only on its own, and only slowed), so wrong codes sent from elsewhere never lock the
   * owner's browser out (decision 0019).
   */
  const codeLimits = (account: string, user: UserRow, ip: string, device: string | null) =>
    loginLimits(account, passwordGeneration(user.password_hash), ip, device, 'login:two-step');

  const login = {
    ...tag,
    body: loginSchema,
    response: { 200: z.union([signedInSchema, codeNeededSchema]), ...errorResponses },
  };
  r.post('/auth/user/login-web', { schema: login }, async (req, reply) => {
    const { email, password, code, HRIntent, cvToSave } = req.body;
    refuseRequiredDomain(email, 403);
    const account = email.toLowerCase();
    const user = await repo.findByEmail(email);
    const device = trustedDevice(sessionSecret, req, account);
    const limits = loginLimits(account, passwordGeneration(user?.password_hash), req.ip, device);
    const locked = await limits.enforce(limiter).then(
      () => null,
      (err: unknown) => {
        // A new browser held back by the lock may still get in with a code mailed to the account.
        if (device || !(err instanceof HttpError) || err.statusCode !== 429) throw err;
        return err;
      },
    );
    // With two-step sign-in on, the authenticator is the stronger second step: a new browser
    // held back by the lock gives its code with the password, and no code is emailed.
    const twoStepOn = user ? await twoStep.isOn(user.id) : false;
    if (locked && code === undefined) {
      if (twoStepOn) {
        const message = TWO_STEP_MESSAGES.lockedCodeNeeded;
        throw new HttpError(
          429,
          locked.message,
          { codeRequired: message, twoStepRequired: message },
          locked.headers,
        );
      }
      await offerSignInCode(req, account, user, password);
      throw new HttpError(
        429,
        locked.message,
        { codeRequired: AUTH_MESSAGES.signInCodeSent },
        locked.headers,
      );
    }
    // The code is checked before the password, so the locked step is no password oracle.
    let lockedStep: Awaited<ReturnType<typeof checkSecondStep>> = null;
    if (locked && user && twoStepOn) {
      lockedStep = await lockedSecondStep(account, user, req.ip, code ?? '');
    } else if (locked) {
      await checkSignInCode(account, user, code ?? '');
    }
    const ok = await verifyPassword(user?.password_hash ?? (await dummyHash()), password);
    if (!user || !ok) {
      throw new HttpError(401, AUTH_MESSAGES.invalidCredentials, {
        general: AUTH_MESSAGES.invalidCredentials,
      });
    }
    if (lockedStep) {
      if (!(await lockedStep.use())) throw wrongSecondStep(secondStepOf(code ?? ''));
    } else if (locked) {
      if (!(await repo.consumeSignInCode(user.id, code ?? ''))) throw wrongCode();
      // Its counters stay: clearing them would hand a stranger on this address fresh guesses.
      await refundLimits(limiter, [signInCodeRule(account)]);
    } else {
      await limits.succeeded(limiter);
    }
    if (!user.is_verified) {
      throw new HttpError(403, AUTH_MESSAGES.notVerified, {
        notVerified: AUTH_MESSAGES.notVerified,
      });
    }
    const intent = { hr: HRIntent === true, pending: cvToSaveId(cvToSave) };
    if (twoStepOn && !lockedStep) {
      // No session yet: the code finishes the sign-in, from this browser, within five minutes.
      const twoStepToken = await twoStep.startLogin({
        userId: user.id,
        passwordGeneration: passwordGeneration(user.password_hash),
        hrIntent: intent.hr,
        cvToSave: intent.pending,
        ttlMs: TWO_STEP.pendingMinutes * MINUTE,
      });
      return {
        success: false as const,
        twoStepRequired: true as const,
        twoStepToken,
        message: TWO_STEP_MESSAGES.codeNeeded,
      };
    }
    return finishSignIn(req, reply, user, account, intent);
  });

  /** `code` as a second step: six digits are the app's code, anything else a recovery code. */
  function secondStepOf(code: string) {
    const digits = code.replace(/\s+/g, '');
    return /^\d{6}$/.test(digits) ? { code: digits } : { recoveryCode: code };
  }

  /**
   * A locked new browser's authenticator (or recovery) code for a two-step account, counted on
   * the code limits; a wrong one is refused here, before the password is looked at.
   */
  async function lockedSecondStep(account: string, user: UserRow, ip: string, code: string) {
    await codeLimits(account, user, ip, null).enforce(limiter);
    const step = await checkSecondStep(db, sessionSecret, user.id, secondStepOf(code));
    if (!step) throw wrongSecondStep(secondStepOf(code));
    return step;
  }

  r.post(
    '/auth/user/login-two-step',
    {
      schema: {
        ...tag,
        summary: 'Finish a sign-in with the code from the authenticator app or a recovery code',
        body: twoStepLoginSchema,
        response: withUser,
      },
    },
    async (req, reply) => {
      const { token, code, recoveryCode } = req.body;
      const expired = () =>
        new HttpError(400, TWO_STEP_MESSAGES.signInExpired, {
          token: TWO_STEP_MESSAGES.signInExpired,
        });
      const pending = await twoStep.pendingLogin(token);
      const user = pending ? await repo.findById(pending.user_id) : undefined;
      if (
        !pending ||
        !user ||
        passwordGeneration(user.password_hash) !== pending.password_generation_hash
      ) {
        throw expired();
      }
      const account = user.email.toLowerCase();
      const device = trustedDevice(sessionSecret, req, account);
      const limits = codeLimits(account, user, req.ip, device);
      await limits.enforce(limiter);
      const step = await checkSecondStep(db, sessionSecret, user.id, { code, recoveryCode });
      if (!step || !(await step.use())) throw wrongSecondStep({ code, recoveryCode });
      if (!(await twoStep.finishLogin(token))) throw expired();
      await limits.succeeded(limiter);
      return finishSignIn(req, reply, user, account, {
        hr: Boolean(pending.hr_intent),
        pending: pending.cv_to_save,
      });
    },
  );

  r.post('/auth/user/logout', { schema: { ...tag, response: ok } }, async (req, reply) => {
    await sessions.destroy(req, reply);
    return { success: true };
  });

  r.post(
    '/auth/user/forgot',
    { schema: { ...tag, body: forgotSchema, response: ok } },
    async (req) => {
      const email = req.body.email.toLowerCase();
      const limits = mailRequestLimits('forgot', email, req.ip);
      await enforceLimits(limiter, limits.rules);
      const user = await repo.findByEmail(email);
      // Past the inbox's cap no new link is made: the newest one mailed stays the live one.
      if (user && (await limits.mayMail(limiter))) {
        const token = await repo.issueToken(user.id, 'reset', RESET_TOKEN_TTL_HOURS * HOUR);
        const link = `${config.publicUrl}/reset-password/${token}`;
        await mailAccount(req, user.id, resetEmail(user.email, user.full_name, link), 'reset');
      }
      // The same answer whether or not the account exists.
      return { success: true, message: AUTH_MESSAGES.forgotSent };
    },
  );

  r.get(
    '/auth/user/reset/:token',
    {
      schema: {
        ...tag,
        params: z.object({ token: singleLineText().max(200) }),
        response: { 200: z.object({ valid: z.boolean() }), ...errorResponses },
      },
    },
    async (req) => {
      const userId = await repo.peekToken(req.params.token, 'reset');
      if (!userId) throw new HttpError(400, AUTH_MESSAGES.resetInvalid);
      return { valid: true };
    },
  );

  r.post(
    '/auth/user/reset',
    { schema: { ...tag, body: resetSchema, response: ok } },
    async (req, reply) => {
      await enforceLimits(limiter, [{ key: `reset:ip:${req.ip}`, limit: 20, windowMs: HOUR }]);
      const userId = await repo.consumeToken(req.body.token, 'reset');
      if (!userId) throw new HttpError(400, AUTH_MESSAGES.resetInvalid);
      const passwordHash = await hashPassword(req.body.password);
      // The new password and the end of every old session in one step (SessionStore).
      // Owning the inbox proves the address, so a reset also verifies it.
      const user = await sessions.destroyAllFor(userId, async (trx) => {
        // Sign-ins that were waiting for their code end with the old password.
        await twoStepRepo(trx).dropLogins(userId);
        return authRepo(trx).update(userId, { password_hash: passwordHash, is_verified: 1 });
      });
      // The inbox's owner: this browser gets past an account-wide lockout others caused.
      if (user) rememberDevice(sessionSecret, req, reply, user.email.toLowerCase(), secureCookies);
      req.log.info({ userId }, 'password reset');
      return { success: true, message: AUTH_MESSAGES.resetDone };
    },
  );

  r.post(
    '/auth/user/enable-hr-dashboard',
    { schema: { ...tag, body: enableHrSchema.nullish(), response: withUser } },
    async (req) => {
      const user = requireUser(req);
      const pending = cvToSaveId(req.body?.cvToSave);
      const updated = await repo.update(user.id, {
        is_hr: 1,
        ...(pending ? { pending_cv_to_save: pending } : {}),
      });
      await savePendingCv(db, updated, { unlockedCvIds: [], final: false });
      return { success: true, user: toApiUser(updated) };
    },
  );

  r.post(
    '/auth/user/resend-verification-email',
    { schema: { ...tag, body: resendVerificationSchema, response: ok } },
    async (req) => {
      const email = req.body.email.toLowerCase();
      const limits = mailRequestLimits('resend', email, req.ip);
      await enforceLimits(limiter, limits.rules);
      const user = await repo.findByEmail(email);
      if (user && !user.is_verified && (await limits.mayMail(limiter))) {
        await sendVerification(req, user);
      }
      return { success: true, message: AUTH_MESSAGES.verificationSent };
    },
  );

  r.post(
    '/auth/user/verify-email',
    {
      schema: {
        ...tag,
        body: verifyEmailSchema,
        response: {
          200: z.object({
            success: z.boolean(),
            message: z.string(),
            isHR: z.boolean(),
            alreadyVerified: z.boolean().optional(),
          }),
          ...errorResponses,
        },
      },
    },
    async (req) => {
      const userId = await repo.consumeToken(req.body.id, 'verify');
      if (!userId) {
        // The link opened again after it worked: the address is verified, say so.
        const owner = await repo.usedTokenOwner(req.body.id, 'verify');
        const user = owner ? await repo.findById(owner) : undefined;
        if (!user?.is_verified) throw new HttpError(400, AUTH_MESSAGES.verificationInvalid);
        const message = AUTH_MESSAGES.alreadyVerified;
        return { success: true, message, isHR: Boolean(user.is_hr), alreadyVerified: true };
      }
      await repo.update(userId, { is_verified: 1 });
      // Only the token's holder (the account's owner) learns it: the page words its welcome.
      const isHR = Boolean((await repo.findById(userId))?.is_hr);
      return { success: true, message: AUTH_MESSAGES.verified, isHR };
    },
  );

  await twoStepRoutes(app, deps);
  await accountSecurityRoutes(app, deps);
  await passkeyRoutes(app, deps, finishSignIn);
  await identityRoutes(app, deps, finishSignIn);
}
