/**
 * Skill and language level labels, defined once: the builder, every template, print and HR
 * read them from here, so "3" reads the same everywhere (docs/product/builder.md#levels).
 */

/** The skill levels 1..5 (docs/product/builder.md#levels). */
export const SKILL_LEVEL_LABELS: Readonly<Record<number, string>> = {
  1: 'Novice',
  2: 'Beginner',
  3: 'Skilled',
  4: 'Experienced',
  5: 'Expert',
};

/** The language levels 1..5 for reading, writing and speaking. */
export const LANGUAGE_LEVEL_LABELS: Readonly<Record<number, string>> = {
  1: 'Beginner',
  2: 'Elementary',
  3: 'Intermediate',
  4: 'Advanced',
  5: 'Proficient',
};

/** The Common European Framework of Reference levels, lowest first. */
export const CEFR_LEVELS = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'] as const;
export type CefrLevel = (typeof CEFR_LEVELS)[number];

/**
 * From the average of the read, write and speak ratings (1..5) to CEFR, documented in
 * docs/api-deviations.md: below 1.5 A1, below 2.5 A2, below 3.5 B1, below 4.5 B2, below 5 C1,
 * and 5 (proficient in all three) C2. Six levels over five ratings: the top one splits, so
 * "Proficient" everywhere is C2 while 4/5/5 is C1.
 */
const CEFR_FLOORS: readonly [number, CefrLevel][] = [
  [5, 'C2'],
  [4.5, 'C1'],
  [3.5, 'B2'],
  [2.5, 'B1'],
  [1.5, 'A2'],
  [0, 'A1'],
];

/** A rating (number or numeric text) as 1..5, or null when missing or out of range. */
function level(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n) || n <= 0) return null;
  return Math.min(n, 5);
}

const labelOf = (labels: Readonly<Record<number, string>>, value: unknown): string => {
  const n = level(value);
  return n === null ? '' : (labels[Math.max(1, Math.round(n))] ?? '');
};

/** "Skilled" for a skill at 3; empty when unrated. */
export const skillLevelLabel = (value: unknown): string => labelOf(SKILL_LEVEL_LABELS, value);

/** "Advanced" for a language rating of 4; empty when unrated. */
export const languageLevelLabel = (value: unknown): string => labelOf(LANGUAGE_LEVEL_LABELS, value);

export interface LanguageRatings {
  read?: unknown;
  write?: unknown;
  speak?: unknown;
}

/** The average of the ratings that are present, or null when none is. */
export function languageAverage(lang: LanguageRatings): number | null {
  const values = [lang.read, lang.write, lang.speak]
    .map(level)
    .filter((n): n is number => n !== null);
  if (values.length === 0) return null;
  return values.reduce((a, b) => a + b, 0) / values.length;
}

/** The CEFR level of an average rating, or null when unrated. */
export function cefrOfAverage(average: number | null): CefrLevel | null {
  if (average === null) return null;
  return CEFR_FLOORS.find(([floor]) => average >= floor - 1e-9)![1];
}

/** A language's CEFR level from its read/write/speak ratings, or null when unrated. */
export const cefrOf = (lang: LanguageRatings): CefrLevel | null =>
  cefrOfAverage(languageAverage(lang));

/** Position of a CEFR level (A1 = 1 .. C2 = 6), for "at least B2" comparisons; 0 if unknown. */
export const cefrRank = (cefr: string | null | undefined): number =>
  CEFR_LEVELS.indexOf(cefr as CefrLevel) + 1;

export const isCefrLevel = (v: unknown): v is CefrLevel => CEFR_LEVELS.includes(v as CefrLevel);

/** "CEFR C1", or empty when unrated: shown beside the 1–5 ratings wherever a language is. */
export const cefrText = (lang: LanguageRatings): string => {
  const cefr = cefrOf(lang);
  return cefr ? `CEFR ${cefr}` : '';
};
