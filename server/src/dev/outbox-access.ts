import { isIPv4, isIPv6 } from 'node:net';
import type { Config } from '../config.ts';

/**
 * Who may read /dev/outbox. The outbox holds every user's reset links and view pins,
 * so by default only the person at the machine may: a loopback request to a server
 * bound to loopback and not behind a proxy (a proxy on the same machine would make
 * every visitor look local). OUTBOX_PAGE=on opens it to anyone who reaches the port
 * (a shared test server); production never serves it.
 */
export type OutboxAccess =
  | { open: 'local' }
  | { open: 'anyone' }
  | { open: 'no'; reason: 'production' | 'opted-out' | 'behind-proxy' | 'host-not-loopback' };

export function outboxAccess(
  config: Pick<Config, 'env' | 'host' | 'outboxPage' | 'trustProxy'>,
): OutboxAccess {
  if (config.env === 'production') return { open: 'no', reason: 'production' };
  if (config.outboxPage === 'off') return { open: 'no', reason: 'opted-out' };
  if (config.outboxPage === 'on') return { open: 'anyone' };
  if (config.trustProxy !== false) return { open: 'no', reason: 'behind-proxy' };
  return isLoopback(config.host) ? { open: 'local' } : { open: 'no', reason: 'host-not-loopback' };
}

/** Headers a proxy adds: such a request came from elsewhere, whatever the socket says. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/** The local user: a loopback socket address (never a header) and no proxy in between. */
export function isLocalRequest(
  socketAddress: string | undefined,
  headers: Record<string, unknown>,
): boolean {
  return isLoopback(socketAddress) && !FORWARDING_HEADERS.some((h) => headers[h] !== undefined);
}

/** 127.0.0.0/8, ::1 (also IPv4-mapped and bracketed forms) and the name localhost. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const a = address
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (a === 'localhost') return true;
  const v4 = a.startsWith('::ffff:') ? a.slice('::ffff:'.length) : a;
  if (isIPv4(v4)) return v4.startsWith('127.');
  return isIPv6(a) && /^(0{0,4}:){2,7}0{0,3}1$/.test(a);
}

/** The start-up line's words for the page. */
export function describeOutboxAccess(access: OutboxAccess, publicUrl: string): string {
  const url = `${publicUrl}/dev/outbox`;
  if (access.open === 'local') return `outbox page: local only at ${url}`;
  if (access.open === 'anyone') {
    return `outbox page: open to anyone who reaches ${url} (OUTBOX_PAGE=on)`;
  }
  const why = {
    production: 'NODE_ENV is production',
    'opted-out': 'OUTBOX_PAGE=off',
    'behind-proxy':
      'TRUST_PROXY is set, so requests come through a proxy; set OUTBOX_PAGE=on to open it',
    'host-not-loopback': 'HOST is not loopback; set OUTBOX_PAGE=on to open it',
  }[access.reason];
  return `outbox page: off (${why})`;
}
