import { z } from 'zod';

/*
 * Sign-in with an identity provider (OpenID Connect; issue 34, decision 0024): the texts, and
 * the shapes of the routes Settings and the sign-in pages call.
 */

export const IDENTITY_MESSAGES = {
  unknownProvider: 'This sign-in provider is not configured.',
  providerUnavailable:
    'The sign-in provider could not be reached. Please try again in a few minutes.',
  signInExpired: 'This sign-in link has expired or was already used. Please start again.',
  signInRefused: 'The sign-in provider’s answer could not be checked. Please start again.',
  providerCancelled: 'The sign-in was cancelled at the provider.',
  noEmail: 'The provider did not share an email address, which Vitae needs for your account.',
  emailTaken:
    'An account with this email already exists. Sign in with your password, then link this provider from Settings.',
  verifyFirst:
    'The provider did not confirm this email address, so we sent you a verification link. Open it, then sign in with the provider again.',
  notVerified: 'Please verify your email address before signing in.',
  linkedElsewhere: 'This provider account is already linked to another Vitae account.',
  linkSignedOut: 'You were signed out before the link finished. Sign in and link it again.',
  passwordRequired: 'Please enter your password.',
  wrongPassword: 'That password is not right.',
  lastWayIn:
    'This is your only way to sign in. Set a password (Forgot password) or link another provider first.',
  notFound: 'This linked account was not found.',
  linkFromSettings: 'Link a provider from Settings, after entering your password.',
} as const;

/** How long a sign-in may stay at the provider. */
export const IDENTITY_SIGN_IN_MINUTES = 10;

/** A configured provider, as the sign-in pages list them. */
export const identityProviderSchema = z.object({ id: z.string(), name: z.string() });
export type IdentityProvider = z.infer<typeof identityProviderSchema>;
export const identityProvidersSchema = z.object({ providers: z.array(identityProviderSchema) });

/** A provider account linked to the signed-in user. */
export const linkedIdentitySchema = z.object({
  id: z.string(),
  provider: z.string(),
  providerName: z.string(),
  email: z.string().nullable(),
  createdAt: z.string(),
});
export type LinkedIdentity = z.infer<typeof linkedIdentitySchema>;

export const linkedIdentitiesSchema = z.object({
  identities: z.array(linkedIdentitySchema),
  /** Whether the account has a password (one made through a provider may not). */
  hasPassword: z.boolean(),
  providers: z.array(identityProviderSchema),
});
export type LinkedIdentities = z.infer<typeof linkedIdentitiesSchema>;

/** Starts linking a provider: the password, checked now, and which provider. */
export const linkIntentSchema = z.object({
  provider: z
    .string({ error: IDENTITY_MESSAGES.unknownProvider })
    .regex(/^[a-z0-9][a-z0-9-]{0,31}$/, IDENTITY_MESSAGES.unknownProvider),
  password: z
    .string({ error: IDENTITY_MESSAGES.passwordRequired })
    .min(1, IDENTITY_MESSAGES.passwordRequired)
    .max(1024),
});
export type LinkIntentInput = z.input<typeof linkIntentSchema>;

/** Where the browser goes next: the provider's sign-in page. */
export const linkIntentAnswerSchema = z.object({ url: z.string() });
