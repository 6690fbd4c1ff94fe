/**
 * CV versions (issue 30): one profile, many CVs. The sections hold the person's facts once; a
 * version is a CV made from them, with its own name, template, paper, arrangement, design,
 * optionally its own headline and summary, and the entries it leaves out. A new entry joins
 * every version (a version lists what it excludes, never what it includes).
 */
import { z } from 'zod';
import {
  SECTION_KEYS,
  SECTIONS,
  personalInfoLimits,
  personalSummaryLimits,
  type SectionKey,
} from './sections/index.ts';
import { maxMessage, requiredText } from './sections/fields.ts';
import { singleLineText } from './text.ts';
import { CUSTOM_ENTRIES_SECTION } from './custom-section-keys.ts';

export { CUSTOM_ENTRIES_SECTION };

/** The most versions one account keeps. */
export const VERSIONS_MAX = 10;
/** The longest version name. */
export const VERSION_NAME_MAX = 40;
/** The name the one CV every account had before versions is given. */
export const FIRST_VERSION_NAME = 'My CV';

export const VERSION_MESSAGES = {
  name: `Please enter a CV name of 1 to ${VERSION_NAME_MAX} characters.`,
  duplicateName: 'You already have a CV with this name.',
  tooMany: `You can keep up to ${VERSIONS_MAX} CVs. Delete one to make another.`,
  lastOne: 'Your only CV cannot be deleted.',
  notFound: 'CV not found',
  entryNotFound: 'Entry not found',
  liveShares: (n: number) =>
    `This CV has ${n} live ${n === 1 ? 'share' : 'shares'}. Deleting it revokes ${n === 1 ? 'it' : 'them'}.`,
  section: 'Please choose a section with entries.',
  headlineTooLong: maxMessage('Headline', personalInfoLimits.headline),
} as const;

/** Sections whose entries a version can leave out: the list sections. */
export const VERSION_LIST_SECTIONS = SECTION_KEYS.filter(
  (key) => SECTIONS[key].kind === 'list',
) as SectionKey[];

export const versionNameSchema = singleLineText(VERSION_MESSAGES.name)
  .min(1, VERSION_MESSAGES.name)
  .max(VERSION_NAME_MAX, VERSION_MESSAGES.name);

/** POST /api/curriculum-vitae/versions: a new version, from all entries or a copy of `from`. */
export const createVersionSchema = z.strictObject({
  name: versionNameSchema,
  from: z
    .string()
    .regex(/^[0-9a-f]{24}$/, VERSION_MESSAGES.notFound)
    .optional(),
});

/**
 * PATCH /api/curriculum-vitae/versions/:id: rename, make default, or set the version's own
 * headline and summary (null: the profile's).
 */
export const updateVersionSchema = z.strictObject({
  name: versionNameSchema.optional(),
  isDefault: z.literal(true).optional(),
  headline: singleLineText(VERSION_MESSAGES.headlineTooLong)
    .max(personalInfoLimits.headline, VERSION_MESSAGES.headlineTooLong)
    .nullable()
    .optional(),
  summary: requiredText('Personal summary', personalSummaryLimits.content, { rich: true })
    .nullable()
    .optional(),
});

/** PUT /api/curriculum-vitae/versions/:id/entries/:entryId: is the entry in this version. */
/** A section whose entries a version can leave out: a list section, or the user's own ones. */
export type VersionEntrySection = SectionKey | typeof CUSTOM_ENTRIES_SECTION;

export const entryInclusionSchema = z.strictObject({
  section: z.enum([CUSTOM_ENTRIES_SECTION, ...VERSION_LIST_SECTIONS] as const, {
    error: VERSION_MESSAGES.section,
  }),
  included: z.boolean(),
});

export type CreateVersionInput = z.input<typeof createVersionSchema>;
export type UpdateVersionInput = z.input<typeof updateVersionSchema>;
