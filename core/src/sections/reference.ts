import { z } from 'zod';
import {
  INVALID_EMAIL,
  INVALID_PHONE,
  isPhoneNumber,
  optionalEmail,
  requiredFormatted,
  optionalText,
  requiredText,
  maxMessage,
  type ColumnKind,
} from './fields.ts';
import { cvList, id, text } from './cv-read.ts';
import { cvEntryFrom } from './cv-shape.ts';
import { defineSection, type Preview } from './define.ts';
import { type JsonResumeMapping, str } from '../json-resume/mapping.ts';

export const referenceLimits = {
  name: 100,
  company: 100,
  phone: 20,
  email: 100,
  position: 100,
} as const;
const max = referenceLimits;

export const REFERENCE_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: maxMessage('Name', max.name),
  companyRequired: 'Company is required',
  companyTooLong: maxMessage('Company', max.company),
  phoneRequired: 'Phone number is required',
  phoneTooLong: maxMessage('Phone number', max.phone),
  phoneInvalid: INVALID_PHONE,
  emailInvalid: INVALID_EMAIL,
  emailTooLong: maxMessage('Email', max.email),
  positionTooLong: maxMessage('Position', max.position),
} as const;

export const referenceSchema = z.object({
  name: requiredText('Name', max.name),
  company: requiredText('Company', max.company),
  phone: requiredFormatted('Phone number', max.phone, isPhoneNumber, INVALID_PHONE),
  email: optionalEmail('Email', max.email),
  position: optionalText('Position', max.position),
});

export type Reference = z.output<typeof referenceSchema>;
export type ReferenceInput = z.input<typeof referenceSchema>;

export const referenceDefaults: Reference = {
  name: '',
  company: '',
  phone: '',
  email: '',
  position: '',
};

export const referenceSample: Reference[] = [
  {
    name: 'Johan van der Merwe',
    company: 'Acme Retail Solutions',
    phone: '012 555 0190',
    email: 'johan.vdm@example.com',
    position: 'Engineering Manager',
  },
  {
    name: 'Naledi Dlamini',
    company: 'Bright Finance',
    phone: '011 555 0123',
    email: '',
    position: 'Senior Product Owner',
  },
];

export const referenceColumns = {
  name: 'text',
  company: 'text',
  phone: 'text',
  email: 'text',
  position: 'text',
} as const satisfies Record<keyof Reference, ColumnKind>;

/** CvReference: its CvData shape, as a schema (core/src/responses/cv.ts builds CvData from these). */
export const cvReferenceSchema = cvEntryFrom(referenceColumns);
export type CvReference = z.output<typeof cvReferenceSchema>;

/** The long preview CV's entries (SAMPLE_CV), longer than `sample`. */
export const referencePreview: Preview<Reference>[] = [
  {
    _id: 'sample-ref-1',
    name: 'Pieter van der Merwe',
    company: 'Karoo Financial Services',
    position: 'Head of Engineering',
    phone: '+27 11 555 0190',
    email: 'pieter.vdm@example.com',
  },
  {
    _id: 'sample-ref-2',
    name: 'Ayesha Patel',
    company: 'Umoja Logistics',
    position: 'Chief Technology Officer',
    phone: '+27 21 555 0117',
    email: 'ayesha.patel@example.com',
  },
];

/** Its place in a JSON Resume (core/src/json-resume). */
export const referenceJsonResume: JsonResumeMapping<Reference> = {
  place: 'references',
  toItem: (e) => ({
    name: e.name,
    reference: [e.position, e.company, e.phone, e.email].filter(Boolean).join(', '),
  }),
  // JSON Resume keeps a reference as free text: company and phone come only from meta.vitae.
  fromItem: (item) => ({ name: str(item, 'name') }),
};

export const referenceSection = defineSection({
  key: 'reference',
  tab: 'references',
  label: 'References',
  blurb: 'People who can vouch for you.',
  kind: 'list',
  sameEntry: ['name', 'email'],
  schema: referenceSchema,
  defaults: referenceDefaults,
  sample: referenceSample,
  preview: referencePreview,
  columns: referenceColumns,
  limits: referenceLimits,
  indicator: 'count',
  jsonResume: referenceJsonResume,
  cv: {
    field: 'references',
    aliases: ['references'],
    read: cvList((r, i): CvReference => ({
      _id: id(r, i),
      name: text(r, 'name'),
      company: text(r, 'company'),
      position: text(r, 'position', 'title'),
      phone: text(r, 'phone'),
      email: text(r, 'email'),
    })),
  },
});
