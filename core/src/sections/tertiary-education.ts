import { z } from 'zod';
import {
  END_DATE_BEFORE_START,
  checkRange,
  optionalText,
  requiredText,
  type ColumnKind,
} from './fields.ts';

export const TERTIARY_EDUCATION_MESSAGES = {
  instituteNameRequired: 'Institute name is required',
  instituteNameTooLong: 'Institute name must be 100 characters or less',
  startDateRequired: 'Start date is required',
  endDateRequired: 'End date is required',
  endBeforeStart: END_DATE_BEFORE_START,
  certificationTypeTooLong: 'Certification type must be 100 characters or less',
  descriptionTooLong: 'Description must be 500 characters or less',
  additionalInfoTooLong: 'Additional info must be 500 characters or less',
} as const;

export const tertiaryEducationSchema = z
  .object({
    instituteName: requiredText('Institute name', 100),
    startDate: requiredText('Start date', 30),
    endDate: requiredText('End date', 30),
    certificationType: optionalText('Certification type', 100),
    description: optionalText('Description', 500, { multiLine: true }),
    additionalInfo: optionalText('Additional info', 500, { multiLine: true }),
  })
  .superRefine(checkRange('startDate', 'endDate', END_DATE_BEFORE_START));

export type TertiaryEducation = z.output<typeof tertiaryEducationSchema>;
export type TertiaryEducationInput = z.input<typeof tertiaryEducationSchema>;

export const tertiaryEducationDefaults: TertiaryEducation = {
  instituteName: '',
  startDate: '',
  endDate: '',
  certificationType: '',
  description: '',
  additionalInfo: '',
};

export const tertiaryEducationSample: TertiaryEducation[] = [
  {
    instituteName: 'University of Pretoria',
    startDate: '2013-02',
    endDate: '2016-11',
    certificationType: 'BSc Computer Science',
    description:
      'Majored in computer science and mathematics; final-year project on route planning.',
    additionalInfo: "Dean's merit list in 2015 and 2016.",
  },
];

export const tertiaryEducationColumns = {
  instituteName: 'text',
  startDate: 'text',
  endDate: 'text',
  certificationType: 'text',
  description: 'text',
  additionalInfo: 'text',
} as const satisfies Record<keyof TertiaryEducation, ColumnKind>;
