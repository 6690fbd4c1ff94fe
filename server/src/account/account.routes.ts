import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { runsBackgroundWork } from '../config.ts';
import { lockRow } from '../db/integrity.ts';
import { HttpError } from '../plugins/errors.ts';
import { binaryResponse, errorResponses } from '../plugins/responses.ts';
import { simpleEmailHtml } from '../plugins/mailer.ts';
import { requireUser, SESSION_COOKIE } from '../plugins/session.ts';
import { verifyPassword } from '../auth/index.ts';
import { accountExports, ACCOUNT_EXPORT_MESSAGES } from './account-export.ts';
import { accountRepo } from './account.repo.ts';

export const DELETE_ACCOUNT_MESSAGES = {
  passwordRequired: 'Password is required',
  wrongPassword: 'Incorrect password',
  tooManyAttempts: 'Too many attempts. Please try again later.',
} as const;

/** Wrong passwords a user may try on deletion per window (it is a password check too). */
const DELETE_ATTEMPTS = { limit: 5, windowMs: 15 * 60_000 };

const exportStatus = z.object({
  id: z.string(),
  status: z.enum(['queued', 'running', 'ready', 'failed', 'expired']),
  progress: z.number(),
  size: z.number(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
});
const deleteBody = z.object({
  password: z
    .string({ error: DELETE_ACCOUNT_MESSAGES.passwordRequired })
    .min(1, DELETE_ACCOUNT_MESSAGES.passwordRequired)
    .max(200, DELETE_ACCOUNT_MESSAGES.wrongPassword),
});

const goodbyeMail = (to: string, name: string) => {
  const paragraphs = [
    `Hello ${name},`,
    'Your Vitae account has been deleted, as you asked. Your CV, photos, certificates, video, shares and notifications are gone; links you shared no longer open, and HR users no longer see your CV.',
    'If you did not ask for this, reply to this email.',
  ];
  return {
    to,
    subject: 'Your Vitae account has been deleted',
    text: paragraphs.join('\n\n'),
    html: simpleEmailHtml({ heading: 'Your account has been deleted', paragraphs }),
  };
};

/** Settings: "Export my account" (a background job) and "Delete my account". */
export async function accountRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];
  const exportsQueue = accountExports(deps, { sweepOnTimer: runsBackgroundWork(deps.config) });
  app.addHook('onClose', async () => {
    exportsQueue.close();
    await exportsQueue.idle();
  });

  r.post(
    '/api/account/export',
    {
      schema: {
        tags,
        summary: 'Start building the account export ZIP',
        response: { 202: exportStatus, ...errorResponses },
      },
    },
    async (req, reply) => reply.status(202).send(await exportsQueue.start(requireUser(req).id)),
  );

  r.get(
    '/api/account/export',
    {
      schema: {
        tags,
        summary: 'The latest account export: its status and progress',
        response: { 200: z.object({ export: exportStatus.nullable() }), ...errorResponses },
      },
    },
    async (req) => ({ export: await exportsQueue.status(requireUser(req).id) }),
  );

  r.get(
    '/api/account/export/download',
    {
      schema: {
        tags,
        summary: 'Download the ready account export ZIP',
        response: {
          200: binaryResponse('application/zip', 'The account export'),
          ...errorResponses,
        },
      },
    },
    async (req, reply) => {
      const user = requireUser(req);
      const { key, size } = await exportsQueue.readyFile(user.id);
      const stream = await deps.storage.read(key);
      if (!stream) throw new HttpError(404, ACCOUNT_EXPORT_MESSAGES.notReady);
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', String(size))
        .header('content-disposition', 'attachment; filename="vitae-account.zip"')
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );

  r.post(
    '/api/account/delete',
    {
      schema: {
        tags,
        summary: 'Delete the account: every row, every stored file, every session',
        body: deleteBody,
        response: { 200: z.object({ deleted: z.literal(true) }), ...errorResponses },
      },
    },
    async (req, reply) => {
      const user = requireUser(req);
      const { allowed } = await deps.limiter.hit(
        `account-delete:${user.id}`,
        DELETE_ATTEMPTS.limit,
        DELETE_ATTEMPTS.windowMs,
      );
      if (!allowed) throw new HttpError(429, DELETE_ACCOUNT_MESSAGES.tooManyAttempts);
      if (!(await verifyPassword(user.password_hash, req.body.password))) {
        const message = DELETE_ACCOUNT_MESSAGES.wrongPassword;
        throw new HttpError(400, message, { password: message });
      }
      const keys = await deps.db.transaction().execute(async (trx) => {
        await lockRow(trx, 'users', user.id);
        const repo = accountRepo(trx);
        const stored = await repo.storageKeys(user.id);
        await repo.deleteUser(user.id);
        return stored;
      });
      for (const key of keys) {
        await deps.storage.remove(key).catch((err: unknown) => {
          req.log.error({ err, key }, 'a deleted account left a stored file');
        });
      }
      // Its sessions went with the user row; this closes the sockets they opened.
      deps.events.publish('user.sessions-ended', { userId: user.id });
      await deps.mailer.send(goodbyeMail(user.email, user.full_name)).catch((err: unknown) => {
        req.log.error({ err }, 'account deletion mail failed');
      });
      void reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { deleted: true as const };
    },
  );
}
