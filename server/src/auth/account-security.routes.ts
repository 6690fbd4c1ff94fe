import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCOUNT_SECURITY,
  ACCOUNT_SECURITY_MESSAGES,
  AUTH_MESSAGES,
  changeEmailSchema,
  changePasswordSchema,
  confirmEmailChangeSchema,
  sessionIdParamsSchema,
  sessionListSchema,
  type SessionInfo,
} from '@vitae/core';
import type { AppDeps } from '../deps.ts';
import { isoIn, nowIso } from '../db/ids.ts';
import { isUniqueViolation, lockRow } from '../db/integrity.ts';
import { HttpError } from '../plugins/errors.ts';
import type { Mail } from '../plugins/mailer.ts';
import { enforceLimits, refundLimits, type LimitRule } from '../plugins/rate-limit.ts';
import { errorResponses } from '../plugins/responses.ts';
import { requireUser, SESSION_COOKIE } from '../plugins/session.ts';
import {
  confirmEmailChangeEmail,
  emailChangedEmail,
  passwordChangedEmail,
} from './account-security.emails.ts';
import { LOGIN_LIMITS, MAIL_LIMITS, passwordGeneration } from './auth-limits.ts';
import { authRepo } from './auth.repo.ts';
import { rememberDevice } from './device-cookie.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { twoStepRepo } from './two-step.repo.ts';
import { describeAgent } from './user-agent.ts';

const tags = ['auth'];
const HOUR = 60 * 60_000;
const M = ACCOUNT_SECURITY_MESSAGES;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const okSchema = z.object({ success: z.literal(true), message: z.string() });
const noBody = z.object({}).strict().nullish();
/** Change-email requests per account (each checks the password and may mail). */
const EMAIL_CHANGE_ASKS = { limit: 10, windowMs: HOUR };

/**
 * Settings → Your sessions (list, end one, end all others), Change password and Change email
 * (issue 34). Every route but the email link's needs the signed-in user; the password checks
 * count on the sign-in's per-browser limit, on counters of their own.
 */
