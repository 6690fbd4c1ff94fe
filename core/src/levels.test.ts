import { describe, expect, it } from 'vitest';
import {
  cefrOf,
  cefrRank,
  cefrText,
  languageLevelLabel,
  LANGUAGE_LEVEL_LABELS,
  skillLevelLabel,
  SKILL_LEVEL_LABELS,
} from './levels.ts';
import { SKILL_PROFICIENCY_LABELS } from './sections/skill.ts';
import { LANGUAGE_PROFICIENCY_LABELS } from './sections/language.ts';
import { languageLabel, skillLabel } from './ratings.ts';

describe('one set of level labels', () => {
  it('the builder and the templates read the same words', () => {
    expect(SKILL_PROFICIENCY_LABELS).toBe(SKILL_LEVEL_LABELS);
    expect(LANGUAGE_PROFICIENCY_LABELS).toBe(LANGUAGE_LEVEL_LABELS);
    for (const n of [1, 2, 3, 4, 5]) {
      expect(skillLabel(n)).toBe(SKILL_PROFICIENCY_LABELS[n]);
      expect(languageLabel({ read: n, write: n, speak: n })).toBe(LANGUAGE_PROFICIENCY_LABELS[n]);
    }
    expect(skillLevelLabel(3)).toBe('Skilled');
    expect(languageLevelLabel(5)).toBe('Proficient');
    expect(skillLevelLabel(null)).toBe('');
  });

  it('maps read/write/speak averages to CEFR as documented', () => {
    expect(cefrOf({ read: 1, write: 1, speak: 1 })).toBe('A1');
    expect(cefrOf({ read: 2, write: 2, speak: 2 })).toBe('A2');
    expect(cefrOf({ read: 3, write: 3, speak: 3 })).toBe('B1');
    expect(cefrOf({ read: 4, write: 4, speak: 4 })).toBe('B2');
    expect(cefrOf({ read: 4, write: 5, speak: 5 })).toBe('C1');
    expect(cefrOf({ read: 5, write: 5, speak: 5 })).toBe('C2');
    // Boundaries: 1.5 is A2, 4.5 is C1; a missing rating is left out of the average.
    expect(cefrOf({ read: 1, write: 2 })).toBe('A2');
    expect(cefrOf({ read: 4, write: 5 })).toBe('C1');
    expect(cefrOf({})).toBeNull();
    expect(cefrText({ read: 5, write: 5, speak: 5 })).toBe('CEFR C2');
    expect(cefrText({})).toBe('');
  });

  it('orders CEFR levels for "at least" filters', () => {
    expect(cefrRank('A1')).toBe(1);
    expect(cefrRank('C2')).toBe(6);
    expect(cefrRank('B2')).toBeGreaterThan(cefrRank('B1'));
    expect(cefrRank('X9')).toBe(0);
  });
});
