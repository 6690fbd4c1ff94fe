import { z } from 'zod';
import type { ColumnKind } from './fields.ts';
import {
  catalogEntry,
  type IndicatorKind,
  type SectionCatalogEntry,
  type UniqueRule,
} from './define.ts';
import type { JsonResumeMapping } from '../json-resume/mapping.ts';
import type { LinkedInMapping } from '../json-resume/linkedin.ts';
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
export {
  defineSection,
  type IndicatorKind,
  type SectionCatalogEntry,
  type UniqueRule,
} from './define.ts';
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

/**
 * The registry: every section, in the product's order (docs/product/builder.md#tabs: the
 * dashboard's cards and builder's tabs). Each file under ./ defines one
 * section completely; the lists other code needs (keys, data types, status rules,
 * CvData fields) are derived from here.
 */
const REGISTRY = {
  'personal-info': personalInfo.personalInfoSection,
  'contact-info': contactInfo.contactInfoSection,
  'personal-summary': personalSummary.personalSummarySection,
  'employment-history': employmentHistory.employmentHistorySection,
  experience: experience.experienceSection,
  'secondary-education': secondaryEducation.secondaryEducationSection,
  'tertiary-education': tertiaryEducation.tertiaryEducationSection,
  skill: skill.skillSection,
  language: language.languageSection,
  attribute: attribute.attributeSection,
  interest: interest.interestSection,
  reference: reference.referenceSection,
};
type Registry = typeof REGISTRY;

export type SectionKey = keyof Registry;
export const SECTION_KEYS = Object.keys(REGISTRY) as readonly SectionKey[];

/** Every section entry as the API returns it. */
export type SectionEntry<T> = T & { _id: string; lastUpdate: string };

/** The data of each section, by key. */
export type SectionDataMap = {
  [K in SectionKey]: Registry[K]['defaults'];
};

/** The CvData field of each section and its value (docs/product/templates-and-print.md#cv-data). */
export type SectionCvData = {
  [K in SectionKey as Registry[K]['cv']['field']]: ReturnType<Registry[K]['cv']['read']>;
};

export interface SectionDef<K extends SectionKey = SectionKey> {
  key: K;
  /** '/api/<key>' */
  apiPath: string;
  /** The builder tab key (?tab=...). */
  tab: string;
  label: string;
  blurb: string;
  /** 'single': one record per user (a second create updates it); 'list': many. */
  kind: 'single' | 'list';
  schema: z.ZodType<SectionDataMap[K], unknown>;
  /** The realtime `data-updated` dataType (docs/product/notifications.md#realtime-channel). */
  dataType: K;
  /** Empty form values. */
  defaults: SectionDataMap[K];
  /** Realistic entries for /sample and template previews. */
  sample: SectionDataMap[K][];
  /** The long preview CV's entries (SAMPLE_CV). */
  preview: readonly Partial<SectionDataMap[K]>[];
  /** Storage kind of each field; also the list of fields, in form order. */
  columns: Record<keyof SectionDataMap[K] & string, ColumnKind>;
  /** The most characters each text field takes. */
  limits: Registry[K]['limits'];
  indicator: IndicatorKind;
  /** The status number from the user's entries (docs/product/dashboard.md#status-indicators). */
  status: (entries: readonly SectionDataMap[K][]) => number;
  unique?: UniqueRule;
  /** The fields that make two entries the same fact (define.ts); absent: every field. */
  sameEntry?: readonly (keyof SectionDataMap[K] & string)[];
  title?: (entries: readonly SectionDataMap[K][]) => string | undefined;
  /** The camel-case key stored sections arrive under, its other names, and the CvData mapping. */
  cvSource: string;
  cv: Registry[K]['cv'];
  /** Its place in a JSON Resume and the way back (core/src/json-resume). */
  jsonResume: JsonResumeMapping<SectionDataMap[K]>;
  linkedIn?: LinkedInMapping<SectionDataMap[K]>;
}

export const SECTIONS: { [K in SectionKey]: SectionDef<K> } = REGISTRY;

/** Each section's card, tab and CvData field as plain data, in registry order (define.ts). */
export const SECTION_CATALOG: readonly SectionCatalogEntry<
  SectionKey,
  keyof SectionCvData & string
>[] = SECTION_KEYS.map((key) => catalogEntry(SECTIONS[key]));

/**
 * Each section's CvData value as a response schema: one record or null for a single section,
 * a list for the others (core/src/responses/cv.ts builds CvData's schema from these).
 */
export const CV_SCHEMAS: Record<SectionKey, z.ZodType> = {
  'personal-info': personalInfo.cvPersonalInfoSchema.nullable(),
  'contact-info': contactInfo.cvContactInfoSchema.nullable(),
  'personal-summary': personalSummary.cvPersonalSummarySchema.nullable(),
  'employment-history': z.array(employmentHistory.cvEmploymentSchema),
  experience: z.array(experience.cvExperienceSchema),
  'secondary-education': z.array(secondaryEducation.cvSecondaryEducationSchema),
  'tertiary-education': z.array(tertiaryEducation.cvTertiaryEducationSchema),
  skill: z.array(skill.cvSkillSchema),
  language: z.array(language.cvLanguageSchema),
  attribute: z.array(attribute.cvAttributeSchema),
  interest: z.array(interest.cvInterestSchema),
  reference: z.array(reference.cvReferenceSchema),
};

/** Entries a user may keep in one list section. */
export const MAX_SECTION_ENTRIES = 50;
export const TOO_MANY_ENTRIES = `You can add at most ${MAX_SECTION_ENTRIES} entries to this section.`;

export const isSectionKey = (v: string): v is SectionKey =>
  (SECTION_KEYS as readonly string[]).includes(v);

/** The CV heading's title: the first the sections give from their entries (`entriesOf(key)`). */
export function headingTitle(
  entriesOf: (key: SectionKey) => readonly unknown[],
): string | undefined {
  for (const key of SECTION_KEYS) {
    const title = (SECTIONS[key] as SectionDef).title?.(entriesOf(key) as never);
    if (title) return title;
  }
  return undefined;
}

/** The heading templates show: the full name, and a title when one is known. */
export interface ViewHeading {
  fullName: string;
  title?: string;
}
