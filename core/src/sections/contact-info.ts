import { z } from 'zod';
import { INVALID_EMAIL, optionalText, requiredText, type ColumnKind } from './fields.ts';

/** The phone input is capped shorter than the stored limit (spec section 9). */
export const PHONE_INPUT_MAX = 14;

export const CONTACT_INFO_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: INVALID_EMAIL,
  emailTooLong: 'Email must be 100 characters or less',
  phoneRequired: 'Phone number is required',
  phoneTooLong: 'Phone number must be 20 characters or less',
  addressTooLong: 'Address must be 200 characters or less',
  cityTooLong: 'City must be 50 characters or less',
  postalCodeTooLong: 'Postal code must be 10 characters or less',
} as const;

export const contactInfoSchema = z.object({
  phone: requiredText('Phone number', 20),
  email: requiredText('Email', 100).pipe(z.email(INVALID_EMAIL)),
  unit: optionalText('Unit', 50),
  complex: optionalText('Complex', 100),
  address: optionalText('Address', 200),
  suburb: optionalText('Suburb', 100),
  city: optionalText('City', 50),
  province: optionalText('Province', 100),
  country: optionalText('Country', 100),
  postalCode: optionalText('Postal code', 10),
  linkedin: optionalText('LinkedIn', 200),
  website: optionalText('Website', 200),
});

export type ContactInfo = z.output<typeof contactInfoSchema>;
export type ContactInfoInput = z.input<typeof contactInfoSchema>;

export const contactInfoDefaults: ContactInfo = {
  phone: '',
  email: '',
  unit: '',
  complex: '',
  address: '',
  suburb: '',
  city: '',
  province: '',
  country: '',
  postalCode: '',
  linkedin: '',
  website: '',
};

export const contactInfoSample: ContactInfo[] = [
  {
    phone: '082 555 0147',
    email: 'thandi.mokoena@example.com',
    unit: '12',
    complex: 'Sunset Gardens',
    address: '45 Jacaranda Street',
    suburb: 'Hatfield',
    city: 'Pretoria',
    province: 'Gauteng',
    country: 'South Africa',
    postalCode: '0083',
    linkedin: 'https://www.linkedin.com/in/thandi-mokoena',
    website: 'https://thandi.example.com',
  },
];

export const contactInfoColumns = {
  phone: 'text',
  email: 'text',
  unit: 'text',
  complex: 'text',
  address: 'text',
  suburb: 'text',
  city: 'text',
  province: 'text',
  country: 'text',
  postalCode: 'text',
  linkedin: 'text',
  website: 'text',
} as const satisfies Record<keyof ContactInfo, ColumnKind>;
