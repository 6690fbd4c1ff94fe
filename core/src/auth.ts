import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './constants.ts';
import { singleLineText } from './text.ts';
import type { SameType } from './schema-check.ts';

export { AUTH_MESSAGES, type User } from './auth-messages.ts';
import { AUTH_MESSAGES, type User } from './auth-messages.ts';

const email = z
  .string({ error: AUTH_MESSAGES.emailRequired })
  .trim()
  .min(1, AUTH_MESSAGES.emailRequired)
  .max(254, AUTH_MESSAGES.emailInvalid)
  .pipe(z.email(AUTH_MESSAGES.emailInvalid));

const optionalFlag = z.boolean().optional();
/** The CV an HR-to-be wants to save: an id, or `{ cvId | id, fullName }` from the shared viewer. */
export const cvToSave = z
  .union([
    singleLineText().max(64),
    z
      .object({
        cvId: singleLineText().max(64).optional(),
        id: singleLineText().max(64).optional(),
        fullName: singleLineText().max(200).optional(),
      })
      .loose(),
  ])
  .nullish();

export function cvToSaveId(v: z.infer<typeof cvToSave>): string | null {
  if (!v) return null;
  if (typeof v === 'string') return v || null;
  return v.cvId ?? v.id ?? null;
}

export const loginSchema = z.object({
  email,
  password: z
    .string({ error: AUTH_MESSAGES.passwordRequired })
    .min(1, AUTH_MESSAGES.passwordRequired)
    .max(1024),
  HRIntent: optionalFlag,
  cvToSave,
  /** The emailed sign-in code, asked for when a new browser signs in while the account is locked. */
  code: singleLineText(AUTH_MESSAGES.signInCodeWrong)
    .max(20, AUTH_MESSAGES.signInCodeWrong)
    .optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const newPasswordFields = {
  password: z
    .string({ error: AUTH_MESSAGES.newPasswordRequired })
    .min(1, AUTH_MESSAGES.newPasswordRequired)
    .min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordTooShort)
    .max(1024),
  password2: z
    .string({ error: AUTH_MESSAGES.confirmRequired })
    .min(1, AUTH_MESSAGES.confirmRequired)
    .max(1024),
};

function passwordsMatch(v: { password: string; password2: string }, ctx: z.RefinementCtx) {
  // Only a filled-in pair can mismatch; an empty field already has its own message.
  if (v.password && v.password2 && v.password !== v.password2) {
    ctx.addIssue({ code: 'custom', path: ['password2'], message: AUTH_MESSAGES.passwordsMismatch });
  }
}

export const registerSchema = z
  .object({
    fullName: singleLineText(AUTH_MESSAGES.fullNameRequired)
      .min(1, AUTH_MESSAGES.fullNameRequired)
      .max(100, AUTH_MESSAGES.fullNameTooLong),
    email,
    ...newPasswordFields,
    affiliatceIntroCode: singleLineText().max(32).nullish(),
    HRIntent: optionalFlag,
    cvToSave,
  })
  .superRefine(passwordsMatch);
export type RegisterInput = z.infer<typeof registerSchema>;

export const forgotSchema = z.object({ email });

export const resetSchema = z
  .object({
    ...newPasswordFields,
    token: singleLineText(AUTH_MESSAGES.resetInvalid).min(1, AUTH_MESSAGES.resetInvalid).max(200),
  })
  .superRefine(passwordsMatch);

export const resendVerificationSchema = z.object({ email });

export const verifyEmailSchema = z.object({
  id: singleLineText(AUTH_MESSAGES.verificationLinkInvalid)
    .min(1, AUTH_MESSAGES.verificationLinkInvalid)
    .max(200),
});

export const enableHrSchema = z.object({ cvToSave }).loose();

export const deviceSchema = z.object({
  userAgent: singleLineText().max(512).optional(),
  platform: singleLineText().max(128).optional(),
});

export const clientErrorSchema = z.object({
  error: z.unknown(),
});

/** API failure body: one message, and optionally one message per field. */
export interface ApiErrorBody {
  error: string;
  fieldErrors?: Record<string, string>;
}

/** ApiErrorBody as a response schema: every 4xx and 5xx answer has this shape. */
export const apiErrorSchema = z.object({
  error: z.string(),
  fieldErrors: z.record(z.string(), z.string()).optional(),
});
const _apiError: SameType<z.output<typeof apiErrorSchema>, ApiErrorBody> = true;

/** User as a response schema (never the password hash). */
export const userSchema = z.object({
  _id: z.string(),
  fullName: z.string(),
  email: z.string(),
  isHR: z.boolean(),
  isVerified: z.boolean(),
  affiliateCode: z.string(),
  createdAt: z.string(),
});
const _user: SameType<z.output<typeof userSchema>, User> = true;

/** The answer of the auth calls that only confirm (`{ success: true, message }`). */
export const authOkSchema = z.object({ success: z.boolean(), message: z.string().optional() });