export async function accountSecurityRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, limiter, sessions, mailer, config } = deps;
  const repo = authRepo(db);

  /** The stored key of the session this request came with. */
  const currentKey = (req: FastifyRequest) => sessions.keyFor(req.cookies[SESSION_COOKIE] ?? '');

  async function mail(req: FastifyRequest, userId: string, message: Mail, purpose: string) {
    try {
      await mailer.send(message);
    } catch (err) {
      req.log.error({ userId, purpose, err: (err as Error).message }, 'account mail failed');
    }
  }

  /** A password given in Settings: wrong ones count like sign-in's, per account. */
  async function checkPassword(kind: string, userId: string, hash: string, password: string) {
    const rules: LimitRule[] = [{ key: `login:${kind}:${userId}`, ...LOGIN_LIMITS.device }];
    await enforceLimits(limiter, rules);
    const ok = await verifyPassword(hash, password);
    if (ok) await refundLimits(limiter, rules);
    return ok;
  }

  r.get(
    '/auth/user/sessions',
    {
      schema: {
        tags,
        description: 'The signed-in sessions of this account, this one first',
        response: { 200: sessionListSchema, ...errorResponses },
      },
    },
    async (req) => {
      const user = requireUser(req);
      const mine = currentKey(req);
      const rows = await db
        .selectFrom('sessions')
        .select(['id_hash', 'public_id', 'user_agent', 'place', 'created_at', 'last_active_at'])
        .where('user_id', '=', user.id)
        .where('expires_at', '>', nowIso())
        .where('public_id', 'is not', null)
        .execute();
      const list: SessionInfo[] = rows.map((row) => ({
        id: row.public_id!,
        current: row.id_hash === mine,
        ...describeAgent(row.user_agent),
        place: row.place,
        createdAt: row.created_at,
        lastActiveAt: row.last_active_at ?? row.created_at,
      }));
      list.sort(
        (a, b) =>
          Number(b.current) - Number(a.current) || b.lastActiveAt.localeCompare(a.lastActiveAt),
      );
      return { sessions: list };
    },
  );

  r.delete(
    '/auth/user/sessions/:id',
    {
      schema: {
        tags,
        description: 'Sign out one other session of this account (its open pages are signed out)',
        params: sessionIdParamsSchema,
        response: { 200: okSchema, ...errorResponses },
      },
    },
    async (req) => {
      const user = requireUser(req);
      const current = await db
        .selectFrom('sessions')
        .select('public_id')
        .where('id_hash', '=', currentKey(req))
        .executeTakeFirst();
      if (current?.public_id === req.params.id) throw new HttpError(400, M.sessionIsCurrent);
      if (!(await sessions.destroyByPublicId(user.id, req.params.id))) {
        throw new HttpError(404, M.sessionNotFound);
      }
      req.log.info({ userId: user.id }, 'session ended from settings');
      return { success: true as const, message: 'Session signed out.' };
    },
  );

  r.post(
    '/auth/user/sessions/end-others',
    {
      schema: {
        tags,
        description: 'Sign out every other session of this account; this one stays',
        body: noBody,
        response: { 200: okSchema.extend({ ended: z.number() }), ...errorResponses },
      },
    },
    async (req) => {
      const user = requireUser(req);
      const { ended } = await sessions.destroyOthersFor(user.id, currentKey(req));
      req.log.info({ userId: user.id, ended }, 'other sessions ended');
      return { success: true as const, message: M.otherSessionsEnded, ended };
    },
  );

  r.post(
    '/auth/user/change-password',
    {
      schema: {
        tags,
        description: 'Change the password (the current one first); signs out every other session',
        body: changePasswordSchema,
        response: { 200: okSchema, ...errorResponses },
      },
    },
    async (req) => {
      const user = requireUser(req);
      const { currentPassword, password } = req.body;
      const wrong = () =>
        new HttpError(400, M.wrongCurrentPassword, { currentPassword: M.wrongCurrentPassword });
      if (!(await checkPassword('change-password', user.id, user.password_hash, currentPassword))) {
        throw wrong();
      }
      if (password === currentPassword) {
        throw new HttpError(400, M.samePassword, { password: M.samePassword });
      }
      const passwordHash = await hashPassword(password);
      const { result: changed } = await sessions.destroyOthersFor(
        user.id,
        currentKey(req),
        async (trx) => {
          // Under the user's lock: a change or reset that landed since the check wins.
          const now = await trx
            .selectFrom('users')
            .select('password_hash')
            .where('id', '=', user.id)
            .executeTakeFirst();
          if (now?.password_hash !== user.password_hash) return false;
          await authRepo(trx).update(user.id, { password_hash: passwordHash });
          // Sign-ins waiting for their second step, and a pending email change, end with it.
          await twoStepRepo(trx).dropLogins(user.id);
          await trx.deleteFrom('email_changes').where('user_id', '=', user.id).execute();
          return true;
        },
      );
      // Nothing changed (and no session ended but by the change that won, which ends them).
      if (!changed) throw wrong();
      req.log.info({ userId: user.id }, 'password changed');
      await mail(req, user.id, passwordChangedEmail(user.email, user.full_name, new Date()), 'pw');
      return { success: true as const, message: M.passwordChanged };
    },
  );

  r.post(
    '/auth/user/change-email',
    {
      schema: {
        tags,
        description:
          'Ask to change the email address: the new one gets a link that makes the change',
        body: changeEmailSchema,
        response: { 200: okSchema, ...errorResponses },
      },
    },
    async (req) => {
      const user = requireUser(req);
      const email = req.body.email.trim();
      const lower = email.toLowerCase();
      await enforceLimits(limiter, [{ key: `email-change:user:${user.id}`, ...EMAIL_CHANGE_ASKS }]);
      if (!(await checkPassword('change-email', user.id, user.password_hash, req.body.password))) {
        throw new HttpError(400, M.wrongCurrentPassword, { password: M.wrongCurrentPassword });
      }
      if (lower === user.email_lower) throw new HttpError(400, M.sameEmail, { email: M.sameEmail });
      // What sign-up already says of a taken address, and no more.
      const taken = () =>
        new HttpError(409, AUTH_MESSAGES.emailTaken, { email: AUTH_MESSAGES.emailTaken });
      if (await repo.findByEmail(lower)) throw taken();
      // Each request mails an address the user typed: capped per account and per address.
      const cap = MAIL_LIMITS.mailsPerAccount;
      const mayMail = await Promise.all([
        limiter.hit(`email-change:mail:${user.id}`, cap.limit, cap.windowMs),
        limiter.hit(`email-change:to:${lower}`, cap.limit, cap.windowMs),
      ]);
      if (mayMail.some((m) => !m.allowed)) throw new HttpError(429, AUTH_MESSAGES.tooManyAttempts);
      const token = randomBytes(32).toString('base64url');
      await db.transaction().execute(async (trx) => {
        await lockRow(trx, 'users', user.id);
        // One pending change per account: a newer request replaces the older one and its link.
        await trx.deleteFrom('email_changes').where('user_id', '=', user.id).execute();
        await trx
          .insertInto('email_changes')
          .values({
            user_id: user.id,
            token_hash: sha256(token),
            new_email: email,
            password_generation_hash: passwordGeneration(user.password_hash),
            created_at: nowIso(),
            expires_at: isoIn(ACCOUNT_SECURITY.emailChangeHours * HOUR),
          })
          .execute();
      });
      const link = `${config.publicUrl}/change-email/${token}`;
      const hours = ACCOUNT_SECURITY.emailChangeHours;
      await mail(req, user.id, confirmEmailChangeEmail(email, user.full_name, link, hours), 'ec');
      req.log.info({ userId: user.id }, 'email change asked');
      return { success: true as const, message: M.emailChangeSent };
    },
  );

  r.post(
    '/auth/user/confirm-email-change',
    {
      schema: {
        tags,
        description: 'Open the link sent to the new address: the account takes that address',
        body: confirmEmailChangeSchema,
        response: { 200: okSchema.extend({ email: z.string() }), ...errorResponses },
      },
    },
    async (req, reply) => {
      await enforceLimits(limiter, [
        { key: `email-change-confirm:ip:${req.ip}`, limit: 20, windowMs: HOUR },
      ]);
      const invalid = () => new HttpError(400, M.emailChangeInvalid);
      const tokenHash = sha256(req.body.token);
      const changed = await db
        .transaction()
        .execute(async (trx) => {
          const pending = await trx
            .selectFrom('email_changes')
            .selectAll()
            .where('token_hash', '=', tokenHash)
            .where('expires_at', '>', nowIso())
            .executeTakeFirst();
          if (!pending) return undefined;
          await lockRow(trx, 'users', pending.user_id);
          const user = await trx
            .selectFrom('users')
            .selectAll()
            .where('id', '=', pending.user_id)
            .executeTakeFirst();
          const used = await trx
            .deleteFrom('email_changes')
            .where('token_hash', '=', tokenHash)
            .executeTakeFirst();
          // Used by a parallel opening, or the password changed since it was asked.
          if (!user || Number(used.numDeletedRows) !== 1) return undefined;
          if (passwordGeneration(user.password_hash) !== pending.password_generation_hash) {
            return undefined;
          }
          // The unique index on email_lower decides a race for the address.
          await trx
            .updateTable('users')
            .set({
              email: pending.new_email,
              email_lower: pending.new_email.toLowerCase(),
              is_verified: 1,
              updated_at: nowIso(),
            })
            .where('id', '=', user.id)
            .execute();
          return { user, newEmail: pending.new_email };
        })
        .catch((err: unknown) => {
          if (isUniqueViolation(err)) {
            throw new HttpError(409, AUTH_MESSAGES.emailTaken, { email: AUTH_MESSAGES.emailTaken });
          }
          throw err;
        });
      if (!changed) throw invalid();
      const { user, newEmail } = changed;
      req.log.info({ userId: user.id }, 'email changed');
      // The device cookie names the account by its address: the owner's browser stays known.
      if (req.user?.id === user.id) {
        const secure = config.publicUrl.startsWith('https:');
        rememberDevice(deps.sessionSecret, req, reply, newEmail.toLowerCase(), secure);
      }
      await mail(
        req,
        user.id,
        emailChangedEmail(user.email, user.full_name, newEmail, new Date()),
        'email-changed',
      );
      return { success: true as const, message: M.emailChanged, email: newEmail };
    },
  );
}
