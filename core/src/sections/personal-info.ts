import { z } from 'zod';
import {
  dateKey,
  flag,
  optionalText,
  requiredText,
  maxMessage,
  todayKey,
  type ColumnKind,
} from './fields.ts';
import { bool, cvSingle, text } from './cv-read.ts';
import { defineSection, percentFilled, type Preview } from './define.ts';
import { type JsonResumeMapping, compact, str } from '../json-resume/mapping.ts';
import { type LinkedInMapping, rowsOf } from '../json-resume/linkedin.ts';

/** Driver's licence codes offered by the form (docs/product/builder.md#fields). */
export const LICENSE_CODES = ['A1', 'A', 'B', 'C1', 'C', 'EB', 'EC1', 'EC'] as const;
export type LicenseCode = (typeof LICENSE_CODES)[number];

export const GENDERS = ['male', 'female'] as const;

export const personalInfoLimits = {
  fullName: 30,
  /** The job title under the name ("Senior Software Engineer"). */
  headline: 100,
  dateOfBirth: 30,
  idNumber: 13,
  ppNumber: 20,
  nationality: 50,
  licenseCode: 10,
} as const;
const max = personalInfoLimits;

/** A CV's owner is of working age: the plausible range for a date of birth, in years ago. */
export const DOB_MIN_AGE = 14;
export const DOB_MAX_AGE = 120;

export const PERSONAL_INFO_MESSAGES = {
  fullNameRequired: 'Full name is required',
  fullNameTooLong: maxMessage('Full name', max.fullName),
  headlineTooLong: maxMessage('Headline', max.headline),
  idNumberTooLong: maxMessage('ID number', max.idNumber),
  ppNumberTooLong: maxMessage('Passport number', max.ppNumber),
  licenseCodeTooLong: maxMessage('Licence code', max.licenseCode),
  licenseCodeInvalid: 'Please select a valid licence code',
  genderInvalid: 'Please select male or female',
  dateOfBirthInvalid: 'Please enter a valid date of birth',
  dateOfBirthFuture: 'Date of birth cannot be in the future',
  dateOfBirthTooRecent: `Date of birth must be at least ${DOB_MIN_AGE} years ago`,
  dateOfBirthTooOld: `Date of birth must be within the last ${DOB_MAX_AGE} years`,
} as const;

/**
 * What is wrong with a date of birth, or null when it is plausible: a date, not in the future,
 * at least DOB_MIN_AGE and at most DOB_MAX_AGE years ago.
 */
export function dateOfBirthProblem(value: string, now: Date = new Date()): string | null {
  if (value === '') return null;
  const key = dateKey(value);
  const m = PERSONAL_INFO_MESSAGES;
  if (key === null || key < 1_000_000) return m.dateOfBirthInvalid;
  const today = todayKey(now);
  if (key > today) return m.dateOfBirthFuture;
  if (key > today - DOB_MIN_AGE * 10_000) return m.dateOfBirthTooRecent;
  if (key < today - DOB_MAX_AGE * 10_000) return m.dateOfBirthTooOld;
  return null;
}

