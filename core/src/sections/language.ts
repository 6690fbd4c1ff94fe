import { z } from 'zod';
import { NOT_RATED, rating, requiredText, maxMessage, type ColumnKind } from './fields.ts';
import { cvList, id, text } from './cv-read.ts';
import { defineSection, type Preview } from './define.ts';
import {
  type JsonResumeMapping,
  LANGUAGE_LEVEL_WORDS,
  levelFromWord,
  str,
} from '../json-resume/mapping.ts';
import { type LinkedInMapping, rowsOf } from '../json-resume/linkedin.ts';
import { languageLabel, normalizeRating } from '../ratings.ts';
import { CEFR_LEVELS, cefrOf, LANGUAGE_LEVEL_LABELS } from '../levels.ts';

/** Read/write/speak levels 1..5 and how the form describes each (one set: core/src/levels.ts). */
export const LANGUAGE_PROFICIENCY_LABELS = LANGUAGE_LEVEL_LABELS;

export const languageLimits = { language: 50 } as const;

export const LANGUAGE_MESSAGES = {
  languageRequired: 'Language is required',
  languageTooLong: maxMessage('Language', languageLimits.language),
  readRange: 'Reading proficiency must be between 1 and 5',
  writeRange: 'Writing proficiency must be between 1 and 5',
  speakRange: 'Speaking proficiency must be between 1 and 5',
} as const;

export const languageSchema = z.object({
  language: requiredText('Language', languageLimits.language),
  read: rating(LANGUAGE_MESSAGES.readRange),
  write: rating(LANGUAGE_MESSAGES.writeRange),
  speak: rating(LANGUAGE_MESSAGES.speakRange),
});

export type Language = z.output<typeof languageSchema>;
export type LanguageInput = z.input<typeof languageSchema>;

export const languageDefaults: Language = { language: '', read: 3, write: 3, speak: 3 };

export const languageSample: Language[] = [
  { language: 'English', read: 5, write: 5, speak: 5 },
  { language: 'isiZulu', read: 4, write: 3, speak: 5 },
  { language: 'Afrikaans', read: 3, write: 2, speak: 3 },
];

export const languageColumns = {
  language: 'text',
  read: 'int',
  write: 'int',
  speak: 'int',
} as const satisfies Record<keyof Language, ColumnKind>;

/** CvLanguage: its CvData shape, as a schema (core/src/responses/cv.ts builds CvData from these). */
export const cvLanguageSchema = z.object({
  _id: z.string(),
  languageName: z.string(),
  read: z.number().nullable(),
  write: z.number().nullable(),
  speak: z.number().nullable(),
  /** The level word of the average rating ("Proficient"), the builder's wording. */
  proficiency: z.string(),
  /** The CEFR level of the average rating (core/src/levels.ts), null when unrated. */
  cefr: z.enum(CEFR_LEVELS).nullable(),
});
export type CvLanguage = z.output<typeof cvLanguageSchema>;

/** The long preview CV's entries (SAMPLE_CV), longer than `sample`. */
export const languagePreview: Preview<Language>[] = [
  { _id: 'sample-lang-1', language: 'English', read: 5, write: 5, speak: 5 },
  { _id: 'sample-lang-2', language: 'isiZulu', read: 4, write: 4, speak: 5 },
  { _id: 'sample-lang-3', language: 'Afrikaans', read: 3, write: 2, speak: 3 },
];

/** Its place in a JSON Resume (core/src/json-resume). */
export const languageJsonResume: JsonResumeMapping<Language> = {
  place: 'languages',
  toItem: (e) => ({
    language: e.language,
    fluency: LANGUAGE_PROFICIENCY_LABELS[Math.round((e.read + e.write + e.speak) / 3)] ?? '',
  }),
  // One fluency word for all three: the separate ratings travel under meta.vitae.
  fromItem: (item) => {
    const level = levelFromWord(str(item, 'fluency'), LANGUAGE_LEVEL_WORDS) ?? NOT_RATED;
    return { language: str(item, 'language'), read: level, write: level, speak: level };
  },
};

/** Its entries from a LinkedIn data export. */
export const languageLinkedIn: LinkedInMapping<Language> = (rows) =>
  rowsOf(rows, 'Languages.csv').map((r) => {
    // LinkedIn's words map to a level; a language without one stays unrated, not B1.
    const level = levelFromWord(r['Proficiency'] ?? '', LANGUAGE_LEVEL_WORDS) ?? NOT_RATED;
    return { language: r['Name'], read: level, write: level, speak: level };
  });

export const languageSection = defineSection({
  key: 'language',
  tab: 'languages',
  label: 'Languages',
  blurb: 'Read, write and speak levels.',
  kind: 'list',
  sameEntry: ['language'],
  schema: languageSchema,
  defaults: languageDefaults,
  sample: languageSample,
  preview: languagePreview,
  columns: languageColumns,
  limits: languageLimits,
  indicator: 'count',
  jsonResume: languageJsonResume,
  linkedIn: languageLinkedIn,
  cv: {
    field: 'languages',
    aliases: ['languages'],
    read: cvList((r, i): CvLanguage => {
      const ratings = {
        read: normalizeRating(r.read),
        write: normalizeRating(r.write),
        speak: normalizeRating(r.speak),
      };
      return {
        _id: id(r, i),
        languageName: text(r, 'languageName', 'language'),
        ...ratings,
        proficiency: text(r, 'proficiency') || languageLabel(ratings),
        cefr: cefrOf(ratings),
      };
    }),
  },
});
