import { z } from 'zod';
import { rating, requiredText, type ColumnKind } from './fields.ts';

/** Proficiency 1..5 and how the form describes each level. */
export const SKILL_PROFICIENCY_LABELS: Record<number, string> = {
  1: 'Novice',
  2: 'Beginner',
  3: 'Skilled',
  4: 'Experienced',
  5: 'Expert',
};

export const SKILL_MESSAGES = {
  skillRequired: 'Skill is required',
  skillTooLong: 'Skill must be 100 characters or less',
  proficiencyRange: 'Proficiency must be between 1 and 5',
} as const;

export const skillSchema = z.object({
  skill: requiredText('Skill', 100),
  proficiency: rating(SKILL_MESSAGES.proficiencyRange),
});

export type Skill = z.output<typeof skillSchema>;
export type SkillInput = z.input<typeof skillSchema>;

export const skillDefaults: Skill = { skill: '', proficiency: 3 };

export const skillSample: Skill[] = [
  { skill: 'TypeScript', proficiency: 5 },
  { skill: 'React', proficiency: 4 },
  { skill: 'SQL and database design', proficiency: 4 },
  { skill: 'Project management', proficiency: 3 },
];

export const skillColumns = {
  skill: 'text',
  proficiency: 'int',
} as const satisfies Record<keyof Skill, ColumnKind>;
