import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's recommended floor (19 MiB, 2 passes).
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

/**
 * An account made through an identity provider has no password: its `password_hash` holds
 * this marker and random hex, which no password matches (argon2 hashes start with `$`). The
 * random part keeps it unique, as the session store's "password generation" expects.
 */
const NO_PASSWORD = '!no-password:';
export const noPasswordMarker = (): string => NO_PASSWORD + randomBytes(16).toString('hex');
export const hasPassword = (stored: string): boolean => !stored.startsWith(NO_PASSWORD);

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  if (!hasPassword(stored)) {
    // The same work as a real check, so timing does not tell that the account has none.
    await verifyPassword(await dummyHash(), password);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** A real hash to verify against when the email is unknown, so timing does not tell. */
let dummy: Promise<string> | undefined;
export const dummyHash = (): Promise<string> => (dummy ??= hashPassword('not-a-real-password'));
