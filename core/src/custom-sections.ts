/**
 * Custom sections (issue 30): sections the user makes ("Volunteering", "Awards"), each with a
 * title (1–40 characters, like a renamed section's), a kind and up to MAX_CUSTOM_ENTRIES
 * entries. An entry's dates follow employment history's rules; its description is rich text.
 */
import { z } from 'zod';
import { SECTION_TITLE_MAX, sectionTitleSchema } from './arrangement.ts';
import {
  CUSTOM_SECTION_KINDS,
  MAX_CUSTOM_ENTRIES,
  MAX_CUSTOM_SECTIONS,
  isCustomSectionKind,
  type CustomSectionKind,
  type CvCustomEntry,
  type CvCustomSection,
} from './custom-section-keys.ts';
import { cvList, id, list, text, type Rec } from './sections/cv-read.ts';
import {
  END_DATE_BEFORE_START,
  checkRange,
  optionalText,
  requiredText,
} from './sections/fields.ts';

export * from './custom-section-keys.ts';

export const customEntryLimits = {
  title: 100,
  subtitle: 100,
  place: 100,
  startDate: 30,
  endDate: 30,
  description: 1000,
} as const;
const max = customEntryLimits;

export const CUSTOM_SECTION_MESSAGES = {
  kind: 'Please choose what the section holds.',
  tooManySections: `You can add at most ${MAX_CUSTOM_SECTIONS} sections of your own.`,
  tooManyEntries: `You can add at most ${MAX_CUSTOM_ENTRIES} entries to this section.`,
  sectionNotFound: 'Section not found',
  entryNotFound: 'Entry not found',
  order: 'The new order must list each of the section’s entries once.',
} as const;

const kindSchema = z.enum(CUSTOM_SECTION_KINDS, { error: CUSTOM_SECTION_MESSAGES.kind });

/** `POST /api/custom-sections`: a new section (its kind defaults to "other"). */
export const customSectionSchema = z.object({
  title: sectionTitleSchema,
  kind: kindSchema.default('other'),
});

/** `PATCH /api/custom-sections/:id`: a new title, a new kind, or both. */
export const customSectionPatchSchema = z.object({
  title: sectionTitleSchema.optional(),
  kind: kindSchema.optional(),
});

export type CustomSectionInput = z.input<typeof customSectionSchema>;

/** An entry; the dates take what employment history's take, and end cannot precede start. */
export const customEntrySchema = z
  .object({
    title: requiredText('Title', max.title),
    subtitle: optionalText('Subtitle', max.subtitle),
    place: optionalText('Place', max.place),
    startDate: optionalText('Start date', max.startDate),
    endDate: optionalText('End date', max.endDate),
    description: optionalText('Description', max.description, { rich: true }),
  })
  .superRefine(checkRange('startDate', 'endDate', END_DATE_BEFORE_START));

export type CustomEntry = z.output<typeof customEntrySchema>;
export type CustomEntryInput = z.input<typeof customEntrySchema>;

export const customEntryDefaults: CustomEntry = {
  title: '',
  subtitle: '',
  place: '',
  startDate: '',
  endDate: '',
  description: '',
};

/** The entry's fields (all text; description is rich text, sanitised by the server). */
export const CUSTOM_ENTRY_FIELDS = Object.keys(customEntryDefaults) as (keyof CustomEntry)[];

const entryOf = (r: Rec, i: number): CvCustomEntry => ({
  _id: id(r, i),
  title: text(r, 'title', 'name'),
  subtitle: text(r, 'subtitle'),
  place: text(r, 'place', 'location'),
  startDate: text(r, 'startDate'),
  endDate: text(r, 'endDate'),
  description: text(r, 'description'),
});

const kindOf = (value: unknown): CustomSectionKind =>
  isCustomSectionKind(value) ? value : 'other';

/**
 * Stored or received custom sections read leniently, like every section's CvData reader:
 * records without a title are dropped, entries without text too, an unknown kind is "other".
 */
export function readCustomSections(value: unknown): CvCustomSection[] {
  return list(value)
    .map((r, i) => ({
      _id: id(r, i),
      title: text(r, 'title').slice(0, SECTION_TITLE_MAX),
      kind: kindOf(r.kind),
      entries: cvList(entryOf)(r.entries),
    }))
    .filter((s) => s.title !== '');
}

/** A custom section's entry as answers carry it (CvData; the API adds lastUpdate). */
const answeredEntry = z.object({
  _id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  place: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  description: z.string(),
});
const answeredSection = z.object({
  _id: z.string(),
  title: z.string(),
  kind: z.enum(CUSTOM_SECTION_KINDS),
  entries: z.array(answeredEntry),
});

/** CvData's `customSections`, as answers carry it. */
export const cvCustomSectionsSchema = z.array(answeredSection);

/** The custom sections as the API answers them: `{ data: sections }`, entries inside. */
export const customSectionListSchema = z.object({
  data: z.array(
    answeredSection.extend({
      lastUpdate: z.string(),
      entries: z.array(answeredEntry.extend({ lastUpdate: z.string() })),
    }),
  ),
});
