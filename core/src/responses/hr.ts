import { z } from 'zod';
import type { SameType } from '../schema-check.ts';
import {
  CONTACT_MODES,
  RANK_VALUES,
  browseItemSchema,
  browsePageSchema,
  skillSuggestionSchema,
  type ContactRequest,
  type HrNote,
  type HrView,
  type PublicCvStatus,
  type SavedCv,
  type SavedCvDetail,
} from '../hr.ts';
import { cvDataSchema } from './cv.ts';

const str = z.string();

export { browseItemSchema, browsePageSchema, skillSuggestionSchema };

export const hrViewSchema = z.object({ hrUserName: str, viewedAt: str });
export const publicCvStatusSchema = z.object({
  isListed: z.boolean(),
  listedAt: str.nullable(),
  publicCV: z
    .object({
      _id: str,
      curriculumVitaeID: str,
      viewCount: z.number(),
      hrViews: z.array(hrViewSchema),
    })
    .nullable(),
  contactMode: z.enum(CONTACT_MODES),
});

export const contactRequestSchema = z.object({
  _id: str,
  hrUserName: str,
  status: z.enum(['pending', 'approved', 'declined']),
  requestedAt: str,
  decidedAt: str.nullable(),
});
export const contactAccessSchema = z.enum([
  'open',
  'not-requested',
  'requested',
  'approved',
  'declined',
]);

export const hrNoteSchema = z.object({ _id: str, content: str, createdAt: str });
export const savedCvSchema = z.object({
  _id: str,
  curriculumVitaeID: str,
  fullName: str,
  rank: z.enum(RANK_VALUES),
  viewCount: z.number(),
  dateSaved: str,
  lastViewed: str.nullable(),
  notes: z.array(hrNoteSchema),
  listed: z.boolean(),
  available: z.boolean(),
  contactAccess: contactAccessSchema,
  headline: str,
  yearsExperience: z.number(),
  topSkills: z.array(str),
  city: str,
  province: str,
});
export const savedCvDetailSchema = savedCvSchema.extend({
  curriculumVitae: cvDataSchema.nullable(),
  cvTemplate: str,
  viewId: str.optional(),
});

const _checks: [
  SameType<z.output<typeof hrViewSchema>, HrView>,
  SameType<z.output<typeof publicCvStatusSchema>, PublicCvStatus>,
  SameType<z.output<typeof contactRequestSchema>, ContactRequest>,
  SameType<z.output<typeof hrNoteSchema>, HrNote>,
  SameType<z.output<typeof savedCvSchema>, SavedCv>,
  SameType<z.output<typeof savedCvDetailSchema>, SavedCvDetail>,
] = [true, true, true, true, true, true];
void _checks;
