import { z } from 'zod';
import {
  INVALID_EMAIL,
  optionalEmail,
  optionalText,
  requiredText,
  type ColumnKind,
} from './fields.ts';

export const REFERENCE_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be 100 characters or less',
  companyRequired: 'Company is required',
  companyTooLong: 'Company must be 100 characters or less',
  phoneRequired: 'Phone number is required',
  phoneTooLong: 'Phone number must be 20 characters or less',
  emailInvalid: INVALID_EMAIL,
  emailTooLong: 'Email must be 100 characters or less',
  positionTooLong: 'Position must be 100 characters or less',
} as const;

export const referenceSchema = z.object({
  name: requiredText('Name', 100),
  company: requiredText('Company', 100),
  phone: requiredText('Phone number', 20),
  email: optionalEmail('Email', 100),
  position: optionalText('Position', 100),
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
