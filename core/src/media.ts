import { z } from 'zod';
import { singleLineText } from './text.ts';

/** Media limits (docs/product/media.md#limits). */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const PHOTO_TITLE_MAX = 100;
export const PHOTO_COMPRESS_MAX_WIDTH = 1200;
export const PHOTO_COMPRESS_QUALITY = 0.3;
export const CAMERA_CAPTURE_QUALITY = 0.8;
export const CERTIFICATE_MAX_BYTES = 5_242_880;
export const CERTIFICATE_TITLE_MAX = 100;
export const CERTIFICATE_ACCEPT = '.pdf,.jpg,.jpeg,.png';
/** Ours (issue 32): a certificate's issuer, date (YYYY-MM) and link; the file is optional. */
export const CERTIFICATE_ISSUER_MAX = 100;
export const CERTIFICATE_URL_MAX = 500;
/** Ours (docs/product/media.md#limits): how many photos and certificates one user keeps. */
export const MAX_PHOTOS = 50;
export const MAX_CERTIFICATES = 50;
export const VIDEO_MAX_BYTES = 104_857_600;
export const VIDEO_MAX_DURATION_S = 31;
export const RECORDING_MAX_S = 30;
export const RECORDING_WARNING_S = 5;
export const RECORDING_BITS_PER_SECOND = 250_000;
/** Elapsed-time thresholds (seconds) of the upload progress messages. */
export const VIDEO_PROGRESS_STAGES_S = [5, 15, 30, 45] as const;
export const VIDEO_UPLOAD_REDIRECT_MS = 2_000;
export const DEMO_FETCH_TIMEOUT_MS = 10_000;
export const DEMO_AUTOPLAY_DELAY_MS = 1_000;
export const CERTIFICATE_VIEW_AUTOCLOSE_MS = 1_500;
export const CERTIFICATE_REFRESH_THROTTLE_MS = 2_000;
/** How long a signed upload stays valid. */
export const UPLOAD_SIGNATURE_TTL_S = 600;
/** The value `GET /api/photo/assigned` returns when no photo is assigned. */
export const NONE_ASSIGNED = 'noneAssigned';
/** The `upload_preset` a profile photo upload carries. */
export const PHOTO_PRESET = 'photo';

export const PHOTO_MESSAGES = {
  notImage: 'Please select an image file',
  tooLarge: 'File size must be less than 10MB',
  fileRequired: 'Please select a photo to upload',
  titleRequired: 'Please enter a title for the photo',
  titleTooLong: 'Title must be 100 characters or less',
  uploadFailed: 'Unable to upload image, please try again later',
  processFailed: 'Failed to process image. Please try again.',
  prepareFailed: 'Failed to prepare upload. Please try again.',
  assignFailed: 'Failed to assign photo. Please try again.',
  deleteFailed: 'Failed to delete photo. Please try again.',
  cameraFailed: 'Unable to access camera. Please check permissions.',
  /** Ours: the answer past MAX_PHOTOS. */
  tooMany: `You can add at most ${MAX_PHOTOS} photos.`,
} as const;

export const VIDEO_MESSAGES = {
  notVideo: 'Please select a valid video file.',
  tooLarge: 'File size must be less than 100MB',
  durationUnknown: 'Could not verify video duration. Please try another file.',
  fileRequired: 'Please select a video file first.',
  noRecording: 'No video recorded. Please record a video first.',
  authPending: 'Please wait while we verify your authentication...',
  mustLogin: 'You must be logged in to upload videos.',
  noPublicId: 'Failed to extract video information. Please try again.',
  cameraFailed: 'Failed to access camera. Please check permissions.',
  convertFailed: 'Failed to convert video format.',
  uploadFailed: 'Failed to upload video',
  saveFailed: 'Failed to save video.',
  uploadRetry: 'Upload failed. Please try again.',
  uploadFailedRetry: 'Failed to upload video. Please try again.',
  demoTimeout: 'Demo video fetch timed out. Please try again.',
  demoUnavailable: 'Demo video not available. Please try again later.',
  demoUrlMissing: 'Demo video URL not found. Please try again later.',
  demoOpenFailed: 'Error opening demo video. Please try again.',
  noVideoToRemove: 'No video to remove',
  removeFailed: 'Failed to remove video. Please try again.',
  removed: 'Video removed successfully!',
  missingUploadData: 'Missing file or signature data.',
  loadFailed: 'Unable to load the video. Please try again later.',
  uploadSucceeded: 'Upload completed successfully!',
} as const;

