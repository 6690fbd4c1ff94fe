import type { SectionKey } from '@vitae/core/sections/index';
import type { StatusKey } from '@vitae/core/section-status';

/*
 * The builder's tabs and the dashboard's cards (spec section 2): tab key, title, the
 * status it shows and what it edits. Types only from core, so the dashboard stays light.
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

/** The 14 section cards of the dashboard, in the spec's order. */
export const SECTION_CARDS: TabDef[] = [
  {
    tab: 'photo',
    title: 'Profile Photo',
    blurb: 'A clear, friendly photo of you.',
    status: 'photo',
    media: 'photo',
  },
  {
    tab: 'personalInfo',
    title: 'Personal Information',
    blurb: 'Name, date of birth, ID, citizenship and licence.',
    status: 'personal-info',
    section: 'personal-info',
  },
  {
    tab: 'contactInfo',
    title: 'Contact Information',
    blurb: 'How employers reach you.',
    status: 'contact-info',
    section: 'contact-info',
  },
  {
    tab: 'personalSummary',
    title: 'Personal Summary',
    blurb: 'A short introduction at the top of your CV.',
    status: 'personal-summary',
    section: 'personal-summary',
  },
  {
    tab: 'employmentHistory',
    title: 'Employment History',
    blurb: 'The jobs you have held.',
    status: 'employment-history',
    section: 'employment-history',
  },
  {
    tab: 'experience',
    title: 'Work Experience',
    blurb: 'Projects, volunteering and other experience.',
    status: 'experience',
    section: 'experience',
  },
  {
    tab: 'education',
    title: 'Secondary Education',
    blurb: 'Your high school and subjects.',
    status: 'secondary-education',
    section: 'secondary-education',
  },
  {
    tab: 'tertiaryEducation',
    title: 'Tertiary Education',
    blurb: 'Degrees, diplomas and courses.',
    status: 'tertiary-education',
    section: 'tertiary-education',
  },
  {
    tab: 'certificates',
    title: 'Certificates',
    blurb: 'Proof of your qualifications and achievements.',
    status: 'certificate',
    media: 'certificates',
  },
  {
    tab: 'skills',
    title: 'Skills',
    blurb: 'What you are good at, rated 1 to 5.',
    status: 'skill',
    section: 'skill',
  },
  {
    tab: 'languages',
    title: 'Languages',
    blurb: 'Read, write and speak levels.',
    status: 'language',
    section: 'language',
  },
  {
    tab: 'attributes',
    title: 'Attributes',
    blurb: 'Qualities that describe you.',
    status: 'attribute',
    section: 'attribute',
  },
  {
    tab: 'interests',
    title: 'Interests',
    blurb: 'What you enjoy outside work.',
    status: 'interest',
    section: 'interest',
  },
  {
    tab: 'references',
    title: 'References',
    blurb: 'People who can vouch for you.',
    status: 'reference',
    section: 'reference',
  },
];

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
