import type { z } from 'zod';
import { textListSection } from './text-list.ts';

const interest = textListSection({
  key: 'interest',
  noun: 'Interest',
  tab: 'interests',
  label: 'Interests',
  blurb: 'What you enjoy outside work.',
  limit: 100,
  sample: ['Trail running', 'Photography', 'Chess'],
  preview: {
    idPrefix: 'sample-int',
    entries: ['Trail running', 'Open-source software', 'Photography', 'Jazz piano'],
  },
  jsonResume: { place: 'interests', itemKey: 'name' },
  cvField: 'interests',
});

export const interestSection = interest.section;
export const INTEREST_MESSAGES = interest.messages;
export const cvInterestSchema = interest.cvSchema;
export type Interest = z.output<typeof interestSection.schema>;
export type InterestInput = z.input<typeof interestSection.schema>;
export type CvInterest = z.output<typeof cvInterestSchema>;
