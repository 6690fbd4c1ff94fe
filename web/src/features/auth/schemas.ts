import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  AUTH_MESSAGES,
  forgotSchema,
  loginSchema,
  newPasswordFields,
  registerSchema,
  resendVerificationSchema,
} from '@vitae/core/auth';
import { singleLineText } from '@vitae/core/text';

/*
 * The auth forms' resolvers, built from core's schemas so the browser shows the server's
 * messages. Loaded lazily by the pages (see lib/lazy-resolver.ts).
 */

const matching = <T extends { password: string; password2: string }>(v: T) =>
  v.password === v.password2;
const mismatch = { path: ['password2'], message: AUTH_MESSAGES.passwordsMismatch };

export const loginFormSchema = loginSchema.pick({ email: true, password: true });

const { fullName, email, password, password2 } = registerSchema.shape;
/** Register's rules; the affiliate code (spelled as the API spells it) is optional. */
export const signupFormSchema = z
  .object({ fullName, email, password, password2, affiliatceIntroCode: singleLineText().max(32) })
  .refine(matching, mismatch);

export const resetFormSchema = z.object(newPasswordFields).refine(matching, mismatch);

export const resolvers = {
  login: zodResolver(loginFormSchema),
  signup: zodResolver(signupFormSchema),
  forgot: zodResolver(forgotSchema),
  resend: zodResolver(resendVerificationSchema),
  reset: zodResolver(resetFormSchema),
};
