import { z } from 'zod';
import { singleLineText } from './text.ts';
import { TWO_STEP_MESSAGES } from './two-step-messages.ts';

export { TWO_STEP_MESSAGES, TWO_STEP } from './two-step-messages.ts';

/** A 6-digit code from an authenticator app (spaces a user typed between digits are dropped). */
const authenticatorCode = singleLineText(TWO_STEP_MESSAGES.codeRequired)
  .transform((s) => s.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, TWO_STEP_MESSAGES.codeRequired)
      .regex(/^\d{6}$/, TWO_STEP_MESSAGES.codeFormat),
  );

/** A recovery code as printed (XXXX-XXXX-XXXX-XXXX); case, spaces and dashes do not matter. */
const recoveryCode = singleLineText(TWO_STEP_MESSAGES.recoveryCodeRequired)
  .max(40, TWO_STEP_MESSAGES.recoveryCodeFormat)
  .transform((s) => s.replace(/[\s-]+/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .min(1, TWO_STEP_MESSAGES.recoveryCodeRequired)
      .regex(/^[A-Z0-9]{16}$/, TWO_STEP_MESSAGES.recoveryCodeFormat),
  );

/** Either an authenticator code or a recovery code, never both, never neither. */
function oneSecondStep(v: { code?: string; recoveryCode?: string }, ctx: z.RefinementCtx) {
  if (v.code === undefined && v.recoveryCode === undefined) {
    ctx.addIssue({ code: 'custom', path: ['code'], message: TWO_STEP_MESSAGES.codeRequired });
  } else if (v.code !== undefined && v.recoveryCode !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['code'], message: TWO_STEP_MESSAGES.oneCodeOnly });
  }
}

const secondStep = { code: authenticatorCode.optional(), recoveryCode: recoveryCode.optional() };

/** The second step of a sign-in: the pending sign-in's token and one code. */
export const twoStepLoginSchema = z
  .object({
    token: singleLineText(TWO_STEP_MESSAGES.signInExpired)
      .min(1, TWO_STEP_MESSAGES.signInExpired)
      .max(200, TWO_STEP_MESSAGES.signInExpired),
    ...secondStep,
  })
  .superRefine(oneSecondStep);
export type TwoStepLoginInput = z.input<typeof twoStepLoginSchema>;

/** Confirms the set-up with a current code from the app. */
export const twoStepEnableSchema = z.object({ code: authenticatorCode });

/** Turning two-step off: the password and a current code or a recovery code. */
export const twoStepDisableSchema = z
  .object({
    password: z
      .string({ error: TWO_STEP_MESSAGES.passwordRequired })
      .min(1, TWO_STEP_MESSAGES.passwordRequired)
      .max(1024),
    ...secondStep,
  })
  .superRefine(oneSecondStep);
export type TwoStepDisableInput = z.input<typeof twoStepDisableSchema>;

export const twoStepStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoStepStatus = z.infer<typeof twoStepStatusSchema>;

export const twoStepSetupSchema = z.object({
  /** The secret as base32 text, for typing into an app that cannot scan. */
  secret: z.string(),
  /** The otpauth:// URI the QR code holds. */
  uri: z.string(),
  /** The QR code as an SVG document (drawn by the server, so the web bundle carries no QR code). */
  qrSvg: z.string(),
});
export type TwoStepSetup = z.infer<typeof twoStepSetupSchema>;

export const twoStepEnabledSchema = z.object({
  status: twoStepStatusSchema,
  /** Shown once; only their hashes are kept. */
  recoveryCodes: z.array(z.string()),
});
export type TwoStepEnabled = z.infer<typeof twoStepEnabledSchema>;
