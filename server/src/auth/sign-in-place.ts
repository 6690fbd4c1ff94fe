import type { FastifyRequest } from 'fastify';
import { stripUnsupported } from '@vitae/core';

/** How long a session's place may be (migration 034's column). */
export const SESSION_PLACE_MAX = 100;

/**
 * The approximate place a sign-in came from, as the proxy in front named it in the configured
 * headers (SESSION_PLACE_HEADERS, e.g. a CDN's city and country): "Durban, ZA". Only for a
 * request that came through a trusted proxy: a browser talking to the server directly could
 * set any header. Only its owner sees it, in Settings → Your sessions. Null without one.
 */
export function signInPlace(req: FastifyRequest, headers: readonly string[]): string | null {
  if (headers.length === 0 || req.ip === req.socket.remoteAddress) return null;
  const parts = headers
    .map((name) => req.headers[name])
    .map((v) => (Array.isArray(v) ? v[0] : v))
    .map((v) => stripUnsupported(decoded(v ?? '')).trim())
    .filter(Boolean);
  const place = parts.join(', ').slice(0, SESSION_PLACE_MAX).trim();
  return place || null;
}

/** A CDN may percent-encode a city ("S%C3%A3o%20Paulo"); a malformed one is kept as it came. */
function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
