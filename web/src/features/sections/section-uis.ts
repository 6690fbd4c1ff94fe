import type { SectionKey } from '@vitae/core/sections/index';
import { attributeUi } from './fields/attribute.tsx';
import { contactInfoUi } from './fields/contact-info.tsx';
import { employmentHistoryUi } from './fields/employment-history.tsx';
import { experienceUi } from './fields/experience.tsx';
import { interestUi } from './fields/interest.tsx';
import { languageUi } from './fields/language.tsx';
import { personalInfoUi } from './fields/personal-info.tsx';
import { personalSummaryUi } from './fields/personal-summary.tsx';
import { referenceUi } from './fields/reference.tsx';
import { secondaryEducationUi } from './fields/secondary-education.tsx';
import { skillUi } from './fields/skill.tsx';
import { tertiaryEducationUi } from './fields/tertiary-education.tsx';
import type { SectionUi } from './section-ui.ts';

/** The screen description of every section, by core's section key. */
export const SECTION_UIS: Record<SectionKey, SectionUi> = {
  'personal-info': personalInfoUi,
  'contact-info': contactInfoUi,
  'personal-summary': personalSummaryUi,
  experience: experienceUi,
  'secondary-education': secondaryEducationUi,
  'tertiary-education': tertiaryEducationUi,
  skill: skillUi,
  language: languageUi,
  reference: referenceUi,
  interest: interestUi,
  attribute: attributeUi,
  'employment-history': employmentHistoryUi,
};
