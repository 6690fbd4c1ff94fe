import { z } from 'zod';
import {
  END_DATE_BEFORE_START,
  checkRange,
  flag,
  startsAfterToday,
  optionalText,
  requiredText,
  maxMessage,
  type ColumnKind,
} from './fields.ts';
import { bool, cvList, id, text } from './cv-read.ts';
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
import {
  type LinkedInMapping,
  linkedInDate,
  linkedInText,
  rowsOf,
} from '../json-resume/linkedin.ts';

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
  currentStartsInFuture: 'A current job cannot start in the future',
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
    description: optionalText('Description', max.description, { rich: true }),
    /** Where the job was: "City, Country" (JSON Resume's work `location`); optional. */
    location: optionalText('Location', max.location),
  })
  // A current job has no end date: whatever was sent is dropped before the range check.
  .overwrite((v) => (v.current ? { ...v, endDate: '' } : v))
  .superRefine(checkRange('startDate', 'endDate', END_DATE_BEFORE_START))
  // "May 2031 – Present" is not a job the person has now.
  .superRefine((v, ctx) => {
    if (v.current && startsAfterToday(v.startDate)) {
      const message = EMPLOYMENT_HISTORY_MESSAGES.currentStartsInFuture;
      ctx.addIssue({ code: 'custom', path: ['startDate'], message });
    }
  });

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
  description: 'rich',
  location: 'text',
} as const satisfies Record<keyof EmploymentHistory, ColumnKind>;

/** CvEmployment: its CvData shape, as a schema (core/src/responses/cv.ts builds CvData from these). */
export const cvEmploymentSchema = cvEntryFrom(employmentHistoryColumns);
export type CvEmployment = z.output<typeof cvEmploymentSchema>;

/** The long preview CV's entries (SAMPLE_CV), longer than `sample`. */
export const employmentHistoryPreview: Preview<EmploymentHistory>[] = [
  {
    _id: 'sample-emp-1',
    company: 'Karoo Financial Services',
    position: 'Senior Software Engineer',
    startDate: '2021-03-01',
    endDate: '',
    current: true,
    description:
      'Lead a team of six engineers on the customer self-service platform used by 1.2 million ' +
      'clients. Introduced automated end-to-end testing that reduced production incidents by 40%, ' +
      'and redesigned the statements service to handle month-end peaks without downtime.',
  },
  {
    _id: 'sample-emp-2',
    company: 'Umoja Logistics',
    position: 'Software Engineer',
    startDate: '2017-06-01',
    endDate: '2021-02-28',
    current: false,
    description:
      'Built the real-time fleet tracking dashboard and the driver mobile web app. Integrated ' +
      'route optimisation with the dispatch system, saving an estimated R4 million a year in fuel.',
  },
  {
    _id: 'sample-emp-3',
    company: 'Blue Crane Digital',
    position: 'Junior Web Developer',
    startDate: '2014-01-15',
    endDate: '2017-05-31',
    current: false,
    description:
      'Developed responsive websites and online shops for small businesses across Gauteng, ' +
      'and maintained the agency’s shared component library.',
  },
];

/** Its place in a JSON Resume (core/src/json-resume). */
export const employmentHistoryJsonResume: JsonResumeMapping<EmploymentHistory> = {
  place: 'work',
  toItem: (e) =>
    compact({
      name: e.company,
      position: e.position,
      location: e.location,
      startDate: isoDate(e.startDate),
      endDate: e.current ? '' : isoDate(e.endDate),
      summary: e.description,
    }),
  // No end date in JSON Resume means the job goes on.
  fromItem: (item) => ({
    company: str(item, 'name') || str(item, 'company'),
    position: str(item, 'position'),
    location: str(item, 'location'),
    startDate: str(item, 'startDate'),
    endDate: str(item, 'endDate'),
    current: str(item, 'startDate') !== '' && str(item, 'endDate') === '',
    description: withHighlights(
      str(item, 'summary') || str(item, 'description'),
      strings(item, 'highlights'),
    ),
  }),
};

/** Its entries from a LinkedIn data export. */
export const employmentHistoryLinkedIn: LinkedInMapping<EmploymentHistory> = (rows) =>
  rowsOf(rows, 'Positions.csv').map((r) => ({
    company: r['Company Name'],
    position: r['Title'],
    description: linkedInText(r['Description']),
    location: r['Location'],
    startDate: linkedInDate(r['Started On']),
    endDate: linkedInDate(r['Finished On']),
    current: !r['Finished On'],
  }));

export const employmentHistorySection = defineSection({
  key: 'employment-history',
  label: 'Employment History',
  blurb: 'The jobs you have held.',
  kind: 'list',
  sameEntry: ['position', 'company', 'startDate'],
  schema: employmentHistorySchema,
  defaults: employmentHistoryDefaults,
  sample: employmentHistorySample,
  preview: employmentHistoryPreview,
  columns: employmentHistoryColumns,
  limits: employmentHistoryLimits,
  indicator: 'count',
  jsonResume: employmentHistoryJsonResume,
  linkedIn: employmentHistoryLinkedIn,
  // The latest job's position titles the CV.
  title: (entries) =>
    [...entries].sort((a, b) => b.startDate.localeCompare(a.startDate))[0]?.position,
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
