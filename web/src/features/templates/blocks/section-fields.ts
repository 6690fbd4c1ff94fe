import type { CvContactInfo, CvData } from '@vitae/core/cv';

/*
 * The CV's sections as the template blocks know them, apart from how they are drawn: the
 * header and the theme types read these without importing the blocks (section-blocks.tsx),
 * which import them in turn.
 */

/*
 * How the pieces around the sections (the header, the headline) read the sections they show:
 * through these, so that a section is named in this file and not in each piece.
 */

/** The owner's name and headline as CV headers show them ('' when unset). */
export const cvOwner = (data: CvData): { name: string; headline: string } => ({
  name: data.personalInfo?.fullName ?? '',
  headline: data.personalInfo?.headline ?? '',
});

/** A CV's contact details (null without any). */
export const cvContact = (data: CvData): CvContactInfo | null => data.contactInfo;

/** The summary text of a CV ('' without one). */
export const cvSummaryText = (data: CvData): string => data.personalSummary?.summary ?? '';

/**
 * The CV data behind each block, by its field: where the user's arrangement (keyed by the 12
 * data sections) meets the templates (arranged.ts, docs/decisions/0009-section-arrangement.md).
 */
export const SECTION_FIELDS_OF = {
  summary: ['personalSummary'],
  'personal-details': ['personalInfo'],
  'personal-information': ['personalInfo'],
  employment: ['employHistorys'],
  experience: ['experiences'],
  tertiary: ['tertEdus'],
  secondary: ['secondEdu'],
  // 09, 10 and ink-friendly list both educations in one section.
  education: ['tertEdus', 'secondEdu'],
  skills: ['skills'],
  languages: ['languages'],
  interests: ['interests'],
  attributes: ['attributes'],
  references: ['references'],
} as const satisfies Record<string, ReadonlyArray<keyof CvData>>;

/** The data behind the header's contact piece: hidden and titled, never moved. */
export const CONTACT_FIELD: keyof CvData = 'contactInfo';

/** Stable ids, one per CV section block: tests and print CSS rely on `data-section`. */
export type SectionId = keyof typeof SECTION_FIELDS_OF;
