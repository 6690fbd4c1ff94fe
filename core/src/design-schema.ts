/**
 * The design's zod schemas (issue 17), apart from core/src/design.ts so the templates that
 * read a design never load zod.
 */
import { z } from 'zod';
import { CV_FONT_IDS, DENSITIES, DESIGN_MESSAGES, HEX_COLOR, TEXT_SIZES } from './design.ts';

/** `PUT /api/curriculum-vitae/design`'s body: the whole design; unknown fields are refused. */
export const designSchema = z.strictObject({
  accent: z
    .string({ error: DESIGN_MESSAGES.accent })
    .regex(HEX_COLOR, { error: DESIGN_MESSAGES.accent })
    .transform((s) => s.toLowerCase())
    .nullable(),
  font: z.enum(CV_FONT_IDS, { error: DESIGN_MESSAGES.font }).nullable(),
  size: z.enum(TEXT_SIZES, { error: DESIGN_MESSAGES.size }),
  density: z.enum(DENSITIES, { error: DESIGN_MESSAGES.density }),
});

/** The design as answers carry it. */
export const designResponseSchema = z.object({
  accent: z.string().nullable(),
  font: z.enum(CV_FONT_IDS).nullable(),
  size: z.enum(TEXT_SIZES),
  density: z.enum(DENSITIES),
});
