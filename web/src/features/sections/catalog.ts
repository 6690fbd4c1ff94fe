import { SECTIONS, SECTION_KEYS, type SectionKey } from '@vitae/core/sections/index';
import type { StatusKey } from '@vitae/core/section-status';

/*
 * The builder's tabs and the dashboard's cards (spec section 2): tab key, title, the
 * status it shows and what it edits. A section's title and blurb come from its core definition.
 */

export type MediaTab = 'photo' | 'certificates' | 'firstImpression';

export interface TabDef {
  /** The builder tab key (?tab=...). */
  tab: string;
  title: string;
  /** One line under the title on the dashboard card. */
  blurb: string;
  status: StatusKey;
  /** A data section edited by the generic editors... */
  section?: SectionKey;
  /** ...or a media screen built by the media feature. */
  media?: MediaTab;
}

export const FIRST_IMPRESSION_TAB: TabDef = {
  tab: 'firstImpression',
  title: 'First Impression',
  blurb: 'A 30-second video introducing yourself to employers.',
  status: 'first-impression',
  media: 'firstImpression',
};

/** The tab of a data section: its key, title, blurb and status from the section's definition. */
const sectionTab = (key: SectionKey): TabDef => ({
  tab: SECTIONS[key].tab,
  title: SECTIONS[key].label,
  blurb: SECTIONS[key].blurb,
  status: key,
  section: key,
});

const PHOTO_CARD: TabDef = {
  tab: 'photo',
  title: 'Profile Photo',
  blurb: 'A clear, friendly photo of you.',
  status: 'photo',
  media: 'photo',
};

const CERTIFICATES_CARD: TabDef = {
  tab: 'certificates',
  title: 'Certificates',
  blurb: 'Proof of your qualifications and achievements.',
  status: 'certificate',
  media: 'certificates',
};

/** The media cards and their places among the 14 (spec section 2): the photo leads, certificates follow the education sections. */
const MEDIA_CARDS: Array<[index: number, card: TabDef]> = [
  [0, PHOTO_CARD],
  [8, CERTIFICATES_CARD],
];

/** The 14 section cards of the dashboard, in the spec's order: the data sections in registry order, media cards in their places. */
export const SECTION_CARDS: TabDef[] = MEDIA_CARDS.reduce(
  (cards, [index, card]) => cards.toSpliced(index, 0, card),
  SECTION_KEYS.map(sectionTab),
);

/** Every builder tab: the first impression, then the cards' sections. */
export const BUILDER_TABS: TabDef[] = [FIRST_IMPRESSION_TAB, ...SECTION_CARDS];

/** The spec names the interests tab `interest`; the dashboard card says `interests`. */
const ALIASES: Record<string, string> = { interest: 'interests' };

/** The tab of a key, or undefined for an unknown key (the builder shows Coming Soon). */
export function findTab(key: string | null | undefined): TabDef | undefined {
  if (!key) return undefined;
  const k = ALIASES[key] ?? key;
  return BUILDER_TABS.find((t) => t.tab === k);
}

export const builderLink = (tab: string) => `/app/cv-builder?tab=${encodeURIComponent(tab)}`;