export const CERTIFICATE_MESSAGES = {
  titleRequired: 'Certificate title is required',
  titleTooLong: 'Certificate title must be 100 characters or less',
  documentRequired: 'Certificate document is required',
  badType: 'Please select a PDF or image file (JPEG, PNG)',
  tooLarge: 'File size must be less than 5MB',
  uploadFailed: 'Failed to upload file. Please try again.',
  unsupported: 'Unsupported file type.',
  /** Ours: our refusal of a PDF that carries scripts or launch actions. */
  pdfActiveContent:
    'This PDF contains scripts and cannot be uploaded. Please save it as a plain PDF (for example, print it to PDF) and try again.',
  deleteFailed: 'Failed to delete certificate. Please try again.',
  refreshed: 'Certificates refreshed successfully!',
  added: 'Certificate added successfully!',
  updated: 'Certificate updated successfully!',
  deleted: 'Certificate deleted successfully!',
  /** Ours: the answer past MAX_CERTIFICATES. */
  tooMany: `You can add at most ${MAX_CERTIFICATES} certificates.`,
  /** Ours (issue 32): the details a certificate may carry without (or beside) a file. */
  issuerTooLong: `Issuer must be ${CERTIFICATE_ISSUER_MAX} characters or less`,
  badDate: 'Date must be a month and year (such as 2020-03) or a year',
  futureDate: 'Date cannot be in the future',
  badUrl: 'Please enter a web address starting with http:// or https://',
  urlTooLong: `Link must be ${CERTIFICATE_URL_MAX} characters or less`,
} as const;

export const UPLOAD_MESSAGES = {
  badSignature: 'Invalid upload signature.',
  expiredSignature: 'Upload signature has expired. Please try again.',
  /** Ours: a signature lets one upload through. */
  usedSignature: 'Upload signature has already been used. Please try again.',
  badPreset: 'Unknown upload preset.',
  tooMany: 'Too many uploads. Please try again later.',
  mediaNotFound: 'The uploaded file could not be found. Please upload it again.',
  mediaWrongKind: 'This file cannot be used here.',
  mediaInUse: 'This file is already in use.',
} as const;

