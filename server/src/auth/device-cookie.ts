import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The `vitae_device` cookie (the OWASP "device cookie"): the accounts this browser has signed
 * in to. Each entry is bound to one account by an HMAC with the server secret and names no
 * email; the cookie is HttpOnly and goes only to the sign-in routes. A browser with a valid
 * entry for an account is spared that account's lockout (it has a counter of its own), so
 * wrong passwords sent from elsewhere cannot keep the owner out of their own account.
 */
export const DEVICE_COOKIE = 'vitae_device';
const DEVICE_TTL_S = 180 * 24 * 60 * 60;
/** Keeps the cookie small: the oldest entries drop off first. */
const MAX_ACCOUNTS = 5;
const COOKIE_PATH = '/auth/user';

interface Entry {
  /** Random id of this browser's entry: the key its own failures are counted on. */
  id: string;
  /** When it was issued, epoch seconds. */
  issued: number;
  sig: string;
}

const mac = (secret: string, account: string, id: string, issued: number) =>
  createHmac('sha256', secret)
    .update(`vitae-device\n${account}\n${id}\n${issued}`)
    .digest('base64url');

/** The well-formed entries of the request's cookie; anything else in it is ignored. */
function entriesOf(req: FastifyRequest): Entry[] {
  const raw = req.cookies[DEVICE_COOKIE];
  if (!raw || raw.length > 1000) return [];
  return raw
    .split('~')
    .slice(-MAX_ACCOUNTS)
    .flatMap((part) => {
      const [id = '', issuedText = '', sig = '', ...rest] = part.split('.');
      const issued = Number(issuedText);
      const wellFormed =
        /^[\w-]{22}$/.test(id) && /^[\w-]{43}$/.test(sig) && Number.isSafeInteger(issued);
      return wellFormed && rest.length === 0 ? [{ id, issued, sig }] : [];
    });
}

const nowS = () => Math.floor(Date.now() / 1000);
const live = (e: Entry) => e.issued + DEVICE_TTL_S > nowS();
const belongsTo = (secret: string, account: string, e: Entry) =>
  timingSafeEqual(Buffer.from(e.sig), Buffer.from(mac(secret, account, e.id, e.issued)));

/** The id of this browser's live entry for `account` (an email, lower-cased), or null. */
export function trustedDevice(secret: string, req: FastifyRequest, account: string): string | null {
  return entriesOf(req).find((e) => live(e) && belongsTo(secret, account, e))?.id ?? null;
}

/** Binds this browser to `account` with a fresh entry (replacing its older one) and sends it. */
export function rememberDevice(
  secret: string,
  req: FastifyRequest,
  reply: FastifyReply,
  account: string,
  secure: boolean,
): void {
  const issued = nowS();
  const id = randomBytes(16).toString('base64url');
  const entries = [
    ...entriesOf(req).filter((e) => live(e) && !belongsTo(secret, account, e)),
    { id, issued, sig: mac(secret, account, id, issued) },
  ].slice(-MAX_ACCOUNTS);
  void reply.setCookie(
    DEVICE_COOKIE,
    entries.map((e) => `${e.id}.${e.issued}.${e.sig}`).join('~'),
    { path: COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure, maxAge: DEVICE_TTL_S },
  );
}
