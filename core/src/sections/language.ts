import { z } from 'zod';
import { rating, requiredText, type ColumnKind } from './fields.ts';

/** Read/write/speak levels 1..5 and how the form describes each. */
export const LANGUAGE_PROFICIENCY_LABELS: Record<number, string> = {
  1: 'Beginner',
  2: 'Elementary',
  3: 'Intermediate',
  4: 'Advanced',
  5: 'Proficient',
};

export const LANGUAGE_MESSAGES = {
  languageRequired: 'Language is required',
  languageTooLong: 'Language must be 50 characters or less',
  readRange: 'Reading proficiency must be between 1 and 5',
  writeRange: 'Writing proficiency must be between 1 and 5',
  speakRange: 'Speaking proficiency must be between 1 and 5',
} as const;

export const languageSchema = z.object({
  language: requiredText('Language', 50),
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
