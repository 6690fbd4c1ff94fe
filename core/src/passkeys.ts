import { z } from 'zod';
import { PASSKEYS, PASSKEY_MESSAGES } from './passkey-messages.ts';
import { singleLineText } from './text.ts';
import { cvToSave } from './auth.ts';

export { PASSKEYS, PASSKEY_MESSAGES } from './passkey-messages.ts';

const bad = PASSKEY_MESSAGES.responseInvalid;
/** base64url text (no padding) of at most `max` characters. */
const base64url = (max: number) =>
  z
    .string({ error: bad })
    .min(1, bad)
    .max(max, bad)
    .regex(/^[A-Za-z0-9_-]+$/, bad);

const credentialFields = {
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key', { error: bad }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform'], { error: bad }).nullish(),
};

/** What `navigator.credentials.create()` answered, as @simplewebauthn/browser sends it. */
export const passkeyRegistrationResponseSchema = z.object(
  {
    ...credentialFields,
    response: z.object(
      {
        clientDataJSON: base64url(4096),
        attestationObject: base64url(16_384),
        transports: z.array(z.string().max(32, bad), { error: bad }).max(10, bad).optional(),
      },
      { error: bad },
    ),
  },
  { error: bad },
);

/** What `navigator.credentials.get()` answered, as @simplewebauthn/browser sends it. */
export const passkeyAuthenticationResponseSchema = z.object(
  {
    ...credentialFields,
    response: z.object(
      {
        clientDataJSON: base64url(4096),
        authenticatorData: base64url(4096),
        signature: base64url(2048),
        userHandle: base64url(256).nullish(),
      },
      { error: bad },
    ),
  },
  { error: bad },
);

export const passkeyNameSchema = singleLineText(PASSKEY_MESSAGES.nameRequired)
  .trim()
  .min(1, PASSKEY_MESSAGES.nameRequired)
  .max(PASSKEYS.nameMax, PASSKEY_MESSAGES.nameTooLong);

/** Starting to add a passkey: the account's password first (a stolen session cannot add one). */
export const passkeyRegisterOptionsSchema = z.object({
  password: z
    .string({ error: PASSKEY_MESSAGES.passwordRequired })
    .min(1, PASSKEY_MESSAGES.passwordRequired)
    .max(1024),
});

/** Finishing it: the name and the browser's answer. */
export const passkeyAddSchema = z.object({
  name: passkeyNameSchema,
  response: passkeyRegistrationResponseSchema,
});

export const passkeyRenameSchema = z.object({ name: passkeyNameSchema });

/** Signing in with a passkey: the browser's answer, and the sign-in's intent like login-web's. */
export const passkeyLoginSchema = z.object({
  response: passkeyAuthenticationResponseSchema,
  HRIntent: z.boolean().optional(),
  cvToSave,
});

export const passkeySchema = z.object({
  _id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const passkeyListSchema = z.object({
  passkeys: z.array(passkeySchema),
  /** The most passkeys an account may have. */
  max: z.number().int(),
});
export type PasskeyList = z.infer<typeof passkeyListSchema>;

/**
 * The options for `navigator.credentials.create()` / `.get()` as the server library makes them
 * (PublicKeyCredentialCreationOptionsJSON / RequestOptionsJSON), passed to the browser as is.
 */
export const passkeyOptionsSchema = z.object({
  options: z.record(z.string(), z.unknown()),
});