export const personalInfoSchema = z
  .object({
    fullName: requiredText('Full name', max.fullName),
    headline: optionalText('Headline', max.headline),
    dateOfBirth: optionalText('Date of birth', max.dateOfBirth).superRefine((v, ctx) => {
      const problem = dateOfBirthProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
    idNumber: optionalText('ID number', max.idNumber),
    gender: z
      .enum([...GENDERS, ''], { error: PERSONAL_INFO_MESSAGES.genderInvalid })
      .nullish()
      .transform((v) => v ?? ''),
    saCitizen: flag(),
    ppNumber: optionalText('Passport number', max.ppNumber),
    nationality: optionalText('Nationality', max.nationality),
    driversLicense: flag(),
    licenseCode: optionalText('Licence code', max.licenseCode).refine(
      (v) => v === '' || (LICENSE_CODES as readonly string[]).includes(v),
      PERSONAL_INFO_MESSAGES.licenseCodeInvalid,
    ),
  })
  // Without a licence there is no licence code to keep.
  .overwrite((v) => (v.driversLicense ? v : { ...v, licenseCode: '' }));

export type PersonalInfo = z.output<typeof personalInfoSchema>;
export type PersonalInfoInput = z.input<typeof personalInfoSchema>;

export const personalInfoDefaults: PersonalInfo = {
  fullName: '',
  headline: '',
  dateOfBirth: '',
  idNumber: '',
  gender: '',
  saCitizen: true,
  ppNumber: '',
  nationality: '',
  driversLicense: false,
  licenseCode: '',
};

export const personalInfoSample: PersonalInfo[] = [
  {
    fullName: 'Thandi Mokoena',
    headline: 'Junior Software Developer',
    dateOfBirth: '1994-03-18',
    idNumber: '9403180123088',
    gender: 'female',
    saCitizen: true,
    ppNumber: '',
    nationality: 'South African',
    driversLicense: true,
    licenseCode: 'B',
  },
];

export const personalInfoColumns = {
  fullName: 'text',
  headline: 'text',
  dateOfBirth: 'text',
  idNumber: 'text',
  gender: 'text',
  saCitizen: 'bool',
  ppNumber: 'text',
  nationality: 'text',
  driversLicense: 'bool',
  licenseCode: 'text',
} as const satisfies Record<keyof PersonalInfo, ColumnKind>;

/**
 * Percentage of personal-info fields filled. Counted: full name, date of birth,
 * ID number, gender; passport number and nationality only for non-SA citizens;
 * licence code only with a driver's licence. The yes/no flags always have a value.
 */
export function personalInfoStatus(info: Partial<PersonalInfo> | null | undefined): number {
  if (!info) return 0;
  const counted: unknown[] = [info.fullName, info.dateOfBirth, info.idNumber, info.gender];
  if (info.saCitizen === false) counted.push(info.ppNumber, info.nationality);
  if (info.driversLicense) counted.push(info.licenseCode);
  return percentFilled(counted);
}

/** CvPersonalInfo: its CvData shape, as a schema (core/src/responses/cv.ts builds CvData from these). */
export const cvPersonalInfoSchema = z.object({
  fullName: z.string(),
  /** The job title under the name; older inputs call it `title`. */
  headline: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: z.string(),
  idNumber: z.string(),
  gender: z.string(),
  saCitizen: z.boolean().nullable(),
  ppNumber: z.string(),
  nationality: z.string(),
  driversLicense: z.boolean().nullable(),
  licenseCode: z.string(),
});
export type CvPersonalInfo = z.output<typeof cvPersonalInfoSchema>;

/** The long preview CV's entries (SAMPLE_CV), longer than `sample`. */
export const personalInfoPreview: Preview<PersonalInfo>[] = [
  {
    _id: 'sample-personal',
    fullName: 'Thandiwe Nomsa Mokoena',
    headline: 'Senior Software Engineer',
    dateOfBirth: '1991-04-17',
    idNumber: '9104170123088',
    gender: 'female',
    saCitizen: true,
    nationality: 'South African',
    driversLicense: true,
    licenseCode: 'B',
  },
];

/** Its place in a JSON Resume (core/src/json-resume). */
export const personalInfoJsonResume: JsonResumeMapping<PersonalInfo> = {
  place: 'basics',
  toItem: (e) => compact({ name: e.fullName, label: e.headline }),
  fromItem: (basics) => ({ fullName: str(basics, 'name'), headline: str(basics, 'label') }),
};

/** Its entries from a LinkedIn data export. */
export const personalInfoLinkedIn: LinkedInMapping<PersonalInfo> = (rows) => {
  const [profile] = rowsOf(rows, 'Profile.csv');
  const fullName = [profile?.['First Name'], profile?.['Last Name']].filter(Boolean).join(' ');
  if (!fullName) return [];
  return [
    { fullName, headline: profile?.['Headline'] ?? '', dateOfBirth: profile?.['Birth Date'] ?? '' },
  ];
};

export const personalInfoSection = defineSection({
  key: 'personal-info',
  label: 'Personal Information',
  blurb: 'Name, date of birth, ID, citizenship and licence.',
  kind: 'single',
  schema: personalInfoSchema,
  defaults: personalInfoDefaults,
  sample: personalInfoSample,
  preview: personalInfoPreview,
  columns: personalInfoColumns,
  limits: personalInfoLimits,
  indicator: 'percent',
  jsonResume: personalInfoJsonResume,
  linkedIn: personalInfoLinkedIn,
  status: (entries) => personalInfoStatus(entries[0]),
  cv: {
    field: 'personalInfo',
    aliases: [],
    read: cvSingle((r): CvPersonalInfo => {
      const firstName = text(r, 'firstName');
      const lastName = text(r, 'lastName');
      return {
        fullName: text(r, 'fullName', 'name') || [firstName, lastName].filter(Boolean).join(' '),
        firstName,
        lastName,
        headline: text(r, 'headline', 'title'),
        dateOfBirth: text(r, 'dateOfBirth'),
        idNumber: text(r, 'idNumber'),
        gender: text(r, 'gender'),
        saCitizen: bool(r.saCitizen),
        ppNumber: text(r, 'ppNumber'),
        nationality: text(r, 'nationality'),
        driversLicense: bool(r.driversLicense),
        licenseCode: text(r, 'licenseCode'),
      };
    }),
  },
});
