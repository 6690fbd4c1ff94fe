/**
 * A public link per CV version (issue 30): `/cv/{slug}` opens the version without a pin, off
 * by default. Sharing with a pin stays the private way; a link can be reset (a new slug, the
 * old one stops working) or turned off at any time, and its views join the owner's trail.
 * No zod here: the public page reads these texts and must not load it.
 */
import type { ShareView } from './share.ts';
import type { CvData } from './cv.ts';
import type { TemplateId } from './templates.ts';

/** A slug is 16 URL-safe characters (96 random bits): the link is its only key. */
export const PUBLIC_LINK_SLUG = /^[A-Za-z0-9_-]{16}$/;
/** The page path of a link. */
export const publicLinkPath = (slug: string) => `/cv/${slug}`;

export const PUBLIC_LINK_MESSAGES = {
  notFound: 'This link does not open a CV. It may have been turned off or replaced.',
  viewedMessage: 'Someone with your public link viewed your CV.',
  tooMany: 'Too many requests for this link. Please wait a few minutes and try again.',
  settings: 'Please choose whether the link is on, and whether search engines may list it.',
  off: 'The public link is off. Turn it on first.',
} as const;

/** A version's link as its owner reads it, with the views through it (newest first, ≤ 100). */
export interface PublicLink {
  enabled: boolean;
  /** The page's path (`/cv/{slug}`) while the link is on. */
  path: string | null;
  indexable: boolean;
  includePhoto: boolean;
  viewCount: number;
  lastViewedAt: string | null;
  views: ShareView[];
}

/** What `/cv/{slug}` reads: the version as the owner laid it out. */
export interface PublicLinkCv {
  cv: { _id: string; template: TemplateId };
  data: CvData;
}
