import { z } from 'zod';
import { flag, optionalText, requiredText, maxMessage, type ColumnKind } from './fields.ts';
import { bool, cvSingle, text } from './cv-read.ts';
import { defineSection, percentFilled } from './define.ts';

/** Driver's licence codes offered by the form (spec section 2). */
export const LICENSE_CODES = ['A1', 'A', 'B', 'C1', 'C', 'EB', 'EC1', 'EC'] as const;
export type LicenseCode = (typeof LICENSE_CODES)[number];

export const GENDERS = ['male', 'female'] as const;

export const personalInfoLimits = {
  fullName: 30,
  dateOfBirth: 30,
  idNumber: 13,
  ppNumber: 20,
  nationality: 50,
  licenseCode: 10,
} as const;
const max = personalInfoLimits;

export const PERSONAL_INFO_MESSAGES = {
  fullNameRequired: 'Full name is required',
  fullNameTooLong: maxMessage('Full name', max.fullName),
  idNumberTooLong: maxMessage('ID number', max.idNumber),
  ppNumberTooLong: maxMessage('Passport number', max.ppNumber),
  licenseCodeTooLong: maxMessage('Licence code', max.licenseCode),
  licenseCodeInvalid: 'Please select a valid licence code',
  genderInvalid: 'Please select male or female',
} as const;

export const personalInfoSchema = z
  .object({
    fullName: requiredText('Full name', max.fullName),
    dateOfBirth: optionalText('Date of birth', max.dateOfBirth),
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

export interface CvPersonalInfo {
  fullName: string;
  firstName: string;
  lastName: string;
  title: string;
  dateOfBirth: string;
  idNumber: string;
  gender: string;
  saCitizen: boolean | null;
  ppNumber: string;
  nationality: string;
  driversLicense: boolean | null;
  licenseCode: string;
}

export const personalInfoSection = defineSection({
  key: 'personal-info',
  label: 'Personal Information',
  blurb: 'Name, date of birth, ID, citizenship and licence.',
  kind: 'single',
  schema: personalInfoSchema,
  defaults: personalInfoDefaults,
  sample: personalInfoSample,
  columns: personalInfoColumns,
  limits: personalInfoLimits,
  indicator: 'percent',
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
        title: text(r, 'title'),
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
