import { describe, expect, it } from 'vitest';
import {
  languageAverage,
  languageLabel,
  normalizeRating,
  ratingPercent,
  ratingStars,
  ratingText,
  skillLabel,
  skillLevelOr,
  TEMPLATE05_DEFAULT_SKILL_LEVEL,
} from './ratings.ts';

describe('ratings', () => {
  it('normalizes numbers and numeric text, and treats missing values as null', () => {
    expect(normalizeRating(4)).toBe(4);
    expect(normalizeRating('3')).toBe(3);
    expect(normalizeRating(9)).toBe(5);
    expect(normalizeRating(undefined)).toBeNull();
    expect(normalizeRating('')).toBeNull();
    expect(normalizeRating('abc')).toBeNull();
    expect(normalizeRating(0)).toBeNull();
  });

  it('sizes a bar as proficiency/5, capped at 100 %', () => {
    expect(ratingPercent(4)).toBe(80);
    expect(ratingPercent(5)).toBe(100);
    expect(ratingPercent(7)).toBe(100);
    expect(ratingPercent(1)).toBe(20);
    expect(ratingPercent(null)).toBe(0);
  });

  it('counts stars', () => {
    expect(ratingStars(4)).toEqual({ filled: 4, empty: 1 });
    expect(ratingStars(null)).toEqual({ filled: 0, empty: 5 });
  });

  it('prints ratings as numbers like 4/5, and N/A when missing', () => {
    expect(ratingText(4)).toBe('4/5');
    expect(ratingText('2')).toBe('2/5');
    expect(ratingText(3.5)).toBe('3.5/5');
    expect(ratingText(null)).toBe('N/A');
    expect(ratingText(undefined)).toBe('N/A');
  });

  it("uses template 05's default skill level 3 when a skill has none", () => {
    expect(TEMPLATE05_DEFAULT_SKILL_LEVEL).toBe(3);
    expect(skillLevelOr(null)).toBe(3);
    expect(skillLevelOr(5)).toBe(5);
    expect(skillLevelOr(undefined, 1)).toBe(1);
  });

  it('labels skills and languages', () => {
    // The builder's words (docs/product/builder.md#levels): a 3 is "Skilled" in print too, not
    // "Intermediate".
    expect(skillLabel(1)).toBe('Novice');
    expect(skillLabel(3)).toBe('Skilled');
    expect(skillLabel(4)).toBe('Experienced');
    expect(skillLabel(null)).toBe('');
    expect(languageAverage({ read: 4, write: 4, speak: 5 })).toBeCloseTo(4.333, 2);
    expect(languageAverage({})).toBeNull();
    expect(languageLabel({ read: 5, write: 5, speak: 5 })).toBe('Proficient');
    expect(languageLabel({ read: 3, speak: null })).toBe('Intermediate');
    expect(languageLabel({})).toBe('');
  });
});
