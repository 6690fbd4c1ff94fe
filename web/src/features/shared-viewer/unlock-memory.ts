import { UNLOCK_GRANT_MS } from './texts.ts';

/**
 * Which CVs this browser unlocked, and until when. The unlock cookie is HttpOnly, so the page
 * cannot see it; without this note every fresh visit asked the server and drew a 403 (which
 * the browser logs as an error) before the pin was even entered.
 */
const key = (cvId: string) => `vitae-unlocked-${cvId}`;

/** True when an unlock from this browser may still be live (or storage cannot tell). */
export function mayBeUnlocked(cvId: string, now = Date.now()): boolean {
  try {
    const until = Number(window.localStorage.getItem(key(cvId)));
    return until > now;
  } catch {
    // Storage blocked: ask the server, as before.
    return true;
  }
}

/** Notes an unlock; it lasts as long as the server's grant. */
export function rememberUnlock(cvId: string, now = Date.now()): void {
  try {
    window.localStorage.setItem(key(cvId), String(now + UNLOCK_GRANT_MS));
  } catch {
    // Storage blocked: the next visit asks the server.
  }
}

/** The server no longer knows the unlock (expired, or cookies cleared). */
export function forgetUnlock(cvId: string): void {
  try {
    window.localStorage.removeItem(key(cvId));
  } catch {
    // Nothing stored.
  }
}
