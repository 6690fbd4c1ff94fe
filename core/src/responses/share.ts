import { z } from 'zod';
import type { SameType } from '../schema-check.ts';
import { TEMPLATE_IDS, type TemplateId } from '../templates.ts';
import type {
  LatestView,
  SharePage,
  ShareRecord,
  SharedCvSummary,
  ShareSummary,
  ShareView,
  UnlockedCv,
} from '../share.ts';
import { apiErrorSchema } from '../auth.ts';
import { cvDataSchema } from './cv.ts';
import type { PublicLink, PublicLinkCv } from '../public-link.ts';

const str = z.string();
const template = z.enum(TEMPLATE_IDS as [TemplateId, ...TemplateId[]]);
const deviceKind = z.enum(['desktop', 'phone', 'tablet', 'other']);

export const shareRecordSchema = z.object({
  _id: str,
  curriculumVitaeID: str,
  subject: str,
  message: str,
  recipients: z.array(z.object({ email: str, key: str })),
  recipientName: str.nullable(),
  CVTemplate: template,
  assignedPhotoUrl: str.nullable(),
  createdAt: str,
});
export const shareSummarySchema = shareRecordSchema.extend({
  recipientEmail: str,
  expiresAt: str.nullable(),
  revokedAt: str.nullable(),
  status: z.enum(['sent', 'opened', 'expired', 'revoked']),
  viewCount: z.number(),
  lastViewedAt: str.nullable(),
});
export const sharePageSchema = z.object({
  data: z.array(shareSummarySchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export const sharedCvSummarySchema = z.object({
  exists: z.literal(true),
  curriculumVitaeID: str,
  fullName: str,
  expiresAt: str.nullable().optional(),
});
export const unlockedCvSchema = z.object({
  cv: z.object({ _id: str, template }),
  data: cvDataSchema,
  expiresAt: str.nullable().optional(),
});
export const shareViewSchema = z.object({
  _id: str,
  viewedAt: str,
  deviceKind,
  videoPercent: z.number(),
});
export const latestViewSchema = z.object({
  _id: str,
  viewedAt: str,
  source: z.enum(['share', 'hr']),
  who: str,
  deviceKind: deviceKind.optional(),
  videoPercent: z.number().optional(),
});
/** 410 from a link whose share closed: the error body and why. */
export const shareClosedSchema = apiErrorSchema.extend({ reason: z.enum(['revoked', 'expired']) });

const _checks: [
  SameType<z.output<typeof shareRecordSchema>, ShareRecord>,
  SameType<z.output<typeof shareSummarySchema>, ShareSummary>,
  SameType<z.output<typeof sharePageSchema>, SharePage>,
  SameType<z.output<typeof sharedCvSummarySchema>, SharedCvSummary>,
  SameType<z.output<typeof unlockedCvSchema>, UnlockedCv>,
  SameType<z.output<typeof shareViewSchema>, ShareView>,
  SameType<z.output<typeof latestViewSchema>, LatestView>,
] = [true, true, true, true, true, true, true];
void _checks;

export const publicLinkSchema = z.object({
  enabled: z.boolean(),
  path: str.nullable(),
  indexable: z.boolean(),
  includePhoto: z.boolean(),
  viewCount: z.number(),
  lastViewedAt: str.nullable(),
  views: z.array(shareViewSchema),
});
export const publicLinkCvSchema = z.object({
  cv: z.object({ _id: str, template }),
  data: cvDataSchema,
});
const _linkChecks: [
  SameType<z.output<typeof publicLinkSchema>, PublicLink>,
  SameType<z.output<typeof publicLinkCvSchema>, PublicLinkCv>,
] = [true, true];
void _linkChecks;
