import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { UPLOAD_SIGNATURE_TTL_S, type UploadSignature } from '@vitae/core';

/** Identifies our media service the way a cloud host's api key would; not a secret. */
const MEDIA_API_KEY = 'vitae-media';

/** Hex characters of the random nonce that opens each signature. */
const NONCE_LENGTH = 16;

/** The nonce, then the MAC over it: every signature differs, even two in the same second. */
const sign = (secret: string, userId: string, preset: string, timestamp: number, nonce: string) =>
  nonce +
  createHmac('sha256', secret)
    .update(`vitae-upload\n${userId}\n${preset}\n${timestamp}\n${nonce}`)
    .digest('hex');

/**
 * A signature that lets `userId` upload once with `preset` within ten minutes (the upload
 * spends it: used-signatures.ts).
 */
export function signUpload(secret: string, userId: string, preset: string): UploadSignature {
  const timestamp = Math.floor(Date.now() / 1000);
  const nonce = randomBytes(NONCE_LENGTH / 2).toString('hex');
  return {
    apiKey: MEDIA_API_KEY,
    signature: sign(secret, userId, preset, timestamp, nonce),
    timestamp,
  };
}

export type UploadSignatureCheck = 'ok' | 'missing' | 'invalid' | 'expired';

/** Checks the multipart fields against the session's user. */
export function checkUploadSignature(
  secret: string,
  userId: string,
  fields: { api_key?: string; timestamp?: string; signature?: string; upload_preset?: string },
): UploadSignatureCheck {
  const { api_key, timestamp, signature } = fields;
  if (!api_key || !timestamp || !signature) return 'missing';
  const ts = Number(timestamp);
  if (api_key !== MEDIA_API_KEY || !/^\d{1,12}$/.test(timestamp)) return 'invalid';
  const nonce = signature.slice(0, NONCE_LENGTH);
  const want = Buffer.from(sign(secret, userId, fields.upload_preset ?? '', ts, nonce));
  const got = Buffer.from(signature);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return 'invalid';
  const age = Date.now() / 1000 - ts;
  // A little clock skew is tolerated; a signature from the future is not.
  if (age > UPLOAD_SIGNATURE_TTL_S || age < -60) return 'expired';
  return 'ok';
}
