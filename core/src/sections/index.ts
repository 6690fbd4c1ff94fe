import type { z } from 'zod';
import type { ColumnKind } from './fields.ts';
import * as personalInfo from './personal-info.ts';
import * as contactInfo from './contact-info.ts';
import * as personalSummary from './personal-summary.ts';
import * as experience from './experience.ts';
import * as secondaryEducation from './secondary-education.ts';
import * as tertiaryEducation from './tertiary-education.ts';
import * as skill from './skill.ts';
import * as language from './language.ts';
import * as reference from './reference.ts';
import * as interest from './interest.ts';
import * as attribute from './attribute.ts';
import * as employmentHistory from './employment-history.ts';

// Only the section-specific helpers; the field builders stay under '@vitae/core/sections/fields'.
export {
  END_DATE_BEFORE_START,
  END_YEAR_BEFORE_START,
  dateKey,
  endsBeforeStart,
  type ColumnKind,
} from './fields.ts';
export * from './personal-info.ts';
export * from './contact-info.ts';
export * from './personal-summary.ts';
export * from './experience.ts';
export * from './secondary-education.ts';
export * from './tertiary-education.ts';
export * from './skill.ts';
export * from './language.ts';
export * from './reference.ts';
export * from './interest.ts';
export * from './attribute.ts';
export * from './employment-history.ts';

export const SECTION_KEYS = [
  'personal-info',
  'contact-info',
  'personal-summary',
  'experience',
  'secondary-education',
  'tertiary-education',
  'skill',
  'language',
  'reference',
  'interest',
  'attribute',
  'employment-history',
] as const;
export type SectionKey = (typeof SECTION_KEYS)[number];

/** Every section entry as the API returns it. */
export type SectionEntry<T> = T & { _id: string; lastUpdate: string };

/** The data of each section, by key. */
export interface SectionDataMap {
  'personal-info': personalInfo.PersonalInfo;
  'contact-info': contactInfo.ContactInfo;
  'personal-summary': personalSummary.PersonalSummary;
  experience: experience.Experience;
  'secondary-education': secondaryEducation.SecondaryEducation;
  'tertiary-education': tertiaryEducation.TertiaryEducation;
  skill: skill.Skill;
  language: language.Language;
  reference: reference.Reference;
  interest: interest.Interest;
  attribute: attribute.Attribute;
  'employment-history': employmentHistory.EmploymentHistory;
}

/**
 * Interest and attribute refuse a second entry with the same text (any case);
 * their create call may send the whole list under `listKey`.
 */
export interface UniqueRule {
  field: string;
  listKey: string;
  message: string;
}

export interface SectionDef<K extends SectionKey = SectionKey> {
  key: K;
  /** '/api/<key>' */
  apiPath: string;
  label: string;
  /** 'single': one record per user (a second create updates it); 'list': many. */
  kind: 'single' | 'list';
  schema: z.ZodType<SectionDataMap[K], unknown>;
  /** The realtime `data-updated` dataType (spec section 7): the key itself. */
  dataType: K;
  /** Empty form values. */
  defaults: SectionDataMap[K];
  /** Realistic entries for /sample and template previews. */
  sample: SectionDataMap[K][];
  /** Storage kind of each field; also the list of fields, in form order. */
  columns: Record<keyof SectionDataMap[K] & string, ColumnKind>;
  unique?: UniqueRule;
}

const def = <K extends SectionKey>(
  d: Omit<SectionDef<K>, 'apiPath' | 'dataType'>,
): SectionDef<K> => ({
  ...d,
  apiPath: `/api/${d.key}`,
  dataType: d.key,
});

