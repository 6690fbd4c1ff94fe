import { PASSWORD_MIN_LENGTH } from './constants.ts';

/*
 * The user shape and the auth screens' texts, apart from the schemas: pages that only show a
 * message (email verified, reset) import these without bringing zod into public JavaScript.
 */

/** The user record the API returns (never the password hash). */
export interface User {
  _id: string;
  fullName: string;
  email: string;
  isHR: boolean;
  isVerified: boolean;
  affiliateCode: string;
  createdAt: string;
}

export const AUTH_MESSAGES = {
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Please enter your password',
  fullNameRequired: 'Please enter your full name',
  fullNameTooLong: 'Full name must be 100 characters or less',
  newPasswordRequired: 'Please enter a new password',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  confirmRequired: 'Please confirm your password',
  passwordsMismatch: 'Passwords do not match',
  invalidCredentials: 'Invalid email or password.',
  notVerified: 'Please verify your email address before signing in.',
  emailTaken: 'An account with this email already exists.',
  registered: 'Account created! Please check your email to verify your account.',
  forgotSent: 'If an account exists for that email, a password reset link has been sent.',
  resetInvalid: 'This reset link is invalid or has expired. Please request a new password reset.',
  resetDone:
    'Your password has been successfully reset! You can now sign in with your new password.',
  verificationSent: 'Verification email sent! Please check your inbox.',
  verificationInvalid: 'Verification failed. The link may be invalid or expired.',
  verificationLinkInvalid: 'Invalid verification link',
  verified: 'Email Verified Successfully!',
  /** A verification link opened again after it worked. */
  alreadyVerified: 'This email address is already verified. You can sign in.',
  notLoggedIn: 'You must be logged in.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  signInCodeSent:
    'If the password is right, we have emailed a 6-digit code to the account’s address. Enter it to sign in from this browser.',
  signInCodeWrong:
    'That code is wrong or has expired. Use the code from the latest email, or sign in again for a new one.',
  tooManyWrongCodes: 'Too many wrong codes. Sign in again to get a new code by email.',
} as const;
