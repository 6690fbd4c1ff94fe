import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  TWO_STEP_MESSAGES,
  twoStepDisableSchema,
  twoStepEnableSchema,
  twoStepEnabledSchema,
  twoStepSetupSchema,
  twoStepStatusSchema,
} from '@vitae/core';
import type { AppDeps } from '../deps.ts';
import { HttpError } from '../plugins/errors.ts';
import { enforceLimits } from '../plugins/rate-limit.ts';
import { errorResponses } from '../plugins/responses.ts';
import { requireUser } from '../plugins/session.ts';
import { LOGIN_LIMITS } from './auth-limits.ts';
import { verifyPassword } from './password.ts';
import { checkSecondStep, wrongSecondStep } from './two-step.ts';
import {
  codeStep,
  decryptSecret,
  encryptSecret,
  newAuthenticatorSecret,
  newRecoveryCodes,
  normalizeRecoveryCode,
} from './two-step-crypto.ts';
import { twoStepRepo } from './two-step.repo.ts';

const tags = ['auth'];

/**
 * Settings → Two-step sign-in: its status, the set-up (a secret and its QR code, then a code to
 * confirm it, which turns it on and gives the recovery codes once) and turning it off.
 */
export async function twoStepRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, limiter, sessionSecret } = deps;
  const repo = twoStepRepo(db);

  /** Codes tried while signed in (confirming a set-up, turning off) count like passwords. */
  const codeAttempts = (kind: string, userId: string) =>
    enforceLimits(limiter, [{ key: `login:two-step-${kind}:${userId}`, ...LOGIN_LIMITS.device }]);

  async function statusOf(userId: string) {
    const row = await repo.secretOf(userId);
    const enabledAt = row?.enabled_at ?? null;
    return {
      enabled: enabledAt !== null,
      enabledAt,
      recoveryCodesLeft: enabledAt ? await repo.recoveryCodesLeft(userId) : 0,
    };
  }

  r.get(
    '/auth/user/two-step',
    {
      schema: {
        tags,
        summary: 'Whether two-step sign-in is on, since when, and recovery codes left',
        response: { 200: twoStepStatusSchema, ...errorResponses },
      },
    },
    async (req) => statusOf(requireUser(req).id),
  );

  r.post(
    '/auth/user/two-step/setup',
    {
      schema: {
        tags,
        summary: 'Start setting up two-step sign-in: a new secret and its QR code',
        body: z.object({}).strict().nullish(),
        response: { 200: twoStepSetupSchema, ...errorResponses },
      },
    },
    async (req) => {
      const user = requireUser(req);
      const setup = await newAuthenticatorSecret(user.email);
      const stored = await repo.startSetup(
        user.id,
        encryptSecret(sessionSecret, user.id, setup.secret),
      );
      if (!stored) throw new HttpError(409, TWO_STEP_MESSAGES.alreadyOn);
      return setup;
    },
  );

  r.post(
    '/auth/user/two-step/enable',
    {
      schema: {
        tags,
        summary: 'Confirm the set-up with a current code: turns two-step on, gives recovery codes',
        body: twoStepEnableSchema,
        response: { 200: twoStepEnabledSchema, ...errorResponses },
      },
    },
    async (req) => {
      const user = requireUser(req);
      await codeAttempts('confirm', user.id);
      const row = await repo.secretOf(user.id);
      if (row?.enabled_at) throw new HttpError(409, TWO_STEP_MESSAGES.alreadyOn);
      const secret = row && decryptSecret(sessionSecret, user.id, row.encrypted_secret);
      if (!row || !secret) throw new HttpError(400, TWO_STEP_MESSAGES.notSetUp);
      const step = codeStep(secret, req.body.code);
      if (step === null) throw wrongSecondStep({ code: req.body.code });
      const codes = newRecoveryCodes();
      const enabledAt = await repo.enable(
        user.id,
        row.encrypted_secret,
        step,
        codes.map(normalizeRecoveryCode),
      );
      if (!enabledAt) throw new HttpError(409, TWO_STEP_MESSAGES.alreadyOn);
      req.log.info({ userId: user.id }, 'two-step sign-in turned on');
      return { status: await statusOf(user.id), recoveryCodes: codes };
    },
  );

  r.post(
    '/auth/user/two-step/disable',
    {
      schema: {
        tags,
        summary: 'Turn two-step sign-in off (the password and a code or a recovery code)',
        body: twoStepDisableSchema,
        response: { 200: twoStepStatusSchema, ...errorResponses },
      },
    },
    async (req) => {
      const user = requireUser(req);
      await codeAttempts('off', user.id);
      if (!(await repo.isOn(user.id))) throw new HttpError(409, TWO_STEP_MESSAGES.notOn);
      if (!(await verifyPassword(user.password_hash, req.body.password))) {
        const message = TWO_STEP_MESSAGES.wrongPassword;
        throw new HttpError(400, message, { password: message });
      }
      const step = await checkSecondStep(db, sessionSecret, user.id, req.body);
      if (!step || !(await step.use())) throw wrongSecondStep(req.body);
      await repo.turnOff(user.id);
      req.log.info({ userId: user.id }, 'two-step sign-in turned off');
      return statusOf(user.id);
    },
  );
}