export const SECTIONS: { [K in SectionKey]: SectionDef<K> } = {
  'personal-info': def({
    key: 'personal-info',
    label: 'Personal Information',
    kind: 'single',
    schema: personalInfo.personalInfoSchema,
    defaults: personalInfo.personalInfoDefaults,
    sample: personalInfo.personalInfoSample,
    columns: personalInfo.personalInfoColumns,
  }),
  'contact-info': def({
    key: 'contact-info',
    label: 'Contact Information',
    kind: 'single',
    schema: contactInfo.contactInfoSchema,
    defaults: contactInfo.contactInfoDefaults,
    sample: contactInfo.contactInfoSample,
    columns: contactInfo.contactInfoColumns,
  }),
  'personal-summary': def({
    key: 'personal-summary',
    label: 'Personal Summary',
    kind: 'single',
    schema: personalSummary.personalSummarySchema,
    defaults: personalSummary.personalSummaryDefaults,
    sample: personalSummary.personalSummarySample,
    columns: personalSummary.personalSummaryColumns,
  }),
  experience: def({
    key: 'experience',
    label: 'Work Experience',
    kind: 'list',
    schema: experience.experienceSchema,
    defaults: experience.experienceDefaults,
    sample: experience.experienceSample,
    columns: experience.experienceColumns,
  }),
  'secondary-education': def({
    key: 'secondary-education',
    label: 'Secondary Education',
    kind: 'list',
    schema: secondaryEducation.secondaryEducationSchema,
    defaults: secondaryEducation.secondaryEducationDefaults,
    sample: secondaryEducation.secondaryEducationSample,
    columns: secondaryEducation.secondaryEducationColumns,
  }),
  'tertiary-education': def({
    key: 'tertiary-education',
    label: 'Tertiary Education',
    kind: 'list',
    schema: tertiaryEducation.tertiaryEducationSchema,
    defaults: tertiaryEducation.tertiaryEducationDefaults,
    sample: tertiaryEducation.tertiaryEducationSample,
    columns: tertiaryEducation.tertiaryEducationColumns,
  }),
  skill: def({
    key: 'skill',
    label: 'Skills',
    kind: 'list',
    schema: skill.skillSchema,
    defaults: skill.skillDefaults,
    sample: skill.skillSample,
    columns: skill.skillColumns,
  }),
  language: def({
    key: 'language',
    label: 'Languages',
    kind: 'list',
    schema: language.languageSchema,
    defaults: language.languageDefaults,
    sample: language.languageSample,
    columns: language.languageColumns,
  }),
  reference: def({
    key: 'reference',
    label: 'References',
    kind: 'list',
    schema: reference.referenceSchema,
    defaults: reference.referenceDefaults,
    sample: reference.referenceSample,
    columns: reference.referenceColumns,
  }),
  interest: def({
    key: 'interest',
    label: 'Interests',
    kind: 'list',
    schema: interest.interestSchema,
    defaults: interest.interestDefaults,
    sample: interest.interestSample,
    columns: interest.interestColumns,
    unique: {
      field: 'interest',
      listKey: 'interests',
      message: interest.INTEREST_MESSAGES.duplicate,
    },
  }),
  attribute: def({
    key: 'attribute',
    label: 'Attributes',
    kind: 'list',
    schema: attribute.attributeSchema,
    defaults: attribute.attributeDefaults,
    sample: attribute.attributeSample,
    columns: attribute.attributeColumns,
    unique: {
      field: 'attribute',
      listKey: 'attributes',
      message: attribute.ATTRIBUTE_MESSAGES.duplicate,
    },
  }),
  'employment-history': def({
    key: 'employment-history',
    label: 'Employment History',
    kind: 'list',
    schema: employmentHistory.employmentHistorySchema,
    defaults: employmentHistory.employmentHistoryDefaults,
    sample: employmentHistory.employmentHistorySample,
    columns: employmentHistory.employmentHistoryColumns,
  }),
};

/** Entries a user may keep in one list section. */
export const MAX_SECTION_ENTRIES = 50;
export const TOO_MANY_ENTRIES = `You can add at most ${MAX_SECTION_ENTRIES} entries to this section.`;

export const isSectionKey = (v: string): v is SectionKey =>
  (SECTION_KEYS as readonly string[]).includes(v);

/** The heading templates show: the full name, and a title when one is known. */
export interface ViewHeading {
  fullName: string;
  title?: string;
}
