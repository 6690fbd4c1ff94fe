import { z } from 'zod';
import {
  END_DATE_BEFORE_START,
  checkRange,
  optionalText,
  requiredText,
  maxMessage,
  type ColumnKind,
} from './fields.ts';
import { cvList, id, text } from './cv-read.ts';
import { defineSection } from './define.ts';

export const tertiaryEducationLimits = {
  instituteName: 100,
  startDate: 30,
  endDate: 30,
  certificationType: 100,
  description: 500,
  additionalInfo: 500,
} as const;
const max = tertiaryEducationLimits;

export const TERTIARY_EDUCATION_MESSAGES = {
  instituteNameRequired: 'Institute name is required',
  instituteNameTooLong: maxMessage('Institute name', max.instituteName),
  startDateRequired: 'Start date is required',
  endDateRequired: 'End date is required',
  endBeforeStart: END_DATE_BEFORE_START,
  certificationTypeTooLong: maxMessage(
    'Certification type',
    tertiaryEducationLimits.certificationType,
  ),
  descriptionTooLong: maxMessage('Description', max.description),
  additionalInfoTooLong: maxMessage('Additional info', max.additionalInfo),
} as const;

export const tertiaryEducationSchema = z
  .object({
    instituteName: requiredText('Institute name', max.instituteName),
    startDate: requiredText('Start date', max.startDate),
    endDate: requiredText('End date', max.endDate),
    certificationType: optionalText('Certification type', max.certificationType),
    description: optionalText('Description', max.description, { multiLine: true }),
    additionalInfo: optionalText('Additional info', max.additionalInfo, { multiLine: true }),
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

export interface CvTertiaryEducation {
  _id: string;
  instituteName: string;
  certificationType: string;
  startDate: string;
  endDate: string;
  description: string;
  additionalInfo: string;
}

export const tertiaryEducationSection = defineSection({
  key: 'tertiary-education',
  label: 'Tertiary Education',
  blurb: 'Degrees, diplomas and courses.',
  kind: 'list',
  schema: tertiaryEducationSchema,
  defaults: tertiaryEducationDefaults,
  sample: tertiaryEducationSample,
  columns: tertiaryEducationColumns,
  limits: tertiaryEducationLimits,
  indicator: 'complete',
  cv: {
    field: 'tertEdus',
    aliases: ['tertEdu', 'tertEdus'],
    read: cvList((r, i): CvTertiaryEducation => ({
      _id: id(r, i),
      instituteName: text(r, 'instituteName', 'institution'),
      certificationType: text(r, 'certificationType', 'qualification'),
      startDate: text(r, 'startDate', 'startYear'),
      endDate: text(r, 'endDate', 'endYear'),
      description: text(r, 'description'),
      additionalInfo: text(r, 'additionalInfo'),
    })),
  },
});
