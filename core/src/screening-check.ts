/**
 * "What a screening system reads" (issue 35): the answer of
 * `GET /api/curriculum-vitae/screening-check`, the CV's own PDF read back as a CV parser reads
 * it. The web imports the types alone (no zod in its bundle).
 */
import { z } from 'zod';

/** The contact details the check looks for, in the order it lists them. */
export const SCREENING_CONTACT_FIELDS = ['name', 'email', 'phone', 'linkedin', 'website'] as const;
export type ScreeningContactField = (typeof SCREENING_CONTACT_FIELDS)[number];

export const SCREENING_WARNING_KINDS = ['columns', 'date', 'contact', 'heading'] as const;
export type ScreeningWarningKind = (typeof SCREENING_WARNING_KINDS)[number];

export const screeningCheckSchema = z.object({
  /** The layout the PDF was made in: the version's template. */
  template: z.string(),
  /** The PDF's text, one line each, in the order the parser read it. */
  text: z.array(z.string()),
  /** Each section the CV shows, in its order, and whether the parser found it. */
  sections: z.array(z.object({ key: z.string(), title: z.string(), found: z.boolean() })),
  /** Each contact detail the CV holds (and shows): what the parser read for it. */
  contact: z.array(
    z.object({
      field: z.enum(SCREENING_CONTACT_FIELDS),
      label: z.string(),
      /** As the CV holds it. */
      value: z.string(),
      /** What the parser read ('' when nothing). */
      read: z.string(),
      found: z.boolean(),
    }),
  ),
  warnings: z.array(z.object({ kind: z.enum(SCREENING_WARNING_KINDS), message: z.string() })),
});

export type ScreeningCheck = z.infer<typeof screeningCheckSchema>;
export type ScreeningSection = ScreeningCheck['sections'][number];
export type ScreeningContact = ScreeningCheck['contact'][number];
export type ScreeningWarning = ScreeningCheck['warnings'][number];
