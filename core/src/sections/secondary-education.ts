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
import { cvList, id, isRecord, text } from './cv-read.ts';
import { defineSection, type Preview } from './define.ts';
import {
  type JsonResumeMapping,
  compact,
  isSecondarySchool,
  str,
  strings,
  yearOf,
} from '../json-resume/mapping.ts';
import { type LinkedInMapping, linkedInSchool, rowsOf } from '../json-resume/linkedin.ts';

/** The raw comma-separated subjects text may hold at most this many characters. */
export const SUBJECTS_INPUT_MAX = 200;

export const secondaryEducationLimits = {
  schoolName: 100,
  startYear: 4,
  endYear: 4,
  subjects: SUBJECTS_INPUT_MAX,
  additionalInfo: 500,
} as const;
const max = secondaryEducationLimits;

export const SECONDARY_EDUCATION_MESSAGES = {
  schoolNameRequired: 'School name is required',
  schoolNameTooLong: maxMessage('School name', max.schoolName),
  startYearRequired: 'Start year is required',
  endYearRequired: 'End year is required',
  startYearInvalid: 'Start year must be a year, such as 2010',
  endYearInvalid: 'End year must be a year, such as 2014',
  endBeforeStart: END_YEAR_BEFORE_START,
  additionalInfoTooLong: maxMessage('Additional info', max.additionalInfo),
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

/** A required 4-digit year; anything else ("201", "20x5") is not a year, whatever its length. */
const year = (label: string, message: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .regex(/^\d{4}$/, message);

const subjectSchema = z.object({
  subject: singleLineText().min(1).max(SUBJECTS_INPUT_MAX),
  key: singleLineText().max(40).default(''),
});

export const secondaryEducationSchema = z
  .object({
    schoolName: requiredText('School name', max.schoolName),
    startYear: year('Start year', SECONDARY_EDUCATION_MESSAGES.startYearInvalid),
    endYear: year('End year', SECONDARY_EDUCATION_MESSAGES.endYearInvalid),
    subjects: z
      .array(subjectSchema, { error: SECONDARY_EDUCATION_MESSAGES.subjectsTooLong })
      .max(100, SECONDARY_EDUCATION_MESSAGES.subjectsTooLong)
      .nullish()
      .transform((v) => (v ?? []).map((s) => ({ subject: s.subject, key: s.key || randomKey() })))
      .refine(
        (v) => subjectsToText(v).length <= SUBJECTS_INPUT_MAX,
        SECONDARY_EDUCATION_MESSAGES.subjectsTooLong,
      ),
    additionalInfo: optionalText('Additional info', max.additionalInfo, { rich: true }),
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
  additionalInfo: 'rich',
} as const satisfies Record<keyof SecondaryEducation, ColumnKind>;

export const cvSubjectSchema = z.object({ subject: z.string(), key: z.string() });
export type CvSubject = z.output<typeof cvSubjectSchema>;

/** CvSecondaryEducation: its CvData shape, as a schema (core/src/responses/cv.ts builds CvData from these). */
export const cvSecondaryEducationSchema = z.object({
  _id: z.string(),
  schoolName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  subjects: z.array(cvSubjectSchema),
  additionalInfo: z.string(),
});
export type CvSecondaryEducation = z.output<typeof cvSecondaryEducationSchema>;

/** Subjects arrive as objects `{subject, key}`, plain strings, or comma-separated text. */
function subjectsOf(value: unknown): CvSubject[] {
  const raw = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : [];
  return raw
    .map((item, index) => {
      const subject = isRecord(item) ? text(item, 'subject', 'name') : String(item ?? '').trim();
      const key = isRecord(item) ? text(item, 'key', '_id') : '';
      return { subject, key: key || `subject-${index}` };
    })
    .filter((s) => s.subject !== '');
}

/** The long preview CV's entries (SAMPLE_CV), longer than `sample`. */
export const secondaryEducationPreview: Preview<SecondaryEducation>[] = [
  {
    _id: 'sample-sec-1',
    schoolName: 'Pretoria High School for Girls',
    startYear: '2004',
    endYear: '2008',
    subjects: [
      { subject: 'Mathematics', key: 's1' },
      { subject: 'Physical Sciences', key: 's2' },
      { subject: 'Information Technology', key: 's3' },
      { subject: 'English Home Language', key: 's4' },
      { subject: 'isiZulu First Additional Language', key: 's5' },
      { subject: 'Accounting', key: 's6' },
    ],
    additionalInfo:
      'National Senior Certificate with five distinctions; head of the debating society.',
  },
];

/** Its place in a JSON Resume (core/src/json-resume). */
export const secondaryEducationJsonResume: JsonResumeMapping<SecondaryEducation> = {
  place: 'education',
  owns: (item) => isSecondarySchool(str(item, 'studyType')),
  toItem: (e) =>
    compact({
      institution: e.schoolName,
      studyType: 'Secondary school',
      startDate: e.startYear,
      endDate: e.endYear,
      courses: e.subjects.map((s) => s.subject),
    }),
  fromItem: (item) => ({
    schoolName: str(item, 'institution'),
    startYear: yearOf(str(item, 'startDate')),
    endYear: yearOf(str(item, 'endDate')),
    subjects: strings(item, 'courses').map((subject) => ({ subject, key: '' })),
    additionalInfo: [str(item, 'area'), str(item, 'score') && `Score: ${str(item, 'score')}`]
      .filter(Boolean)
      .join('; '),
  }),
};

/** Its entries from a LinkedIn data export. */
export const secondaryEducationLinkedIn: LinkedInMapping<SecondaryEducation> = (rows) =>
  rowsOf(rows, 'Education.csv')
    .filter(linkedInSchool)
    .map((r) => ({
      schoolName: r['School Name'],
      startYear: yearOf(r['Start Date'] ?? ''),
      endYear: yearOf(r['End Date'] ?? ''),
      subjects: [],
      additionalInfo: [r['Notes'], r['Activities']].filter(Boolean).join('\n'),
    }));

export const secondaryEducationSection = defineSection({
  key: 'secondary-education',
  tab: 'education',
  label: 'Secondary Education',
  blurb: 'Your high school and subjects.',
  kind: 'list',
  sameEntry: ['schoolName', 'startYear', 'endYear'],
  schema: secondaryEducationSchema,
  defaults: secondaryEducationDefaults,
  sample: secondaryEducationSample,
  preview: secondaryEducationPreview,
  columns: secondaryEducationColumns,
  limits: secondaryEducationLimits,
  indicator: 'complete',
  jsonResume: secondaryEducationJsonResume,
  linkedIn: secondaryEducationLinkedIn,
  cv: {
    field: 'secondEdu',
    aliases: ['secondEdu', 'education'],
    read: cvList((r, i): CvSecondaryEducation => ({
      _id: id(r, i),
      schoolName: text(r, 'schoolName', 'school'),
      startDate: text(r, 'startDate', 'startYear'),
      endDate: text(r, 'endDate', 'endYear'),
      subjects: subjectsOf(r.subjects),
      additionalInfo: text(r, 'additionalInfo'),
    })),
  },
});
