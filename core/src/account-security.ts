import { z } from 'zod';
import { AUTH_MESSAGES } from './auth-messages.ts';
import { forgotSchema, newPasswordFields } from './auth.ts';
import { singleLineText } from './text.ts';

/*
 * Settings → Your sessions, Change password and Change email (issue 34): the texts, the
 * numbers and the schemas both sides check.
 */

export const ACCOUNT_SECURITY = {
  /** How long the link sent to a new address works. */
  emailChangeHours: 24,
} as const;

export const ACCOUNT_SECURITY_MESSAGES = {
  currentPasswordRequired: 'Please enter your current password',
  wrongCurrentPassword: 'Your current password is not right.',
  samePassword: 'The new password must differ from your current one',
  passwordChanged: 'Your password has been changed. Your other sessions have been signed out.',
  sameEmail: 'That is already your email address',
  emailChangeSent:
    'We have sent a link to your new address. Your email changes when you open it (within 24 hours).',
  emailChangeInvalid: 'This link is invalid or has expired. Ask for the change again in Settings.',
  emailChanged: 'Your email address has been changed.',
  sessionNotFound: 'That session has already ended.',
  sessionIsCurrent: 'This is the session you are using. To end it, sign out.',
  sessionIdInvalid: 'That is not a session id',
  otherSessionsEnded: 'Your other sessions have been signed out.',
} as const;

const currentPassword = z
  .string({ error: ACCOUNT_SECURITY_MESSAGES.currentPasswordRequired })
  .min(1, ACCOUNT_SECURITY_MESSAGES.currentPasswordRequired)
  .max(1024, ACCOUNT_SECURITY_MESSAGES.wrongCurrentPassword);

export const changePasswordSchema = z
  .object({ currentPassword, ...newPasswordFields })
  .superRefine((v, ctx) => {
    // Only a filled-in pair can mismatch; an empty field already has its own message.
    if (v.password && v.password2 && v.password !== v.password2) {
      ctx.addIssue({
        code: 'custom',
        path: ['password2'],
        message: AUTH_MESSAGES.passwordsMismatch,
      });
    }
  });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

export const changeEmailSchema = z.object({
  password: currentPassword,
  email: forgotSchema.shape.email,
});
export type ChangeEmailInput = z.input<typeof changeEmailSchema>;

export const confirmEmailChangeSchema = z.object({
  token: singleLineText(ACCOUNT_SECURITY_MESSAGES.emailChangeInvalid)
    .min(1, ACCOUNT_SECURITY_MESSAGES.emailChangeInvalid)
    .max(200, ACCOUNT_SECURITY_MESSAGES.emailChangeInvalid),
});

/** A public session id: 24 hex characters. */
export const sessionIdParamsSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{24}$/, ACCOUNT_SECURITY_MESSAGES.sessionIdInvalid),
});

export const sessionInfoSchema = z.object({
  id: z.string(),
  /** The session this request came with ("This device"). */
  current: z.boolean(),
  deviceKind: z.enum(['desktop', 'phone', 'tablet', 'other']),
  /** "Chrome 131", or null when the browser is unknown (a session from before the list). */
  browser: z.string().nullable(),
  /** "Windows 10", "iOS 18.1", or null when unknown. */
  os: z.string().nullable(),
  /** Approximate place, as the proxy in front named it (SESSION_PLACE_HEADERS); null without. */
  place: z.string().nullable(),
  createdAt: z.string(),
  /** Within a few minutes (it is written at most every ten). */
  lastActiveAt: z.string(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

export const sessionListSchema = z.object({ sessions: z.array(sessionInfoSchema) });
