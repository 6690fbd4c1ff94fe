/**
 * The viewer's texts and constants. They mirror `@vitae/core/share` (a test checks they
 * agree) but are kept here because that module brings zod, and this public page must stay
 * within its 100 KiB budget.
 */
export const VIEWER_TEXTS = {
  cvNotFoundTitle: 'CV Not Found',
  cvNotFound: 'The shared CV could not be found or may have been removed.',
  pinRequired: 'Please enter a view pin',
  notLoaded: 'CV information not loaded yet',
  pinInvalid: 'Invalid view pin. Please check and try again.',
  revoked: 'This CV is no longer shared.',
  expired: 'This link has expired. Ask the sender to share the CV again if you still need it.',
} as const;

export const VIEW_PIN_LENGTH = 6;
export const VIEW_PIN_CHECK_DELAY_MS = 500;
/** How long the server's unlock grant (the `vitae_unlock` cookie) lasts: 12 hours. */
export const UNLOCK_GRANT_MS = 12 * 60 * 60 * 1000;
/** At most one video progress report per this many ms while the video plays. */
export const VIDEO_PROGRESS_INTERVAL_MS = 5_000;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "23 Dec 2026" in the reader's time zone (no date library: this page has a budget). */
export function shortDate(iso: string): string | null {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return null;
  return `${d.getDate()} ${MONTHS[d.getMonth()]} ${d.getFullYear()}`;
}
