/** Rating display rules: proficiency is 1 to 5 everywhere (spec section 9). */

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

const SKILL_LABELS = ['Beginner', 'Elementary', 'Intermediate', 'Advanced', 'Expert'] as const;
const LANGUAGE_LABELS = [
  'Elementary',
  'Limited working',
  'Professional working',
  'Full professional',
  'Native or bilingual',
] as const;

function labelFor(labels: readonly string[], value: unknown): string {
  const n = normalizeRating(value);
  if (n === null) return '';
  return labels[Math.max(1, Math.round(n)) - 1] ?? '';
}

/** "Advanced" for a skill at level 4; empty when unrated. */
export function skillLabel(value: unknown): string {
  return labelFor(SKILL_LABELS, value);
}

/** The average of the read, write and speak ratings that are present, or null. */
export function languageAverage(lang: {
  read?: unknown;
  write?: unknown;
  speak?: unknown;
}): number | null {
  const values = [lang.read, lang.write, lang.speak]
    .map(normalizeRating)
    .filter((n): n is number => n !== null);
  if (values.length === 0) return null;
  return values.reduce((a, b) => a + b, 0) / values.length;
}

/** A language's proficiency label from its average rating ("Full professional"); empty when unrated. */
export function languageLabel(lang: { read?: unknown; write?: unknown; speak?: unknown }): string {
  return labelFor(LANGUAGE_LABELS, languageAverage(lang));
}
