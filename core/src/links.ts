/**
 * What counts as a phone number, a web address and a LinkedIn profile, and where a CV links
 * each. Plain functions without zod: the templates (and the shared viewer) link contact
 * details with them and must stay free of zod (e2e/bundle-size.spec.ts); the section schemas
 * in sections/fields.ts validate with the same rules.
 */

/** 7 to 15 digits (E.164 allows 15), with spaces, dots, hyphens or brackets between them. */
export function isPhoneNumber(value: string): boolean {
  if (!/^\+?[\d\s().-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 15;
}

/** scheme? host (dotted, ending in a top-level name) port? then any path without spaces. */
const WEB_ADDRESS =
  /^(https?:\/\/)?((?:[a-z\d](?:[a-z\d-]*[a-z\d])?\.)+[a-z]{2,})(:\d{1,5})?([/?#]\S*)?$/i;

/**
 * An http(s) address with a dotted host and no spaces. A bare "example.com" counts: the
 * templates link it as https://example.com. Any other scheme (javascript:, data:) is refused.
 */
export const isWebAddress = (value: string): boolean => WEB_ADDRESS.test(value);

/** A LinkedIn handle ("thandi-mokoena") or a profile address on linkedin.com. */
export function isLinkedInProfile(value: string): boolean {
  if (/^[a-z\d][a-z\d_-]{1,99}$/i.test(value)) return true;
  const m = WEB_ADDRESS.exec(value);
  return !!m && /(^|\.)linkedin\.com$/i.test(m[2] ?? '') && /^\/\S+/.test(m[4] ?? '');
}

/** Where a CV links a phone number, or undefined when it is not one (rows stored before the rule). */
export const phoneHref = (value: string): string | undefined =>
  isPhoneNumber(value) ? `tel:${value.replace(/[^\d+]/g, '')}` : undefined;

/** Where a CV links a web address (https:// added to a bare one), or undefined when it is none. */
export const webHref = (value: string): string | undefined =>
  isWebAddress(value) ? (/^https?:\/\//i.test(value) ? value : `https://${value}`) : undefined;

/** Where a CV links a LinkedIn profile given as an address or a handle. */
export function linkedInHref(value: string): string | undefined {
  if (!isLinkedInProfile(value)) return undefined;
  return webHref(value) ?? `https://www.linkedin.com/in/${value}`;
}
