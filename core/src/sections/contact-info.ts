import { z } from 'zod';
import {
  INVALID_EMAIL,
  optionalText,
  requiredText,
  maxMessage,
  type ColumnKind,
} from './fields.ts';
import { cvSingle, text } from './cv-read.ts';
import { defineSection, percentFilled } from './define.ts';

export const contactInfoLimits = {
  phone: 20,
  email: 100,
  unit: 50,
  complex: 100,
  address: 200,
  suburb: 100,
  city: 50,
  province: 100,
  country: 100,
  postalCode: 10,
  linkedin: 200,
  website: 200,
} as const;
const max = contactInfoLimits;

export const CONTACT_INFO_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: INVALID_EMAIL,
  emailTooLong: maxMessage('Email', max.email),
  phoneRequired: 'Phone number is required',
  phoneTooLong: maxMessage('Phone number', max.phone),
  addressTooLong: maxMessage('Address', max.address),
  cityTooLong: maxMessage('City', max.city),
  postalCodeTooLong: maxMessage('Postal code', max.postalCode),
} as const;

export const contactInfoSchema = z.object({
  phone: requiredText('Phone number', max.phone),
  email: requiredText('Email', max.email).pipe(z.email(INVALID_EMAIL)),
  unit: optionalText('Unit', max.unit),
  complex: optionalText('Complex', max.complex),
  address: optionalText('Address', max.address),
  suburb: optionalText('Suburb', max.suburb),
  city: optionalText('City', max.city),
  province: optionalText('Province', max.province),
  country: optionalText('Country', max.country),
  postalCode: optionalText('Postal code', max.postalCode),
  linkedin: optionalText('LinkedIn', max.linkedin),
  website: optionalText('Website', max.website),
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

/** Fields counted for contact info (unit, complex, linkedin and website are extras). */
export const CONTACT_STATUS_FIELDS = [
  'phone',
  'email',
  'address',
  'suburb',
  'city',
  'province',
  'country',
  'postalCode',
] as const satisfies readonly (keyof ContactInfo)[];

/** Percentage of the contact fields in CONTACT_STATUS_FIELDS that are filled. */
export function contactInfoStatus(info: Partial<ContactInfo> | null | undefined): number {
  if (!info) return 0;
  return percentFilled(CONTACT_STATUS_FIELDS.map((f) => info[f]));
}

export interface CvContactInfo {
  phone: string;
  email: string;
  unit: string;
  complex: string;
  address: string;
  suburb: string;
  city: string;
  province: string;
  country: string;
  postalCode: string;
  linkedin: string;
  website: string;
}

export const contactInfoSection = defineSection({
  key: 'contact-info',
  label: 'Contact Information',
  blurb: 'How employers reach you.',
  kind: 'single',
  schema: contactInfoSchema,
  defaults: contactInfoDefaults,
  sample: contactInfoSample,
  columns: contactInfoColumns,
  limits: contactInfoLimits,
  indicator: 'percent',
  status: (entries) => contactInfoStatus(entries[0]),
  cv: {
    field: 'contactInfo',
    aliases: [],
    read: cvSingle((r): CvContactInfo => ({
      phone: text(r, 'phone'),
      email: text(r, 'email'),
      unit: text(r, 'unit'),
      complex: text(r, 'complex'),
      address: text(r, 'address'),
      suburb: text(r, 'suburb'),
      city: text(r, 'city'),
      province: text(r, 'province'),
      country: text(r, 'country'),
      postalCode: text(r, 'postalCode'),
      linkedin: text(r, 'linkedin', 'linkedIn'),
      website: text(r, 'website'),
    })),
  },
});
