import { z } from 'zod';
import { requiredText, maxMessage, type ColumnKind } from './fields.ts';
import { list, text } from './cv-read.ts';
import { visibleText } from '../rich-text.ts';
import { defineSection, type Preview } from './define.ts';
import { type JsonResumeMapping, compact, str } from '../json-resume/mapping.ts';
import { type LinkedInMapping, linkedInText, rowsOf } from '../json-resume/linkedin.ts';

export const personalSummaryLimits = { content: 1000 } as const;

export const PERSONAL_SUMMARY_MESSAGES = {
  contentRequired: 'Personal summary is required',
  contentTooLong: maxMessage('Personal summary', personalSummaryLimits.content),
} as const;

export const personalSummarySchema = z.object({
  content: requiredText('Personal summary', personalSummaryLimits.content, { rich: true }),
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
  content: 'rich',
} as const satisfies Record<keyof PersonalSummary, ColumnKind>;

/** The number of characters of summary written (visible text, trimmed, capped at the limit). */
export function personalSummaryStatus(
  summary: Partial<PersonalSummary> | null | undefined,
): number {
  return Math.min(visibleText(summary?.content).trim().length, personalSummaryLimits.content);
}

/** CvPersonalSummary: its CvData shape, as a schema (core/src/responses/cv.ts builds CvData from these). */
export const cvPersonalSummarySchema = z.object({ summary: z.string() });
export type CvPersonalSummary = z.output<typeof cvPersonalSummarySchema>;

/** The summary may arrive as plain text or as a record with `summary` or `content`. */
function summaryOf(value: unknown): CvPersonalSummary | null {
  const record = list(value)[0];
  const summary =
    typeof value === 'string' ? value.trim() : record ? text(record, 'summary', 'content') : '';
  return summary ? { summary } : null;
}

/** The long preview CV's entries (SAMPLE_CV), longer than `sample`. */
export const personalSummaryPreview: Preview<PersonalSummary>[] = [
  {
    content:
      'Senior software engineer building reliable web platforms for financial services and logistics. ' +
      'Over ten years I have led teams of up to eight engineers, moved monoliths to well-tested ' +
      'services, and cut page load times by more than half. I enjoy mentoring junior developers, ' +
      'working closely with product owners, and turning messy requirements into simple, ' +
      'maintainable software that customers rely on every day.',
  },
];

/** Its place in a JSON Resume (core/src/json-resume). */
export const personalSummaryJsonResume: JsonResumeMapping<PersonalSummary> = {
  place: 'basics',
  toItem: (e) => compact({ summary: e.content }),
  fromItem: (basics) => ({ content: str(basics, 'summary') }),
};

/** Its entries from a LinkedIn data export. */
export const personalSummaryLinkedIn: LinkedInMapping<PersonalSummary> = (rows) =>
  rowsOf(rows, 'Profile.csv')
    .slice(0, 1)
    .filter((p) => p['Summary'])
    .map((p) => ({ content: linkedInText(p['Summary']) }));

export const personalSummarySection = defineSection({
  key: 'personal-summary',
  label: 'Personal Summary',
  blurb: 'A short introduction at the top of your CV.',
  kind: 'single',
  schema: personalSummarySchema,
  defaults: personalSummaryDefaults,
  sample: personalSummarySample,
  preview: personalSummaryPreview,
  columns: personalSummaryColumns,
  limits: personalSummaryLimits,
  indicator: 'summary',
  jsonResume: personalSummaryJsonResume,
  linkedIn: personalSummaryLinkedIn,
  status: (entries) => personalSummaryStatus(entries[0]),
  cv: { field: 'personalSummary', aliases: [], read: summaryOf },
});
