/*
 * Two-step sign-in's texts and numbers, apart from the schemas: the login page reads them
 * without bringing zod into public JavaScript.
 */

export const TWO_STEP = {
  /** Recovery codes made at set-up, each usable once. */
  recoveryCodes: 10,
  /** How long the step between the password and the code may take. */
  pendingMinutes: 5,
  digits: 6,
  periodSeconds: 30,
  issuer: 'Vitae',
} as const;

export const TWO_STEP_MESSAGES = {
  codeRequired: 'Please enter the 6-digit code from your authenticator app',
  codeFormat: 'The code is the 6 digits your authenticator app shows',
  codeWrong: 'That code is not right. Enter the code your authenticator app shows now.',
  recoveryCodeRequired: 'Please enter one of your recovery codes',
  recoveryCodeFormat: 'A recovery code looks like ABCD-EFGH-JKLM-NPQR',
  recoveryCodeWrong: 'That recovery code is not right, or it has been used already.',
  oneCodeOnly: 'Enter either a code from your app or a recovery code, not both',
  passwordRequired: 'Please enter your password',
  wrongPassword: 'Incorrect password',
  signInExpired: 'This sign-in has expired. Please enter your email and password again.',
  /** The login's answer after a right password, for an account with two-step sign-in on. */
  codeNeeded: 'Enter the code from your authenticator app to finish signing in.',
  /** A new browser held back by the lock, for an account with two-step sign-in on. */
  lockedCodeNeeded:
    'Too many attempts. To sign in from this browser, enter your password together with the code from your authenticator app.',
  alreadyOn: 'Two-step sign-in is already on.',
  notSetUp: 'Start the set-up again: no set-up is in progress.',
  notOn: 'Two-step sign-in is not on.',
  turnedOff: 'Two-step sign-in is off.',
} as const;
