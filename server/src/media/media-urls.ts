import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a stored key's extension says its bytes are; the server chose it from magic bytes. */
export const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  pdf: 'application/pdf',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  avi: 'video/x-msvideo',
};

/** `<24 hex public id>[-thumb|-poster].<ext>`: the only keys the media service writes. */
export const MEDIA_KEY =
  /^([0-9a-f]{24})(?:-(thumb|poster))?\.(jpg|png|webp|pdf|mp4|webm|mov|avi)$/;

const MEDIA_PATH_PREFIX = '/media/file/';
/** How long an issued media URL stays valid by default. */
const MEDIA_URL_TTL_MS = 12 * 60 * 60 * 1000;
/** Expiries are rounded up to this step, so URLs stay identical (and cacheable) for a while. */
const EXPIRY_STEP_S = 60 * 60;

/**
 * Who a URL was handed to, when that can end before the URL expires: a share recipient
 * (the share and its pin generation), or an HR user reading a saved CV (the saved CV and
 * that HR user). Revoking the share, its expiry or a resent pin ends every URL handed out
 * under it at once; so does the owner unlisting a CV the HR user has no share of.
 */
export type MediaScope = ShareScope | SavedCvScope | LinkScope;
export interface ShareScope {
  shareId: string;
  generation: number;
}
export interface SavedCvScope {
  savedId: string;
  hrUserId: string;
}
/** A reader of a version's public link: turning the link off or resetting it ends the URL. */
export interface LinkScope {
  linkId: string;
}

/**
 * Whether a scope still lets its holder in. Sharing and HR own the answers; the composition
 * root (app.ts) passes them in, so media imports neither feature.
 */
export interface MediaAccess {
  /** The share is open and still on this pin generation. */
  shareOpen(shareId: string, generation: number): Promise<boolean>;
  /** The HR user may still read the saved CV (listed, or shared with them). */
  savedReadable(hrUserId: string, savedId: string): Promise<boolean>;
  /** The public link is still on and has not been reset. */
  linkOpen(linkId: string): Promise<boolean>;
}

/** The query parameter a scope travels in, and its value. */
const scopeParam = (scope: MediaScope): [name: 'share' | 'saved' | 'link', value: string] =>
  'shareId' in scope
    ? ['share', `${scope.shareId}.${scope.generation}`]
    : 'linkId' in scope
      ? ['link', scope.linkId]
      : ['saved', `${scope.savedId}.${scope.hrUserId}`];

/** What the signature covers of a scope: its parameter's name too, so neither passes as the other. */
const scopeSigned = (scope: MediaScope | null) => {
  if (!scope) return '';
  const [name, value] = scopeParam(scope);
  return name === 'share' ? value : `${name}:${value}`;
};

/**
 * The `share`, `saved` or `link` query parameter back as a scope: null when none is there,
 * 'malformed' when one is not what signMediaUrl writes (or more than one is there).
 */
export function parseMediaScope(query: {
  share?: unknown;
  saved?: unknown;
  link?: unknown;
}): MediaScope | null | 'malformed' {
  const { share, saved, link } = query;
  const given = [share, saved, link].filter((v) => v !== undefined).length;
  if (given === 0) return null;
  if (given > 1) return 'malformed';
  const shareM = typeof share === 'string' ? /^([0-9a-f]{24})\.(\d{1,9})$/.exec(share) : null;
  const savedM = typeof saved === 'string' ? /^([0-9a-f]{24})\.([0-9a-f]{24})$/.exec(saved) : null;
  const linkM = typeof link === 'string' ? /^[0-9a-f]{24}$/.exec(link) : null;
  if (shareM) return { shareId: shareM[1]!, generation: Number(shareM[2]) };
  if (savedM) return { savedId: savedM[1]!, hrUserId: savedM[2]! };
  if (linkM) return { linkId: linkM[0] };
  return 'malformed';
}

const mac = (secret: string, key: string, exp: number, scope: string) =>
  createHmac('sha256', secret)
    .update(`vitae-media-url\n${key}\n${exp}${scope ? `\n${scope}` : ''}`)
    .digest('base64url');

/**
 * A same-origin URL that lets its holder read one stored file until it expires.
 * Features hand these out with the data they return to whoever may see it (the owner,
 * a share recipient after unlocking, an HR user): the file route checks the signature, and
 * for a scoped URL, that the share is still open or the saved CV still readable.
 */
export function signMediaUrl(
  secret: string,
  key: string,
  ttlMs: number = MEDIA_URL_TTL_MS,
  scope?: MediaScope,
): string {
  const exp = Math.ceil((Date.now() + ttlMs) / 1000 / EXPIRY_STEP_S) * EXPIRY_STEP_S;
  const param = scope ? `&${scopeParam(scope).join('=')}` : '';
  return `${MEDIA_PATH_PREFIX}${key}?exp=${exp}${param}&sig=${mac(secret, key, exp, scopeSigned(scope ?? null))}`;
}

/**
 * True when `sig` was issued by signMediaUrl for `key` (and `scope`, as its `share` or
 * `saved` parameter) and has not expired.
 */
export function verifyMediaUrl(
  secret: string,
  key: string,
  exp: unknown,
  sig: unknown,
  scope: MediaScope | null = null,
): boolean {
  const expN = Number(exp);
  if (!Number.isInteger(expN) || expN * 1000 <= Date.now() || typeof sig !== 'string') return false;
  const want = Buffer.from(mac(secret, key, expN, scopeSigned(scope)));
  const got = Buffer.from(sig);
  return want.length === got.length && timingSafeEqual(want, got);
}

/** The same file's URL, signed again for one share's recipient or one HR user. */
export function scopedMediaUrl(secret: string, url: string, scope: MediaScope): string {
  const key = keyFromMediaUrl(url);
  return key ? signMediaUrl(secret, key, MEDIA_URL_TTL_MS, scope) : url;
}

/** The stored key a media URL (signed or not) points at, if it is one of ours. */
export function keyFromMediaUrl(url: string): string | null {
  const pathPart = url.split(/[?#]/)[0] ?? '';
  const at = pathPart.indexOf(MEDIA_PATH_PREFIX);
  if (at < 0) return null;
  const key = pathPart.slice(at + MEDIA_PATH_PREFIX.length);
  return MEDIA_KEY.test(key) ? key : null;
}
