/** Rating display rules: proficiency is 1 to 5 (docs/product/templates-and-print.md#ratings). */

import {
  languageAverage,
  languageLevelLabel,
  skillLevelLabel,
  type LanguageRatings,
} from './levels.ts';

export const RATING_MAX = 5;
/** Template 05 shows a skill without a level as level 3. */
export const TEMPLATE05_DEFAULT_SKILL_LEVEL = 3;
/** What the ink-friendly layout prints for a missing language rating. */
export const NOT_AVAILABLE = 'N/A';

/** A stored rating (number or numeric text) as a number in 0..5, or null when missing. */
export function normalizeRating(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n) || n <= 0) return null;
  return Math.min(n, RATING_MAX);
}

/** Bar width in percent: proficiency / 5, capped at 100 % (0 when missing). */
export function ratingPercent(value: unknown): number {
  const n = normalizeRating(value);
  if (n === null) return 0;
  return Math.min(100, Math.round((n / RATING_MAX) * 100));
}

/** Filled and empty star counts for a rating out of 5. */
export function ratingStars(value: unknown): { filled: number; empty: number } {
  const filled = Math.round(normalizeRating(value) ?? 0);
  return { filled, empty: RATING_MAX - filled };
}

/** "4/5"; a missing rating reads "N/A" (ink-friendly). */
export function ratingText(value: unknown): string {
  const n = normalizeRating(value);
  if (n === null) return NOT_AVAILABLE;
  return `${Number.isInteger(n) ? n : n.toFixed(1)}/${RATING_MAX}`;
}

/** A skill's level, or the template's default when the skill has none (template 05: 3). */
export function skillLevelOr(value: unknown, fallback = TEMPLATE05_DEFAULT_SKILL_LEVEL): number {
  return normalizeRating(value) ?? fallback;
}

/** "Skilled" for a skill at level 3 (docs/product/builder.md#levels); empty when unrated. */
export function skillLabel(value: unknown): string {
  return skillLevelLabel(value);
}

export { languageAverage };

/** A language's level word from its average rating ("Proficient"); empty when unrated. */
export function languageLabel(lang: LanguageRatings): string {
  return languageLevelLabel(languageAverage(lang));
}
