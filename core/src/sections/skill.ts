import { z } from 'zod';
import { NOT_RATED, rating, requiredText, maxMessage, type ColumnKind } from './fields.ts';
import { cvList, id, text } from './cv-read.ts';
import { defineSection, type Preview } from './define.ts';
import {
  type JsonResumeMapping,
  SKILL_LEVEL_WORDS,
  levelFromWord,
  str,
} from '../json-resume/mapping.ts';
import { type LinkedInMapping, rowsOf } from '../json-resume/linkedin.ts';
import { normalizeRating, skillLabel } from '../ratings.ts';
import { SKILL_LEVEL_LABELS } from '../levels.ts';

/** Proficiency 1..5 and how the form describes each level (one set: core/src/levels.ts). */
export const SKILL_PROFICIENCY_LABELS = SKILL_LEVEL_LABELS;

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

/** CvSkill: its CvData shape, as a schema (core/src/responses/cv.ts builds CvData from these). */
export const cvSkillSchema = z.object({
  _id: z.string(),
  skill: z.string(),
  /** 1 to 5, or null when not rated. */
  level: z.number().nullable(),
  label: z.string(),
});
export type CvSkill = z.output<typeof cvSkillSchema>;

/** The long preview CV's entries (SAMPLE_CV), longer than `sample`. */
export const skillPreview: Preview<Skill>[] = [
  { _id: 'sample-skill-1', skill: 'TypeScript and React', proficiency: 5 },
  { _id: 'sample-skill-2', skill: 'Node.js and REST APIs', proficiency: 5 },
  { _id: 'sample-skill-3', skill: 'PostgreSQL and data modelling', proficiency: 4 },
  { _id: 'sample-skill-4', skill: 'Automated testing', proficiency: 4 },
  { _id: 'sample-skill-5', skill: 'Cloud infrastructure (AWS)', proficiency: 3 },
  { _id: 'sample-skill-6', skill: 'Team leadership', proficiency: 4 },
];

/** Its place in a JSON Resume (core/src/json-resume). */
export const skillJsonResume: JsonResumeMapping<Skill> = {
  place: 'skills',
  toItem: (e) => ({ name: e.skill, level: SKILL_PROFICIENCY_LABELS[e.proficiency] ?? '' }),
  // No level in the file: the skill stays unrated until its owner rates it.
  fromItem: (item) => ({
    skill: str(item, 'name'),
    proficiency: levelFromWord(str(item, 'level'), SKILL_LEVEL_WORDS) ?? NOT_RATED,
  }),
};

/** Its entries from a LinkedIn data export: LinkedIn keeps no level, so none is made up. */
export const skillLinkedIn: LinkedInMapping<Skill> = (rows) =>
  rowsOf(rows, 'Skills.csv').map((r) => ({ skill: r['Name'], proficiency: NOT_RATED }));

export const skillSection = defineSection({
  key: 'skill',
  tab: 'skills',
  label: 'Skills',
  blurb: 'What you are good at, rated 1 to 5.',
  kind: 'list',
  sameEntry: ['skill'],
  schema: skillSchema,
  defaults: skillDefaults,
  sample: skillSample,
  preview: skillPreview,
  columns: skillColumns,
  limits: skillLimits,
  indicator: 'count',
  jsonResume: skillJsonResume,
  linkedIn: skillLinkedIn,
  cv: {
    field: 'skills',
    aliases: ['skills'],
    read: cvList((r, i): CvSkill => {
      const level = normalizeRating(r.proficiency ?? r.level);
      return { _id: id(r, i), skill: text(r, 'skill', 'name'), level, label: skillLabel(level) };
    }),
  },
});
