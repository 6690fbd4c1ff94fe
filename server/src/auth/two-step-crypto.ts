import {
  createCipheriv,
  createDecipheriv,
  createHash,
  hkdfSync,
  randomBytes,
  randomInt,
} from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { TWO_STEP } from '@vitae/core';

/*
 * Two-step sign-in's secrets: TOTP by `otpauth` (RFC 6238: SHA-1, 6 digits, 30 s, what every
 * authenticator app reads), the QR code by `qrcode` (drawn here as SVG, so the web bundle
 * carries no QR encoder), AES-256-GCM from node:crypto for the stored secret.
 */

/** The key that encrypts stored authenticator secrets, derived from the session secret. */
const keyFrom = (sessionSecret: string) =>
  Buffer.from(hkdfSync('sha256', sessionSecret, 'vitae', 'two-step secret key v1', 32));

/** `v1.<iv>.<tag>.<ciphertext>`, bound to the account (its id is the associated data). */
export function encryptSecret(sessionSecret: string, userId: string, base32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(sessionSecret), iv);
  cipher.setAAD(Buffer.from(userId));
  const ct = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), ct].map((p) => p.toString('base64url'));
  return ['v1', ...parts].join('.');
}

/** The secret, or null when it cannot be read (a changed SESSION_SECRET, a tampered row). */
export function decryptSecret(
  sessionSecret: string,
  userId: string,
  stored: string,
): string | null {
  const [version, iv, tag, ct] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !ct) return null;
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      keyFrom(sessionSecret),
      Buffer.from(iv, 'base64url'),
    );
    decipher.setAAD(Buffer.from(userId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(ct, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return null;
  }
}

const totpOf = (base32: string, label = '') =>
  new TOTP({
    issuer: TWO_STEP.issuer,
    label,
    algorithm: 'SHA1',
    digits: TWO_STEP.digits,
    period: TWO_STEP.periodSeconds,
    secret: Secret.fromBase32(base32),
  });

/** A new 160-bit secret, its otpauth:// URI and that URI as a QR code (SVG). */
export async function newAuthenticatorSecret(email: string) {
  const secret = new Secret({ size: 20 }).base32;
  const uri = totpOf(secret, email).toString();
  const qrSvg = await QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return { secret, uri, qrSvg };
}

/**
 * The 30-second step whose code `code` is, allowing one step of clock drift either way, or
 * null. The caller refuses a step at or before the last one used (no replay).
 */
export function codeStep(base32: string, code: string, now = Date.now()): number | null {
  const delta = totpOf(base32).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  return TOTP.counter({ period: TWO_STEP.periodSeconds, timestamp: now }) + delta;
}

// Unambiguous letters and digits (no 0/O, 1/I/L), as the affiliate codes use.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** Ten fresh recovery codes, `XXXX-XXXX-XXXX-XXXX` (16 characters, about 79 bits each). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: TWO_STEP.recoveryCodes }, () => {
    const chars = Array.from({ length: 16 }, () => ALPHABET[randomInt(ALPHABET.length)]);
    return chars.join('').replace(/(.{4})(?=.)/g, '$1-');
  });
}

/**
 * A recovery code's stored hash. The code is long and random, so SHA-256 (named with the
 * account) is enough, as for the other one-time tokens; it does not depend on the session
 * secret, so a changed SESSION_SECRET leaves recovery codes working.
 * `normalized` is the code without dashes, upper-cased (the schema's form).
 */
export const recoveryCodeHash = (userId: string, normalized: string) =>
  createHash('sha256').update(`two-step-recovery\n${userId}\n${normalized}`).digest('hex');

export const normalizeRecoveryCode = (code: string) => code.replace(/[\s-]+/g, '').toUpperCase();
