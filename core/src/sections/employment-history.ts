import { z } from 'zod';
import {
  END_DATE_BEFORE_START,
  checkRange,
  flag,
  optionalText,
  requiredText,
  type ColumnKind,
} from './fields.ts';

export const EMPLOYMENT_HISTORY_MESSAGES = {
  companyRequired: 'Company is required',
  companyTooLong: 'Company must be 100 characters or less',
  positionRequired: 'Position is required',
  positionTooLong: 'Position must be 100 characters or less',
  startDateRequired: 'Start date is required',
  endBeforeStart: END_DATE_BEFORE_START,
  descriptionTooLong: 'Description must be 1000 characters or less',
} as const;

export const employmentHistorySchema = z
  .object({
    company: requiredText('Company', 100),
    position: requiredText('Position', 100),
    startDate: requiredText('Start date', 30),
    endDate: optionalText('End date', 30),
    current: flag(),
    description: optionalText('Description', 1000, { multiLine: true }),
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
  },
  {
    company: 'Bright Finance',
    position: 'Software Developer',
    startDate: '2020-01',
    endDate: '',
    current: true,
    description:
      'Lead developer of the customer onboarding portal; cut sign-up time from days to minutes.',
  },
];

export const employmentHistoryColumns = {
  company: 'text',
  position: 'text',
  startDate: 'text',
  endDate: 'text',
  current: 'bool',
  description: 'text',
} as const satisfies Record<keyof EmploymentHistory, ColumnKind>;
