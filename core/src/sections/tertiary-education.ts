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
import { cvEntryFrom } from './cv-shape.ts';
import { defineSection, type Preview } from './define.ts';
import {
  type JsonResumeMapping,
  compact,
  isSecondarySchool,
  isoDate,
  str,
  strings,
} from '../json-resume/mapping.ts';
import {
  type LinkedInMapping,
  linkedInDate,
  linkedInSchool,
  linkedInText,
  rowsOf,
} from '../json-resume/linkedin.ts';

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
    description: optionalText('Description', max.description, { rich: true }),
    additionalInfo: optionalText('Additional info', max.additionalInfo, { rich: true }),
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
  description: 'rich',
  additionalInfo: 'rich',
} as const satisfies Record<keyof TertiaryEducation, ColumnKind>;

/** CvTertiaryEducation: its CvData shape, as a schema (core/src/responses/cv.ts builds CvData from these). */
export const cvTertiaryEducationSchema = cvEntryFrom(tertiaryEducationColumns);
export type CvTertiaryEducation = z.output<typeof cvTertiaryEducationSchema>;

/** The long preview CV's entries (SAMPLE_CV), longer than `sample`. */
export const tertiaryEducationPreview: Preview<TertiaryEducation>[] = [
  {
    _id: 'sample-tert-1',
    instituteName: 'University of the Witwatersrand',
    certificationType: 'BSc Honours in Computer Science',
    startDate: '2012-02-01',
    endDate: '2013-11-30',
    description: 'Research project on scheduling algorithms for public transport networks.',
    additionalInfo: 'Graduated with distinction.',
  },
  {
    _id: 'sample-tert-2',
    instituteName: 'University of Johannesburg',
    certificationType: 'BSc in Information Technology',
    startDate: '2009-02-01',
    endDate: '2011-11-30',
    description: 'Majors in computer science and applied mathematics.',
    additionalInfo: 'Dean’s list 2010 and 2011.',
  },
];

/** Its place in a JSON Resume (core/src/json-resume). */
export const tertiaryEducationJsonResume: JsonResumeMapping<TertiaryEducation> = {
  place: 'education',
  owns: (item) => !isSecondarySchool(str(item, 'studyType')),
  toItem: (e) =>
    compact({
      institution: e.instituteName,
      studyType: e.certificationType,
      startDate: isoDate(e.startDate),
      endDate: isoDate(e.endDate),
    }),
  fromItem: (item) => {
    const [type, area] = [str(item, 'studyType'), str(item, 'area')];
    const courses = strings(item, 'courses');
    return {
      instituteName: str(item, 'institution'),
      certificationType: type && area ? `${type}, ${area}` : type || area,
      startDate: str(item, 'startDate'),
      endDate: str(item, 'endDate'),
      description: courses.length ? `Courses: ${courses.join(', ')}` : '',
      additionalInfo: str(item, 'score') && `Score: ${str(item, 'score')}`,
    };
  },
};

/** Its entries from a LinkedIn data export. */
export const tertiaryEducationLinkedIn: LinkedInMapping<TertiaryEducation> = (rows) => [
  ...rowsOf(rows, 'Education.csv')
    .filter((r) => !linkedInSchool(r))
    .map((r) => ({
      instituteName: r['School Name'],
      startDate: linkedInDate(r['Start Date']),
      endDate: linkedInDate(r['End Date']),
      certificationType: r['Degree Name'],
      description: linkedInText(r['Notes']),
      additionalInfo: r['Activities'],
    })),
];

export const tertiaryEducationSection = defineSection({
  key: 'tertiary-education',
  label: 'Tertiary Education',
  blurb: 'Degrees, diplomas and courses.',
  kind: 'list',
  sameEntry: ['instituteName', 'certificationType', 'startDate', 'endDate'],
  schema: tertiaryEducationSchema,
  defaults: tertiaryEducationDefaults,
  sample: tertiaryEducationSample,
  preview: tertiaryEducationPreview,
  columns: tertiaryEducationColumns,
  limits: tertiaryEducationLimits,
  indicator: 'complete',
  jsonResume: tertiaryEducationJsonResume,
  linkedIn: tertiaryEducationLinkedIn,
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
