import { z } from 'zod';
import {
  END_DATE_BEFORE_START,
  checkRange,
  optionalText,
  requiredText,
  type ColumnKind,
} from './fields.ts';

export const EXPERIENCE_MESSAGES = {
  titleRequired: 'Experience title is required',
  titleTooLong: 'Experience title must be 100 characters or less',
  descriptionTooLong: 'Description must be 1000 characters or less',
  endBeforeStart: END_DATE_BEFORE_START,
} as const;

export const experienceSchema = z
  .object({
    title: requiredText('Experience title', 100),
    description: optionalText('Description', 1000, { multiLine: true }),
    company: optionalText('Company', 100),
    startDate: optionalText('Start date', 30),
    endDate: optionalText('End date', 30),
  })
  .superRefine(checkRange('startDate', 'endDate', END_DATE_BEFORE_START));

export type Experience = z.output<typeof experienceSchema>;
export type ExperienceInput = z.input<typeof experienceSchema>;

export const experienceDefaults: Experience = {
  title: '',
  description: '',
  company: '',
  startDate: '',
  endDate: '',
};

export const experienceSample: Experience[] = [
  {
    title: 'Volunteer Web Developer',
    description:
      'Built and maintained the donation website for a local animal shelter, adding online payments and a volunteer sign-up form.',
    company: 'Paws Rescue Pretoria',
    startDate: '2021-02',
    endDate: '2022-06',
  },
  {
    title: 'Open Source Contributor',
    description:
      'Contributed accessibility fixes and documentation to a popular React component library.',
    company: '',
    startDate: '2022-01',
    endDate: '',
  },
];

export const experienceColumns = {
  title: 'text',
  description: 'text',
  company: 'text',
  startDate: 'text',
  endDate: 'text',
} as const satisfies Record<keyof Experience, ColumnKind>;
