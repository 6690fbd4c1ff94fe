/**
 * Response schemas for the CV: each section's entries as the API stores them, and CvData.
 * Kept out of the package index so public pages never carry them. Each section's CvData
 * schema is in core/src/sections/<key>.ts, its type inferred from it (and the schema derived
 * from the columns where the entry is just its fields); this file names no section, so a new
 * one needs nothing here.
 */
import { z } from 'zod';
import { TEMPLATE_IDS, type TemplateId } from '../templates.ts';
import { PAGE_SIZES, type CvData } from '../cv.ts';
import { arrangementResponseSchema } from '../arrangement.ts';
import { designResponseSchema } from '../design-schema.ts';
import { cvCustomSectionsSchema } from '../custom-sections.ts';
import {
  CV_SCHEMAS,
  SECTIONS,
  SECTION_KEYS,
  cvSubjectSchema,
  type ColumnKind,
  type SectionKey,
} from '../sections/index.ts';

const str = z.string();
const withId = <S extends z.ZodRawShape>(shape: S) => z.object({ _id: str, ...shape });

/** CvData: each section's field from the registry, then the media the CV shows. */
export const cvDataSchema = z.object({
  ...Object.fromEntries(SECTION_KEYS.map((key) => [SECTIONS[key].cv.field, CV_SCHEMAS[key]])),
  assignedPhotoUrl: str.nullable(),
  firstImpression: z.object({ _id: str, videoUrl: str }).nullable(),
  certificates: z.array(
    withId({ title: str, pdfUrl: str, photoUrl: str, issuer: str, date: str, url: str }),
  ),
  customSections: cvCustomSectionsSchema,
  arrangement: arrangementResponseSchema,
  design: designResponseSchema,
}) as unknown as z.ZodType<CvData>;

/** The paper size a CV is laid out on (issue 17). */
export const cvPageSizeSchema = z.enum(PAGE_SIZES);

/** The CV record (table curriculum_vitae). */
export const cvRecordSchema = z.object({
  _id: str,
  template: z.enum(TEMPLATE_IDS as [TemplateId, ...TemplateId[]]),
  pageSize: cvPageSizeSchema,
  createdAt: str,
  updatedAt: str,
});

/** GET /api/curriculum-vitae/data: the one-request CV behind View CV. */
export const cvDataResponseSchema = z.object({
  cv: cvRecordSchema.pick({ _id: true, template: true, pageSize: true }),
  data: cvDataSchema,
});

/** PUT /api/curriculum-vitae/arrangement: the arrangement as stored (issue 17). */
export const cvArrangementResponseSchema = z.object({ arrangement: arrangementResponseSchema });

/** PUT /api/curriculum-vitae/design: the design as stored (issue 17). */
export const cvDesignResponseSchema = z.object({ design: designResponseSchema });

/** What a JSON column holds, by field (the rest are typed by their ColumnKind). */
const JSON_FIELDS: Record<string, z.ZodType> = { subjects: z.array(cvSubjectSchema) };

const columnSchema = (field: string, kind: ColumnKind): z.ZodType =>
  kind === 'bool'
    ? z.boolean()
    : kind === 'int'
      ? z.number()
      : kind === 'json'
        ? (JSON_FIELDS[field] ?? z.unknown())
        : str;

/** A stored section entry as the section endpoints return it: `_id`, `lastUpdate`, its fields. */
export const SECTION_ENTRY_SCHEMAS = Object.fromEntries(
  SECTION_KEYS.map((key) => [
    key,
    withId({
      lastUpdate: str,
      ...Object.fromEntries(
        Object.entries(SECTIONS[key].columns as Record<string, ColumnKind>).map(([f, kind]) => [
          f,
          columnSchema(f, kind),
        ]),
      ),
    }),
  ]),
) as unknown as Record<SectionKey, z.ZodObject>;

/** `{ data: entries }`, the answer of every section list, create, edit and delete. */
export const SECTION_LIST_SCHEMAS = Object.fromEntries(
  SECTION_KEYS.map((key) => [key, z.object({ data: z.array(SECTION_ENTRY_SCHEMAS[key]) })]),
) as unknown as Record<SectionKey, z.ZodObject>;

export const sectionStatusSchema = z.object({ status: z.number() });
export const viewHeadingSchema = z.object({ fullName: str, title: str.optional() });

/** A CV version (issue 30) as /api/curriculum-vitae/versions answers it. */
export const cvVersionSchema = z.object({
  _id: str,
  name: str,
  isDefault: z.boolean(),
  template: z.enum(TEMPLATE_IDS as [TemplateId, ...TemplateId[]]),
  pageSize: cvPageSizeSchema,
  headline: str.nullable(),
  summary: str.nullable(),
  excluded: z.array(str),
  liveShares: z.number(),
  publicLink: z.boolean(),
  createdAt: str,
  updatedAt: str,
});
export type CvVersion = z.output<typeof cvVersionSchema>;

/** GET /api/curriculum-vitae/versions: the default first, then oldest first. */
export const cvVersionListSchema = z.object({ data: z.array(cvVersionSchema) });
