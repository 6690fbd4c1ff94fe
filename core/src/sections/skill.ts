import { z } from 'zod';
import { rating, requiredText, maxMessage, type ColumnKind } from './fields.ts';
import { cvList, id, text } from './cv-read.ts';
import { defineSection } from './define.ts';
import { normalizeRating, skillLabel } from '../ratings.ts';

/** Proficiency 1..5 and how the form describes each level. */
export const SKILL_PROFICIENCY_LABELS: Record<number, string> = {
  1: 'Novice',
  2: 'Beginner',
  3: 'Skilled',
  4: 'Experienced',
  5: 'Expert',
};

export const skillLimits = { skill: 100 } as const;

export const SKILL_MESSAGES = {
  skillRequired: 'Skill is required',
  skillTooLong: maxMessage('Skill', skillLimits.skill),
  proficiencyRange: 'Proficiency must be between 1 and 5',
} as const;

export const skillSchema = z.object({
  skill: requiredText('Skill', skillLimits.skill),
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

export interface CvSkill {
  _id: string;
  skill: string;
  /** 1 to 5, or null when not rated. */
  level: number | null;
  label: string;
}

export const skillSection = defineSection({
  key: 'skill',
  label: 'Skills',
  blurb: 'What you are good at, rated 1 to 5.',
  kind: 'list',
  schema: skillSchema,
  defaults: skillDefaults,
  sample: skillSample,
  columns: skillColumns,
  limits: skillLimits,
  indicator: 'count',
  cv: {
    field: 'skills',
    aliases: ['skills'],
    read: cvList((r, i): CvSkill => {
      const level = normalizeRating(r.proficiency ?? r.level);
      return { _id: id(r, i), skill: text(r, 'skill', 'name'), level, label: skillLabel(level) };
    }),
  },
});
