/**
 * The optional emails a user may turn off (issue 32), by key: Settings' "Email me when…"
 * toggles and the one-click unsubscribe link in each such email. Security mails (verification,
 * password reset, sign-in codes, a deleted account) and a CV shared to a recipient are not
 * among them: they are always sent. Free of zod: the Settings screen reads it.
 */
export const EMAIL_PREFERENCES = {
  contactRequests: {
    label: 'An HR user asks for my contact details',
    /** What the unsubscribe page says is turned off. */
    topic: 'emails about HR users asking for your contact details',
  },
} as const;

export type EmailPreferenceKey = keyof typeof EMAIL_PREFERENCES;
export const EMAIL_PREFERENCE_KEYS = Object.keys(EMAIL_PREFERENCES) as EmailPreferenceKey[];

/** Each optional email: true = send it (the default). */
export type EmailPreferences = Record<EmailPreferenceKey, boolean>;

export const EMAIL_PREFERENCE_MESSAGES = {
  saved: 'Email settings saved.',
  saveFailed: 'Could not save your email settings. Please try again.',
  notBoolean: 'Each email setting must be on (true) or off (false).',
  badLink: 'This unsubscribe link is not valid. Turn emails off in Settings instead.',
} as const;
