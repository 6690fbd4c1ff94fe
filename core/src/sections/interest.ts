import { z } from 'zod';
import { requiredText, type ColumnKind } from './fields.ts';

export const INTEREST_MESSAGES = {
  interestRequired: 'Interest is required',
  interestTooLong: 'Interest must be 100 characters or less',
  duplicate: 'This interest already exists',
} as const;

export const interestSchema = z.object({
  interest: requiredText('Interest', 100),
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
