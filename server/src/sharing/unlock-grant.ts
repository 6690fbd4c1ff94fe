import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { UNLOCK_GRANT_MS } from '@vitae/core';

/**
 * The `vitae_unlock` cookie: which shared CVs this browser unlocked (and through which
 * share), each until an expiry. Signed with the server secret and HttpOnly, so page
 * scripts cannot read or forge it; stateless, so every instance honours it.
 */
export const UNLOCK_COOKIE = 'vitae_unlock';
/** Keeps the cookie small: the oldest grants drop off first. */
const MAX_GRANTS = 10;

export interface UnlockGrant {
  /** CV id */
  c: string;
  /** share id */
  s: string;
  /** expiry, epoch seconds */
  e: number;
  /**
   * The share's pin generation when it was unlocked: a resend bumps the share's, so grants
   * from before it stop working. Absent in grants issued before shares had one (read as 0).
   */
  g?: number;
}

const mac = (secret: string, body: string) =>
  createHmac('sha256', secret).update(`vitae-unlock\n${body}`).digest('base64url');

function isGrant(v: unknown): v is UnlockGrant {
  const g = v as UnlockGrant;
  return (
    typeof g === 'object' &&
    g !== null &&
    /^[0-9a-f]{24}$/.test(String(g.c)) &&
    /^[0-9a-f]{24}$/.test(String(g.s)) &&
    Number.isInteger(g.e) &&
    (g.g === undefined || Number.isInteger(g.g))
  );
}

/** The live grants in the request's cookie; a tampered or malformed cookie grants nothing. */
export function readGrants(secret: string, req: FastifyRequest): UnlockGrant[] {
  const raw = req.cookies[UNLOCK_COOKIE];
  if (!raw || raw.length > 4000) return [];
  const [body, sig] = raw.split('.');
  if (!body || !sig) return [];
  const want = Buffer.from(mac(secret, body));
  const got = Buffer.from(sig);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return [];
  try {
    const parsed: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    const now = Date.now() / 1000;
    return Array.isArray(parsed) ? parsed.filter(isGrant).filter((g) => g.e > now) : [];
  } catch {
    return [];
  }
}

/** Whether a grant is still good for its share: not issued before the share's last resend. */
export const grantIsCurrent = (grant: UnlockGrant, share: { pin_generation: number }) =>
  (grant.g ?? 0) === share.pin_generation;

export const grantFor = (secret: string, req: FastifyRequest, cvId: string) =>
  readGrants(secret, req).find((g) => g.c === cvId) ?? null;

/** Adds (or renews) the grant for one CV and sends the cookie. */
export function addGrant(
  secret: string,
  req: FastifyRequest,
  reply: FastifyReply,
  grant: { cvId: string; shareId: string; generation: number },
  secure: boolean,
): void {
  const e = Math.floor((Date.now() + UNLOCK_GRANT_MS) / 1000);
  const grants = [
    ...readGrants(secret, req).filter((g) => g.c !== grant.cvId),
    { c: grant.cvId, s: grant.shareId, e, g: grant.generation },
  ].slice(-MAX_GRANTS);
  const body = Buffer.from(JSON.stringify(grants)).toString('base64url');
  void reply.setCookie(UNLOCK_COOKIE, `${body}.${mac(secret, body)}`, {
    path: '/api',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: UNLOCK_GRANT_MS / 1000,
  });
}
