import { z } from 'zod';
import { flag, optionalText, requiredText, type ColumnKind } from './fields.ts';

/** Driver's licence codes offered by the form (spec section 2). */
export const LICENSE_CODES = ['A1', 'A', 'B', 'C1', 'C', 'EB', 'EC1', 'EC'] as const;
export type LicenseCode = (typeof LICENSE_CODES)[number];

export const GENDERS = ['male', 'female'] as const;

export const PERSONAL_INFO_MESSAGES = {
  fullNameRequired: 'Full name is required',
  fullNameTooLong: 'Full name must be 30 characters or less',
  idNumberTooLong: 'ID number must be 13 characters or less',
  ppNumberTooLong: 'Passport number must be 20 characters or less',
  licenseCodeTooLong: 'Licence code must be 10 characters or less',
  licenseCodeInvalid: 'Please select a valid licence code',
  genderInvalid: 'Please select male or female',
} as const;

export const personalInfoSchema = z
  .object({
    fullName: requiredText('Full name', 30),
    dateOfBirth: optionalText('Date of birth', 30),
    idNumber: optionalText('ID number', 13),
    gender: z
      .enum([...GENDERS, ''], { error: PERSONAL_INFO_MESSAGES.genderInvalid })
      .nullish()
      .transform((v) => v ?? ''),
    saCitizen: flag(),
    ppNumber: optionalText('Passport number', 20),
    nationality: optionalText('Nationality', 50),
    driversLicense: flag(),
    licenseCode: optionalText('Licence code', 10).refine(
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
