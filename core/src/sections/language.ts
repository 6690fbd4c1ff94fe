import { z } from 'zod';
import { rating, requiredText, maxMessage, type ColumnKind } from './fields.ts';
import { cvList, id, text } from './cv-read.ts';
import { defineSection } from './define.ts';
import { languageLabel, normalizeRating } from '../ratings.ts';

/** Read/write/speak levels 1..5 and how the form describes each. */
export const LANGUAGE_PROFICIENCY_LABELS: Record<number, string> = {
  1: 'Beginner',
  2: 'Elementary',
  3: 'Intermediate',
  4: 'Advanced',
  5: 'Proficient',
};

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

export interface CvLanguage {
  _id: string;
  languageName: string;
  read: number | null;
  write: number | null;
  speak: number | null;
  /** A label from the average rating ("Full professional"). */
  proficiency: string;
}

export const languageSection = defineSection({
  key: 'language',
  label: 'Languages',
  blurb: 'Read, write and speak levels.',
  kind: 'list',
  schema: languageSchema,
  defaults: languageDefaults,
  sample: languageSample,
  columns: languageColumns,
  limits: languageLimits,
  indicator: 'count',
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
      };
    }),
  },
});
