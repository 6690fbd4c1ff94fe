/*
 * Passkeys' texts and numbers, apart from the schemas: the login page reads them without
 * bringing zod into public JavaScript.
 */

export const PASSKEYS = {
  /** Passkeys one account may have. */
  max: 10,
  nameMax: 64,
  /** How long a challenge handed out for a passkey to sign stays usable. */
  challengeMinutes: 5,
} as const;

export const PASSKEY_MESSAGES = {
  nameRequired: 'Please give the passkey a name',
  nameTooLong: `A passkey name is at most ${PASSKEYS.nameMax} characters`,
  passwordRequired: 'Please enter your password',
  wrongPassword: 'Incorrect password',
  tooMany: `You have ${PASSKEYS.max} passkeys, the most an account can have. Remove one to add another.`,
  responseInvalid: 'The passkey answer is incomplete or malformed. Please try again.',
  challengeInvalid: 'This passkey request has expired or was already used. Please try again.',
  wrongOrigin:
    'This passkey answer was made for another site, not this one. Please try again from this page.',
  wrongKind: 'This passkey answer is of the wrong kind for this step. Please try again.',
  notVerified: 'The passkey could not be verified. Please try again.',
  userNotVerified:
    'Your device did not confirm it was you (PIN, fingerprint or face). Please try again and confirm.',
  unknownPasskey:
    'This passkey is not registered with Vitae (it may have been removed). Sign in with your password instead.',
  alreadyAdded: 'This passkey is already added to an account.',
  notFound: 'Passkey not found',
  /** Browser-side: the ceremony was cancelled, timed out, or the browser has no passkeys. */
  cancelled: 'The passkey request was cancelled or timed out.',
  unsupported: 'This browser does not support passkeys.',
} as const;
