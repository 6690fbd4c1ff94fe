import { z } from 'zod';
import { singleLineText } from '../text.ts';
import {
  END_YEAR_BEFORE_START,
  checkRange,
  maxMessage,
  optionalText,
  requiredText,
  type ColumnKind,
} from './fields.ts';

/** The raw comma-separated subjects text may hold at most this many characters. */
export const SUBJECTS_INPUT_MAX = 200;

export const SECONDARY_EDUCATION_MESSAGES = {
  schoolNameRequired: 'School name is required',
  schoolNameTooLong: 'School name must be 100 characters or less',
  startYearRequired: 'Start year is required',
  endYearRequired: 'End year is required',
  startYearLength: 'Start year must be 4 characters',
  endYearLength: 'End year must be 4 characters',
  endBeforeStart: END_YEAR_BEFORE_START,
  additionalInfoTooLong: 'Additional info must be 500 characters or less',
  subjectsTooLong: maxMessage('Subjects', SUBJECTS_INPUT_MAX),
} as const;

export interface Subject {
  subject: string;
  key: string;
}

const randomKey = () => Math.random().toString(36).slice(2, 10);

/** "Maths, Science ,," -> [{subject:'Maths',key}, {subject:'Science',key}]. */
export function parseSubjects(text: string, makeKey: () => string = randomKey): Subject[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((subject) => ({ subject, key: makeKey() }));
}

/** The inverse of parseSubjects, for pre-filling the text input. */
export const subjectsToText = (subjects: readonly { subject: string }[]): string =>
  subjects.map((s) => s.subject).join(', ');

/** A required 4-digit year; a wrong length reports "must be 4 characters". */
const year = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .regex(/^\d{4}$/, `${label} must be 4 characters`);

const subjectSchema = z.object({
  subject: singleLineText().min(1).max(SUBJECTS_INPUT_MAX),
  key: singleLineText().max(40).default(''),
});

export const secondaryEducationSchema = z
  .object({
    schoolName: requiredText('School name', 100),
    startYear: year('Start year'),
    endYear: year('End year'),
    subjects: z
      .array(subjectSchema, { error: SECONDARY_EDUCATION_MESSAGES.subjectsTooLong })
      .max(100, SECONDARY_EDUCATION_MESSAGES.subjectsTooLong)
      .nullish()
      .transform((v) => (v ?? []).map((s) => ({ subject: s.subject, key: s.key || randomKey() })))
      .refine(
        (v) => subjectsToText(v).length <= SUBJECTS_INPUT_MAX,
        SECONDARY_EDUCATION_MESSAGES.subjectsTooLong,
      ),
    additionalInfo: optionalText('Additional info', 500, { multiLine: true }),
  })
  .superRefine(checkRange('startYear', 'endYear', END_YEAR_BEFORE_START));

export type SecondaryEducation = z.output<typeof secondaryEducationSchema>;
export type SecondaryEducationInput = z.input<typeof secondaryEducationSchema>;

export const secondaryEducationDefaults: SecondaryEducation = {
  schoolName: '',
  startYear: '',
  endYear: '',
  subjects: [],
  additionalInfo: '',
};

export const secondaryEducationSample: SecondaryEducation[] = [
  {
    schoolName: 'Pretoria High School for Girls',
    startYear: '2008',
    endYear: '2012',
    subjects: [
      { subject: 'Mathematics', key: 's1' },
      { subject: 'Physical Sciences', key: 's2' },
      { subject: 'English Home Language', key: 's3' },
      { subject: 'Afrikaans First Additional Language', key: 's4' },
      { subject: 'Information Technology', key: 's5' },
    ],
    additionalInfo: 'National Senior Certificate with Bachelor pass; head of the debating society.',
  },
];

export const secondaryEducationColumns = {
  schoolName: 'text',
  startYear: 'text',
  endYear: 'text',
  subjects: 'json',
  additionalInfo: 'text',
} as const satisfies Record<keyof SecondaryEducation, ColumnKind>;
