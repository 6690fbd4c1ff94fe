import { UNLOCK_GRANT_MS } from './texts.ts';

/**
 * Which CVs this browser unlocked, until when, and the template each was last drawn in. The
 * unlock cookie is HttpOnly, so the page cannot see it; without this note every fresh visit
 * asked the server and drew a 403 (which the browser logs as an error) before the pin was even
 * entered. The template lets a return visit fetch its chunk beside the CV's answer.
 */
const key = (cvId: string) => `vitae-unlocked-${cvId}`;

interface UnlockNote {
  until: number;
  template?: string;
}

/** The note, or null without one; a note of an older build is the bare time. */
function readNote(cvId: string): UnlockNote | null {
  const raw = window.localStorage.getItem(key(cvId));
  if (raw === null) return null;
  if (/^\d+$/.test(raw)) return { until: Number(raw) };
  try {
    const note = JSON.parse(raw) as Partial<UnlockNote>;
    if (typeof note.until !== 'number') return null;
    return {
      until: note.until,
      template: typeof note.template === 'string' ? note.template : undefined,
    };
  } catch {
    return null;
  }
}

const writeNote = (cvId: string, note: UnlockNote) =>
  window.localStorage.setItem(key(cvId), JSON.stringify(note));

/** True when an unlock from this browser may still be live (or storage cannot tell). */
export function mayBeUnlocked(cvId: string, now = Date.now()): boolean {
  try {
    return (readNote(cvId)?.until ?? 0) > now;
  } catch {
    // Storage blocked: ask the server, as before.
    return true;
  }
}

/** The template the CV was last drawn in here, if noted. */
export function notedTemplate(cvId: string): string | undefined {
  try {
    return readNote(cvId)?.template;
  } catch {
    return undefined;
  }
}

/** Notes an unlock; it lasts as long as the server's grant. */
export function rememberUnlock(cvId: string, template: string, now = Date.now()): void {
  try {
    writeNote(cvId, { until: now + UNLOCK_GRANT_MS, template });
  } catch {
    // Storage blocked: the next visit asks the server.
  }
}

/** Notes the template a remembered CV came in, keeping the grant's end. */
export function noteTemplate(cvId: string, template: string): void {
  try {
    const note = readNote(cvId);
    if (note && note.template !== template) writeNote(cvId, { ...note, template });
  } catch {
    // Storage blocked: nothing to keep.
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
