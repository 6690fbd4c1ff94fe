import { PASSKEY_MESSAGES } from '@vitae/core/passkey-messages';

/**
 * The browser's passkey ceremonies through @simplewebauthn/browser, loaded only when one runs
 * (Settings' passkey card, the login page's passkey button): public pages keep their budget.
 */

/** A ceremony the browser or the person stopped: its text is for people. */
export class PasskeyCeremonyError extends Error {}

const browserLib = () => import('@simplewebauthn/browser');

function ceremonyError(e: unknown): Error {
  const name = (e as { name?: string; code?: string } | null)?.name;
  const code = (e as { code?: string } | null)?.code;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') {
    return new PasskeyCeremonyError('This device already holds a passkey for your account.');
  }
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED') {
    return new PasskeyCeremonyError(PASSKEY_MESSAGES.cancelled);
  }
  return new PasskeyCeremonyError(
    e instanceof Error && e.message ? e.message : PASSKEY_MESSAGES.cancelled,
  );
}

async function supported() {
  const lib = await browserLib();
  if (!lib.browserSupportsWebAuthn()) {
    throw new PasskeyCeremonyError(PASSKEY_MESSAGES.unsupported);
  }
  return lib;
}

/** Asks the browser to make a passkey with the server's options; its answer as JSON. */
export async function createPasskey(options: Record<string, unknown>): Promise<unknown> {
  const lib = await supported();
  try {
    return await lib.startRegistration({ optionsJSON: options as never });
  } catch (e) {
    throw ceremonyError(e);
  }
}

/** Asks the browser to sign the server's challenge with one of this site's passkeys. */
export async function signWithPasskey(options: Record<string, unknown>): Promise<unknown> {
  const lib = await supported();
  try {
    return await lib.startAuthentication({ optionsJSON: options as never });
  } catch (e) {
    throw ceremonyError(e);
  }
}
