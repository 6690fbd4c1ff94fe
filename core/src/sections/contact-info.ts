import { z } from 'zod';
import {
  INVALID_EMAIL,
  INVALID_LINKEDIN,
  INVALID_PHONE,
  INVALID_WEB_ADDRESS,
  isLinkedInProfile,
  isPhoneNumber,
  isWebAddress,
  optionalFormatted,
  optionalText,
  requiredFormatted,
  requiredText,
  maxMessage,
  type ColumnKind,
} from './fields.ts';
import { cvSingle, text } from './cv-read.ts';
import { cvRecordFrom } from './cv-shape.ts';
import { defineSection, percentFilled, type Preview } from './define.ts';
import { type JsonResumeMapping, compact, isRec, obj, str } from '../json-resume/mapping.ts';
import {
  type LinkedInMapping,
  type LinkedInRow,
  linkedInWebsites,
  rowsOf,
} from '../json-resume/linkedin.ts';

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
  phoneInvalid: INVALID_PHONE,
  linkedinInvalid: INVALID_LINKEDIN,
  websiteInvalid: INVALID_WEB_ADDRESS,
  addressTooLong: maxMessage('Address', max.address),
  cityTooLong: maxMessage('City', max.city),
  postalCodeTooLong: maxMessage('Postal code', max.postalCode),
} as const;

export const contactInfoSchema = z.object({
  phone: requiredFormatted('Phone number', max.phone, isPhoneNumber, INVALID_PHONE),
  email: requiredText('Email', max.email).pipe(z.email(INVALID_EMAIL)),
  unit: optionalText('Unit', max.unit),
  complex: optionalText('Complex', max.complex),
  address: optionalText('Address', max.address),
  suburb: optionalText('Suburb', max.suburb),
  city: optionalText('City', max.city),
  province: optionalText('Province', max.province),
  country: optionalText('Country', max.country),
  postalCode: optionalText('Postal code', max.postalCode),
  linkedin: optionalFormatted('LinkedIn', max.linkedin, isLinkedInProfile, INVALID_LINKEDIN),
  website: optionalFormatted('Website', max.website, isWebAddress, INVALID_WEB_ADDRESS),
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

/** CvContactInfo: its CvData shape, as a schema (core/src/responses/cv.ts builds CvData from these). */
export const cvContactInfoSchema = cvRecordFrom(contactInfoColumns);
export type CvContactInfo = z.output<typeof cvContactInfoSchema>;

/**
 * The CV without the owner's private contact details (email, phone and street address): what
 * an HR user receives before the owner approves their request. The street address reaches a
 * person as surely as a phone number, so it goes with them; the place (suburb, city, province,
 * country) and public links stay.
 */
export function withoutPrivateContact<T extends { contactInfo: CvContactInfo | null }>(data: T): T {
  if (!data.contactInfo) return data;
  const hidden = { email: '', phone: '', unit: '', complex: '', address: '', postalCode: '' };
  return { ...data, contactInfo: { ...data.contactInfo, ...hidden } };
}

/** The long preview CV's entries (SAMPLE_CV), longer than `sample`. */
export const contactInfoPreview: Preview<ContactInfo>[] = [
  {
    phone: '+27 82 555 0142',
    email: 'thandiwe.mokoena@example.com',
    unit: 'Unit 12',
    complex: 'Jacaranda Court',
    address: '45 Rivonia Road',
    suburb: 'Sandton',
    city: 'Johannesburg',
    province: 'Gauteng',
    country: 'South Africa',
    postalCode: '2196',
    linkedin: 'linkedin.com/in/thandiwe-mokoena',
    website: 'thandiwe.dev',
  },
];

/** Its place in a JSON Resume (core/src/json-resume). */
export const contactInfoJsonResume: JsonResumeMapping<ContactInfo> = {
  place: 'basics',
  toItem: (e) =>
    compact({
      email: e.email,
      phone: e.phone,
      url: e.website,
      location: compact({
        address: e.address,
        postalCode: e.postalCode,
        city: e.city,
        region: e.province,
        // JSON Resume wants an ISO 3166 code; a country name stays under meta.vitae.
        countryCode: /^[A-Z]{2}$/.test(e.country) ? e.country : '',
      }),
      profiles: e.linkedin ? [{ network: 'LinkedIn', url: e.linkedin }] : [],
    }),
  fromItem: (basics) => {
    const location = obj(basics, 'location');
    const profiles = Array.isArray(basics.profiles) ? basics.profiles.filter(isRec) : [];
    const linkedin = profiles.find((p) => /linkedin/i.test(str(p, 'network') + str(p, 'url')));
    const username = linkedin ? str(linkedin, 'username') : '';
    return {
      phone: str(basics, 'phone'),
      email: str(basics, 'email'),
      address: str(location, 'address'),
      city: str(location, 'city'),
      province: str(location, 'region'),
      postalCode: str(location, 'postalCode'),
      country: str(location, 'countryCode'),
      linkedin:
        (linkedin && str(linkedin, 'url')) ||
        (username ? `https://www.linkedin.com/in/${username}` : ''),
      website: str(basics, 'url'),
    };
  },
};

/** Its entries from a LinkedIn data export. */
/**
 * The links a CV holds from the profile: a linkedin.com address as LinkedIn, the first other
 * website as Website, else the Twitter profile (the CV has one website field).
 */
function linkedInLinks(profile: LinkedInRow | undefined): { linkedin: string; website: string } {
  const sites = linkedInWebsites(profile?.['Websites']);
  const isLinkedIn = (u: string) => /(^|\/\/|\.)linkedin\.com\//i.test(u);
  const twitter = /@?([a-z\d_]{1,15})/i.exec(profile?.['Twitter Handles'] ?? '')?.[1];
  return {
    linkedin: sites.find(isLinkedIn) ?? '',
    website: sites.find((u) => !isLinkedIn(u)) ?? (twitter ? `https://x.com/${twitter}` : ''),
  };
}

export const contactInfoLinkedIn: LinkedInMapping<ContactInfo> = (rows) => {
  const [profile] = rowsOf(rows, 'Profile.csv');
  const emails = rowsOf(rows, 'Email Addresses.csv');
  const email = emails.find((e) => /^yes$/i.test(e['Primary'] ?? '')) ?? emails[0];
  const phone = rowsOf(rows, 'PhoneNumbers.csv').find((p) => p['Number']);
  // "Pretoria, Gauteng, South Africa": city first, country last.
  const geo = (profile?.['Geo Location'] ?? '').split(',').map((s) => s.trim());
  const input = {
    email: email?.['Email Address'] ?? '',
    phone: phone?.['Number'] ?? '',
    address: profile?.['Address'] ?? '',
    postalCode: profile?.['Zip Code'] ?? '',
    city: geo.length > 1 ? geo[0] : '',
    province: geo.length > 2 ? geo[1] : '',
    country: geo[geo.length - 1] ?? '',
    ...linkedInLinks(profile),
  };
  return Object.values(input).some(Boolean) ? [input] : [];
};

export const contactInfoSection = defineSection({
  key: 'contact-info',
  label: 'Contact Information',
  blurb: 'How employers reach you.',
  kind: 'single',
  schema: contactInfoSchema,
  defaults: contactInfoDefaults,
  sample: contactInfoSample,
  preview: contactInfoPreview,
  columns: contactInfoColumns,
  limits: contactInfoLimits,
  indicator: 'percent',
  jsonResume: contactInfoJsonResume,
  linkedIn: contactInfoLinkedIn,
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
