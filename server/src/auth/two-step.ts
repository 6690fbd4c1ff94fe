import { TWO_STEP_MESSAGES } from '@vitae/core';
import type { Db } from '../db/database.ts';
import { HttpError } from '../plugins/errors.ts';
import { codeStep, decryptSecret, normalizeRecoveryCode } from './two-step-crypto.ts';
import { twoStepRepo } from './two-step.repo.ts';

/** The second step a request brings: a code from the app, or a recovery code. */
export interface SecondStep {
  code?: string;
  recoveryCode?: string;
}

export const wrongSecondStep = (step: SecondStep) =>
  step.recoveryCode !== undefined
    ? new HttpError(400, TWO_STEP_MESSAGES.recoveryCodeWrong, {
        recoveryCode: TWO_STEP_MESSAGES.recoveryCodeWrong,
      })
    : new HttpError(400, TWO_STEP_MESSAGES.codeWrong, { code: TWO_STEP_MESSAGES.codeWrong });

/**
 * Checks a second step against the account without using it up, so a caller can check the
 * password next and only then spend it: returns `use()`, which spends it (false when a
 * parallel request spent it first), or null when the code is wrong, already used, or the
 * account's secret cannot be read.
 */
export async function checkSecondStep(
  db: Db,
  sessionSecret: string,
  userId: string,
  step: SecondStep,
): Promise<{ use(): Promise<boolean> } | null> {
  const repo = twoStepRepo(db);
  if (step.recoveryCode !== undefined) {
    const normalized = normalizeRecoveryCode(step.recoveryCode);
    if (!(await repo.recoveryCodeLive(userId, normalized))) return null;
    return { use: () => repo.useRecoveryCode(userId, normalized) };
  }
  const row = await repo.secretOf(userId);
  if (!row?.enabled_at || step.code === undefined) return null;
  const secret = decryptSecret(sessionSecret, userId, row.encrypted_secret);
  const at = secret === null ? null : codeStep(secret, step.code);
  // A code works once: its step, and every earlier one, are spent once a code was used.
  if (at === null || (row.last_used_step !== null && at <= Number(row.last_used_step))) return null;
  return { use: () => repo.useStep(userId, at) };
}
