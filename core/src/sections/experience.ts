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
  isoDate,
  str,
  strings,
  withHighlights,
} from '../json-resume/mapping.ts';

export const experienceLimits = {
  title: 100,
  description: 1000,
  company: 100,
  startDate: 30,
  endDate: 30,
} as const;
const max = experienceLimits;

export const EXPERIENCE_MESSAGES = {
  titleRequired: 'Experience title is required',
  titleTooLong: maxMessage('Experience title', max.title),
  descriptionTooLong: maxMessage('Description', max.description),
  endBeforeStart: END_DATE_BEFORE_START,
} as const;

export const experienceSchema = z
  .object({
    title: requiredText('Experience title', max.title),
    description: optionalText('Description', max.description, { rich: true }),
    company: optionalText('Company', max.company),
    startDate: optionalText('Start date', max.startDate),
    endDate: optionalText('End date', max.endDate),
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
  description: 'rich',
  company: 'text',
  startDate: 'text',
  endDate: 'text',
} as const satisfies Record<keyof Experience, ColumnKind>;

/** CvExperience: its CvData shape, as a schema (core/src/responses/cv.ts builds CvData from these). */
export const cvExperienceSchema = cvEntryFrom(experienceColumns);
export type CvExperience = z.output<typeof cvExperienceSchema>;

/** The long preview CV's entries (SAMPLE_CV), longer than `sample`. */
export const experiencePreview: Preview<Experience>[] = [
  {
    _id: 'sample-exp-1',
    title: 'Open-source maintainer, township-transit',
    company: 'Community project',
    description:
      'Maintain an open-source minibus-taxi route planner with 40 contributors; review pull ' +
      'requests, run monthly releases and organise community hack days.',
    startDate: '2019-01',
    endDate: '',
  },
  {
    _id: 'sample-exp-2',
    title: 'Volunteer coding coach',
    company: 'Code4Kids Soweto',
    description:
      'Teach Saturday programming classes to high-school learners and prepared three teams for ' +
      'the national Olympiad finals.',
    startDate: 'February 2018',
    endDate: 'November 2022',
  },
];

/** Its place in a JSON Resume (core/src/json-resume). */
export const experienceJsonResume: JsonResumeMapping<Experience> = {
  place: 'projects',
  readsAlso: ['volunteer'],
  toItem: (e) =>
    compact({
      name: e.title,
      entity: e.company,
      description: e.description,
      startDate: isoDate(e.startDate),
      endDate: isoDate(e.endDate),
    }),
  // A project names itself; a volunteer item has a position at an organization.
  fromItem: (item) => ({
    title: str(item, 'name') || str(item, 'position'),
    company: str(item, 'entity') || str(item, 'organization'),
    description: withHighlights(
      str(item, 'description') || str(item, 'summary'),
      strings(item, 'highlights'),
    ),
    startDate: str(item, 'startDate'),
    endDate: str(item, 'endDate'),
  }),
};

export const experienceSection = defineSection({
  key: 'experience',
  label: 'Work Experience',
  blurb: 'Projects, volunteering and other experience.',
  kind: 'list',
  sameEntry: ['title', 'company', 'startDate'],
  schema: experienceSchema,
  defaults: experienceDefaults,
  sample: experienceSample,
  preview: experiencePreview,
  columns: experienceColumns,
  limits: experienceLimits,
  indicator: 'count',
  jsonResume: experienceJsonResume,
  cv: {
    field: 'experiences',
    aliases: ['experiences'],
    read: cvList((r, i): CvExperience => ({
      _id: id(r, i),
      title: text(r, 'title', 'position'),
      company: text(r, 'company'),
      description: text(r, 'description'),
      startDate: text(r, 'startDate', 'startYear'),
      endDate: text(r, 'endDate', 'endYear'),
    })),
  },
});
