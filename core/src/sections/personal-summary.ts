import { z } from 'zod';
import { requiredText, type ColumnKind } from './fields.ts';

export const PERSONAL_SUMMARY_MESSAGES = {
  contentRequired: 'Personal summary is required',
  contentTooLong: 'Personal summary must be 1000 characters or less',
} as const;

export const personalSummarySchema = z.object({
  content: requiredText('Personal summary', 1000, { multiLine: true }),
});

export type PersonalSummary = z.output<typeof personalSummarySchema>;
export type PersonalSummaryInput = z.input<typeof personalSummarySchema>;

export const personalSummaryDefaults: PersonalSummary = { content: '' };

export const personalSummarySample: PersonalSummary[] = [
  {
    content:
      'Detail-oriented software developer with six years of experience building web applications for retail and finance clients. I enjoy turning complex requirements into simple, reliable tools, mentoring junior developers and working closely with customers to ship features that matter.',
  },
];

export const personalSummaryColumns = {
  content: 'text',
} as const satisfies Record<keyof PersonalSummary, ColumnKind>;
