import { z } from 'zod';
import type { SameType } from '../schema-check.ts';
import type {
  Certificate,
  CloudUploadResponse,
  FirstImpression,
  Photo,
  UploadSignature,
} from '../media.ts';

const str = z.string();

export const photoSchema = z.object({
  _id: str,
  title: str,
  photoUrl: str,
  thumbnailUrl: str,
  publicId: str,
  assigned: z.boolean(),
  lastUpdate: str,
});
export const certificateSchema = z.object({
  _id: str,
  title: str,
  pdfUrl: str,
  photoUrl: str,
  publicId: str,
  issuer: str,
  date: str,
  url: str,
  lastUpdate: str,
});
export const firstImpressionSchema = z.object({
  _id: str,
  videoUrl: str,
  posterUrl: str,
  publicId: str,
  lastUpdate: str,
});
export const uploadSignatureSchema = z.object({
  apiKey: str,
  signature: str,
  timestamp: z.number(),
  error: str.optional(),
});
export const cloudUploadResponseSchema = z.object({
  url: str,
  secure_url: str,
  public_id: str,
  resource_type: z.enum(['image', 'video', 'raw']),
  format: str,
  bytes: z.number(),
  thumbnail_url: str.optional(),
  duration: z.number().optional(),
});

/** Photos: the list and the assigned photo's URL ("noneAssigned" when none). */
export const photosAnswerSchema = z.object({ data: z.array(photoSchema), assignedPhotoUrl: str });
export const certificatesAnswerSchema = z.object({ data: z.array(certificateSchema) });
/** The one video, or none, as a list. */
export const firstImpressionAnswerSchema = z.object({ data: z.array(firstImpressionSchema) });
export const mediaStatusSchema = z.object({ status: z.number() });

const _checks: [
  SameType<z.output<typeof photoSchema>, Photo>,
  SameType<z.output<typeof certificateSchema>, Certificate>,
  SameType<z.output<typeof firstImpressionSchema>, FirstImpression>,
  SameType<z.output<typeof uploadSignatureSchema>, UploadSignature>,
  SameType<z.output<typeof cloudUploadResponseSchema>, CloudUploadResponse>,
] = [true, true, true, true, true];
void _checks;
