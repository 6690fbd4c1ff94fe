import { z } from 'zod';
import type { SameType } from '../schema-check.ts';
import { requiredText, maxMessage, type ColumnKind } from './fields.ts';
import { cvList, id, text } from './cv-read.ts';
import { defineSection, type Preview } from './define.ts';
import { type JsonResumeMapping, str } from '../json-resume/mapping.ts';

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

/** CvInterest as a response schema (core/src/responses/cv.ts builds CvData from these). */
export const cvInterestSchema = z.object({ _id: z.string(), interest: z.string() });
const _cvInterestSchema: SameType<z.output<typeof cvInterestSchema>, CvInterest> = true;

/** The long preview CV's entries (SAMPLE_CV), longer than `sample`. */
export const interestPreview: Preview<Interest>[] = [
  { _id: 'sample-int-1', interest: 'Trail running' },
  { _id: 'sample-int-2', interest: 'Open-source software' },
  { _id: 'sample-int-3', interest: 'Photography' },
  { _id: 'sample-int-4', interest: 'Jazz piano' },
];

/** Its place in a JSON Resume (core/src/json-resume). */
export const interestJsonResume: JsonResumeMapping<Interest> = {
  place: 'interests',
  toItem: (e) => ({ name: e.interest }),
  fromItem: (item) => ({ interest: str(item, 'name') }),
};

export const interestSection = defineSection({
  key: 'interest',
  tab: 'interests',
  label: 'Interests',
  blurb: 'What you enjoy outside work.',
  kind: 'list',
  schema: interestSchema,
  defaults: interestDefaults,
  sample: interestSample,
  preview: interestPreview,
  columns: interestColumns,
  limits: interestLimits,
  indicator: 'count',
  jsonResume: interestJsonResume,
  unique: { field: 'interest', listKey: 'interests', message: INTEREST_MESSAGES.duplicate },
  cv: {
    field: 'interests',
    aliases: ['interests'],
    read: cvList((r, i): CvInterest => ({ _id: id(r, i), interest: text(r, 'interest', 'name') })),
  },
});