const pad2 = (n: number) => String(n).padStart(2, '0');
/** m:ss, as the duration message shows it. */
export const formatDuration = (seconds: number): string => {
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${pad2(s % 60)}`;
};

export const videoTooLongMessage = (seconds: number): string =>
  `Video is too long. Maximum duration is ${formatDuration(VIDEO_MAX_DURATION_S)}. Your video is ${formatDuration(seconds)}.`;

/** The last path segment of a media URL without its extension: the cloud convention. */
export function publicIdFromUrl(url: string): string | null {
  const path = url.split(/[?#]/)[0] ?? '';
  const last = path.split('/').pop() ?? '';
  const id = last.replace(/\.[a-z0-9]+$/i, '');
  return /^[0-9a-f]{24}$/.test(id) ? id : null;
}

const title = (required: string, tooLong: string, max: number) =>
  singleLineText(required).min(1, required).max(max, tooLong);
const mediaRef = singleLineText().max(2048);

export const photoCreateSchema = z.object({
  title: title(PHOTO_MESSAGES.titleRequired, PHOTO_MESSAGES.titleTooLong, PHOTO_TITLE_MAX),
  photoUrl: mediaRef.optional(),
  publicId: singleLineText(PHOTO_MESSAGES.fileRequired).min(1, PHOTO_MESSAGES.fileRequired),
});
export const photoPatchSchema = z.object({
  title: title(PHOTO_MESSAGES.titleRequired, PHOTO_MESSAGES.titleTooLong, PHOTO_TITLE_MAX),
});

/** A month as the forms send it ("2020-03", January to December), or a bare year. */
const CERTIFICATE_MONTH = /^[12]\d{3}(-(0[1-9]|1[0-2]))?$/;
const thisMonth = (now = new Date()) =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;

/** Whether a certificate's link is an http(s) address (scheme required). */
export const isCertificateUrl = (value: string): boolean =>
  /^https?:\/\/[^\s/?#]+\.[^\s]*$/i.test(value) && !/[\s<>"]/.test(value);

/** A certificate's details beside its title; missing or null becomes ''. */
export const certificateDetailsSchema = z.object({
  issuer: singleLineText(CERTIFICATE_MESSAGES.issuerTooLong)
    .max(CERTIFICATE_ISSUER_MAX, CERTIFICATE_MESSAGES.issuerTooLong)
    .nullish()
    .transform((v) => v ?? ''),
  date: singleLineText(CERTIFICATE_MESSAGES.badDate)
    .refine((v) => v === '' || CERTIFICATE_MONTH.test(v), CERTIFICATE_MESSAGES.badDate)
    .refine((v) => v === '' || v <= thisMonth(), CERTIFICATE_MESSAGES.futureDate)
    .nullish()
    .transform((v) => v ?? ''),
  url: singleLineText(CERTIFICATE_MESSAGES.badUrl)
    .max(CERTIFICATE_URL_MAX, CERTIFICATE_MESSAGES.urlTooLong)
    .refine((v) => v === '' || isCertificateUrl(v), CERTIFICATE_MESSAGES.badUrl)
    .nullish()
    .transform((v) => v ?? ''),
});

const certificateTitle = title(
  CERTIFICATE_MESSAGES.titleRequired,
  CERTIFICATE_MESSAGES.titleTooLong,
  CERTIFICATE_TITLE_MAX,
);

/** A certificate without its file, as an import brings it (issue 32). */
export const certificateRecordSchema = z.object({
  title: certificateTitle,
  ...certificateDetailsSchema.shape,
});

/**
 * A new certificate: a title, optionally a file (`publicId` of an upload) and details
 * (issuer, date, link). Without a file it is a record of the certificate (issue 32).
 */
export const certificateCreateSchema = z.object({
  title: certificateTitle,
  pdfUrl: mediaRef.nullish(),
  photoUrl: mediaRef.nullish(),
  publicId: singleLineText().max(2048).nullish(),
  ...certificateDetailsSchema.shape,
});
/**
 * An edit: the title, and the document kept (no publicId), replaced (a new publicId) or, with
 * `removeFile`, dropped. Details left out stay as they are.
 */
export const certificatePatchSchema = z.object({
  title: certificateTitle,
  pdfUrl: mediaRef.nullish(),
  photoUrl: mediaRef.nullish(),
  publicId: singleLineText().max(2048).nullish(),
  removeFile: z.boolean().optional(),
  issuer: certificateDetailsSchema.shape.issuer.optional(),
  date: certificateDetailsSchema.shape.date.optional(),
  url: certificateDetailsSchema.shape.url.optional(),
});
export type CertificateDetails = z.output<typeof certificateDetailsSchema>;

export const firstImpressionCreateSchema = z.object({
  videoUrl: singleLineText(VIDEO_MESSAGES.saveFailed).min(1, VIDEO_MESSAGES.saveFailed),
  userId: singleLineText().optional(),
  publicId: singleLineText().optional(),
});

export interface Photo {
  _id: string;
  title: string;
  photoUrl: string;
  thumbnailUrl: string;
  publicId: string;
  assigned: boolean;
  lastUpdate: string;
}

export interface Certificate {
  _id: string;
  title: string;
  /** '' with no file (pdfUrl, photoUrl and publicId alike). */
  pdfUrl: string;
  photoUrl: string;
  publicId: string;
  /** Who issued it, when (YYYY-MM) and where it can be checked; '' when not given. */
  issuer: string;
  date: string;
  url: string;
  lastUpdate: string;
}

export interface FirstImpression {
  _id: string;
  videoUrl: string;
  posterUrl: string;
  publicId: string;
  lastUpdate: string;
}

export interface UploadSignature {
  apiKey: string;
  signature: string;
  timestamp: number;
  error?: string;
}

export interface CloudUploadResponse {
  url: string;
  secure_url: string;
  public_id: string;
  resource_type: 'image' | 'video' | 'raw';
  format: string;
  bytes: number;
  thumbnail_url?: string;
  duration?: number;
}

export type UploadKind = 'image' | 'video' | 'raw';
