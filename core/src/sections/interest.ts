import { z } from 'zod';
import { requiredText, maxMessage, type ColumnKind } from './fields.ts';
import { cvList, id, text } from './cv-read.ts';
import { defineSection } from './define.ts';

export const interestLimits = { interest: 100 } as const;

export const INTEREST_MESSAGES = {
  interestRequired: 'Interest is required',
  interestTooLong: maxMessage('Interest', interestLimits.interest),
  duplicate: 'This interest already exists',
} as const;

export const interestSchema = z.object({
  interest: requiredText('Interest', interestLimits.interest),
});

export type Interest = z.output<typeof interestSchema>;
export type InterestInput = z.input<typeof interestSchema>;

export const interestDefaults: Interest = { interest: '' };

export const interestSample: Interest[] = [
  { interest: 'Trail running' },
  { interest: 'Photography' },
  { interest: 'Chess' },
];

export const interestColumns = {
  interest: 'text',
} as const satisfies Record<keyof Interest, ColumnKind>;

export interface CvInterest {
  _id: string;
  interest: string;
}

export const interestSection = defineSection({
  key: 'interest',
  label: 'Interests',
  blurb: 'What you enjoy outside work.',
  kind: 'list',
  schema: interestSchema,
  defaults: interestDefaults,
  sample: interestSample,
  columns: interestColumns,
  limits: interestLimits,
  indicator: 'count',
  unique: { field: 'interest', listKey: 'interests', message: INTEREST_MESSAGES.duplicate },
  cv: {
    field: 'interests',
    aliases: ['interests'],
    read: cvList((r, i): CvInterest => ({ _id: id(r, i), interest: text(r, 'interest', 'name') })),
  },
});
