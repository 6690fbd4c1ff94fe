import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { VIEW_PIN_LENGTH } from '@vitae/core';

/** A fresh 6-digit pin from the OS's CSPRNG (uniform, leading zeros kept). */
export const newViewPin = (): string =>
  String(randomInt(0, 10 ** VIEW_PIN_LENGTH)).padStart(VIEW_PIN_LENGTH, '0');

/**
 * The stored form of a pin: an HMAC keyed with the server secret and bound to its share,
 * so a copy of the database alone cannot be brute-forced offline and equal pins differ.
 */
export const hashViewPin = (secret: string, shareId: string, pin: string): string =>
  createHmac('sha256', secret).update(`vitae-view-pin\n${shareId}\n${pin}`).digest('hex');

/**
 * The id of the share whose pin this is, or null. Every candidate is compared in constant
 * time and the loop never stops early, so timing tells nothing about which share matched.
 */
export function matchViewPin(
  secret: string,
  shares: ReadonlyArray<{ id: string; pin_hash: string }>,
  pin: string,
): string | null {
  let matched: string | null = null;
  for (const share of shares) {
    const want = Buffer.from(share.pin_hash, 'hex');
    const got = Buffer.from(hashViewPin(secret, share.id, pin), 'hex');
    if (want.length === got.length && timingSafeEqual(want, got) && matched === null) {
      matched = share.id;
    }
  }
  return matched;
}
