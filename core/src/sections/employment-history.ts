import { z } from 'zod';
import {
  END_DATE_BEFORE_START,
  checkRange,
  flag,
  optionalText,
  requiredText,
  maxMessage,
  type ColumnKind,
} from './fields.ts';
import { bool, cvList, id, text } from './cv-read.ts';
import { defineSection } from './define.ts';

export const employmentHistoryLimits = {
  company: 100,
  position: 100,
  startDate: 30,
  endDate: 30,
  description: 1000,
  location: 100,
} as const;
const max = employmentHistoryLimits;

export const EMPLOYMENT_HISTORY_MESSAGES = {
  companyRequired: 'Company is required',
  companyTooLong: maxMessage('Company', max.company),
  positionRequired: 'Position is required',
  positionTooLong: maxMessage('Position', max.position),
  startDateRequired: 'Start date is required',
  endBeforeStart: END_DATE_BEFORE_START,
  descriptionTooLong: maxMessage('Description', max.description),
  locationTooLong: maxMessage('Location', max.location),
} as const;

export const employmentHistorySchema = z
  .object({
    company: requiredText('Company', max.company),
    position: requiredText('Position', max.position),
    startDate: requiredText('Start date', max.startDate),
    endDate: optionalText('End date', max.endDate),
    current: flag(),
    description: optionalText('Description', max.description, { multiLine: true }),
    /** Where the job was: "City, Country" (JSON Resume's work `location`); optional. */
    location: optionalText('Location', max.location),
  })
  // A current job has no end date: whatever was sent is dropped before the range check.
  .overwrite((v) => (v.current ? { ...v, endDate: '' } : v))
  .superRefine(checkRange('startDate', 'endDate', END_DATE_BEFORE_START));

export type EmploymentHistory = z.output<typeof employmentHistorySchema>;
export type EmploymentHistoryInput = z.input<typeof employmentHistorySchema>;

export const employmentHistoryDefaults: EmploymentHistory = {
  company: '',
  position: '',
  startDate: '',
  endDate: '',
  current: false,
  description: '',
  location: '',
};

export const employmentHistorySample: EmploymentHistory[] = [
  {
    company: 'Acme Retail Solutions',
    position: 'Junior Developer',
    startDate: '2017-01',
    endDate: '2019-12',
    current: false,
    description:
      'Maintained the in-store stock system and built reporting dashboards used by 40 branches.',
    location: 'Pretoria, South Africa',
  },
  {
    company: 'Bright Finance',
    position: 'Software Developer',
    startDate: '2020-01',
    endDate: '',
    current: true,
    description:
      'Lead developer of the customer onboarding portal; cut sign-up time from days to minutes.',
    location: '',
  },
];

export const employmentHistoryColumns = {
  company: 'text',
  position: 'text',
  startDate: 'text',
  endDate: 'text',
  current: 'bool',
  description: 'text',
  location: 'text',
} as const satisfies Record<keyof EmploymentHistory, ColumnKind>;

export interface CvEmployment {
  _id: string;
  company: string;
  position: string;
  startDate: string;
  endDate: string;
  current: boolean;
  description: string;
  location: string;
}

export const employmentHistorySection = defineSection({
  key: 'employment-history',
  label: 'Employment History',
  blurb: 'The jobs you have held.',
  kind: 'list',
  schema: employmentHistorySchema,
  defaults: employmentHistoryDefaults,
  sample: employmentHistorySample,
  columns: employmentHistoryColumns,
  limits: employmentHistoryLimits,
  indicator: 'count',
  cv: {
    field: 'employHistorys',
    aliases: ['employHistory', 'employHistorys'],
    read: cvList((r, i): CvEmployment => ({
      _id: id(r, i),
      company: text(r, 'company'),
      position: text(r, 'position', 'title'),
      startDate: text(r, 'startDate', 'startYear'),
      endDate: text(r, 'endDate', 'endYear'),
      current: bool(r.current) === true,
      description: text(r, 'description'),
      location: text(r, 'location'),
    })),
  },
});
