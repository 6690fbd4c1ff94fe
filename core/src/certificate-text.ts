import { formatMonthYear } from './dates.ts';

/**
 * A certificate's details as every screen shows them beside its title (issue 32): "issuer ·
 * Mar 2020", either part alone, or ''. Free of zod, like the templates and the shared viewer.
 */
export const certificateDetailsText = (c: { issuer?: string; date?: string }): string =>
  [c.issuer?.trim(), c.date ? formatMonthYear(c.date) : ''].filter(Boolean).join(' · ');

/** Whether a certificate has a file to open. */
export const hasCertificateFile = (c: { pdfUrl: string; photoUrl: string }): boolean =>
  Boolean(c.pdfUrl || c.photoUrl);

/** A certificate's link as a CV may open it: http(s) only, else none. */
export const certificateHref = (url: string | undefined): string | undefined =>
  url && /^https?:\/\/\S+$/i.test(url) ? url : undefined;
