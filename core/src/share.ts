import { z } from 'zod';
import type { CvData } from './cv.ts';
import { TEMPLATE_IDS, type TemplateId } from './templates.ts';
import { multiLineText, singleLineText } from './text.ts';

/** Sharing a CV by email with a view pin (docs/product/sharing.md). */
export const SHARE_SUBJECT_MAX = 100;
export const SHARE_MESSAGE_MAX = 1000;
/** A sane ceiling on one share: keeps the feature from becoming a bulk mailer. */
export const SHARE_RECIPIENTS_MAX = 20;
export const VIEW_PIN_LENGTH = 6;
export const VIEW_PIN_CHECK_DELAY_MS = 500;
export const SHARE_SUCCESS_REDIRECT_MS = 3_000;
/**
 * Wrong pins allowed within the lockout window. A link that names its share counts per share
 * and per (share, client); a link without one (sent before links named their share) counts
 * per CV and per (CV, client), on counters of its own, so guessing by CV id blocks no share.
 */
export const UNLOCK_FAILURES_PER_CLIENT = 5;
export const UNLOCK_FAILURES_PER_SHARE = 10;
export const UNLOCK_FAILURES_PER_CV = 20;
export const UNLOCK_LOCKOUT_MS = 15 * 60 * 1000;
/** How long an unlocked browser keeps access to a shared CV. */
export const UNLOCK_GRANT_MS = 12 * 60 * 60 * 1000;
export const ANONYMOUS_VIEWER_NAME = 'Anonymous Viewer';
export const ANONYMOUS_VIEWER_EMAIL = 'anonymous@viewer.invalid';

export const SHARE_MESSAGES = {
  subjectRequired: 'Subject is required',
  subjectTooLong: `Subject must be ${SHARE_SUBJECT_MAX} characters or less`,
  messageRequired: 'Message is required',
  messageTooLong: `Message must be ${SHARE_MESSAGE_MAX} characters or less`,
  emailInvalid: 'Please enter a valid email address',
  emailDuplicate: 'This email address is already added',
  recipientsRequired: 'At least one recipient is required',
  recipientsTooMany: `You can share with at most ${SHARE_RECIPIENTS_MAX} recipients at once`,
  shareFailed: 'Failed to share CV',
  fetchFailed: 'Failed to fetch share CV',
  sent: 'Your CV has been sent! Good luck with your applications!',
  cvNotFoundTitle: 'CV Not Found',
  cvNotFound: 'The shared CV could not be found or may have been removed.',
  pinRequired: 'Please enter a view pin',
  notLoaded: 'CV information not loaded yet',
  pinInvalid: 'Invalid view pin. Please check and try again.',
  lockedOut:
    'Too many incorrect pins for this link. Please try again in 15 minutes, or ask the sender to share the CV again.',
  tooManyShares: 'You have shared your CV too many times. Please try again later.',
  notUnlocked: 'Please enter the view pin first.',
  viewedTitle: 'Your CV was viewed',
  guessingTitle: 'Someone is guessing a view pin',
  revoked: 'This CV is no longer shared.',
  expired: 'This link has expired. Ask the sender to share the CV again if you still need it.',
  shareClosed: 'This share was revoked, so it cannot be changed or sent again.',
} as const;

/** How long a share stays open: chosen in the wizard; null is "never". 30 days by default. */
export const SHARE_EXPIRY_DAYS = [7, 30, 90] as const;
export const DEFAULT_SHARE_EXPIRY_DAYS = 30;
export const shareExpirySchema = z.union([z.literal(7), z.literal(30), z.literal(90), z.null()]);
export type ShareExpiryDays = z.infer<typeof shareExpirySchema>;
export const SHARES_PAGE_SIZE = 20;

/**
 * The basic pattern of docs/product/sharing.md#recipients (text, @, text, dot, text, no
 * spaces), minus the characters that make one field name several mailboxes to a mail library
 * (`a,b@x.io`, `<x@y.io>`).
 */
export const SHARE_EMAIL_PATTERN =
  /^[^\s@,;:<>()[\]"\\]+@[^\s@,;:<>()[\]"\\]+\.[^\s@,;:<>()[\]"\\]+$/;
export const isShareEmail = (value: string): boolean =>
  value.length <= 254 && SHARE_EMAIL_PATTERN.test(value);

export const defaultShareSubject = (fullName: string): string =>
  `CV Application - ${fullName.trim() || 'Professional Opportunity'}`;

export const defaultShareMessage = (fullName: string): string =>
  [
    'Dear Hiring Manager,',
    '',
    'I hope this message finds you well. The link below opens my CV for your consideration. ' +
      'I believe my skills and experience make me a strong candidate, and I would welcome the ' +
      'opportunity to discuss how I can contribute to your team.',
    '',
    'Thank you for your time and consideration.',
    '',
    'Kind regards,',
    fullName.trim(),
  ].join('\n');

/** Newlines in a subject would let a sender forge mail headers. */
const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').trim();

export const shareRecipientSchema = z.object({
  email: singleLineText().refine((v) => isShareEmail(v), SHARE_MESSAGES.emailInvalid),
  key: singleLineText().max(100).optional(),
});

export const shareCvSchema = z.object({
  curriculumVitaeID: z.string().regex(/^[0-9a-f]{24}$/, SHARE_MESSAGES.shareFailed),
  subject: z
    .string({ error: SHARE_MESSAGES.subjectRequired })
    .transform(oneLine)
    .pipe(
      singleLineText()
        .min(1, SHARE_MESSAGES.subjectRequired)
        .max(SHARE_SUBJECT_MAX, SHARE_MESSAGES.subjectTooLong),
    ),
  message: multiLineText(SHARE_MESSAGES.messageRequired)
    .refine((v) => v.trim() !== '', SHARE_MESSAGES.messageRequired)
    .refine((v) => v.length <= SHARE_MESSAGE_MAX, SHARE_MESSAGES.messageTooLong),
  recipients: z
    .array(shareRecipientSchema, { error: SHARE_MESSAGES.recipientsRequired })
    .min(1, SHARE_MESSAGES.recipientsRequired)
    .max(SHARE_RECIPIENTS_MAX, SHARE_MESSAGES.recipientsTooMany)
    .refine(
      (list) => new Set(list.map((r) => r.email.toLowerCase())).size === list.length,
      SHARE_MESSAGES.emailDuplicate,
    ),
  /** Only whether a photo is wanted counts: the server uses the owner's assigned photo. */
  assignedPhotoUrl: singleLineText().max(2000).nullable().optional(),
  /** Missing means the template the owner last chose for their CV (template01 by default). */
  CVTemplate: z.enum(TEMPLATE_IDS as [TemplateId, ...TemplateId[]]).optional(),
  /** Days until the share's link and pin stop working; null never; missing is 30. */
  expiresInDays: shareExpirySchema.optional(),
});
export type ShareCvInput = z.input<typeof shareCvSchema>;
export type ShareCvPayload = z.output<typeof shareCvSchema>;

export const unlockSchema = z.object({
  cvId: z.string().regex(/^[0-9a-f]{24}$/, SHARE_MESSAGES.pinInvalid),
  /** The share the link names (`?share=`); absent for links sent before links named one. */
  shareId: z
    .string()
    .regex(/^[0-9a-f]{24}$/, SHARE_MESSAGES.pinInvalid)
    .optional(),
  pin: singleLineText(SHARE_MESSAGES.pinRequired)
    .min(1, SHARE_MESSAGES.pinRequired)
    .max(VIEW_PIN_LENGTH, SHARE_MESSAGES.pinInvalid),
});

export const trackViewSchema = z.object({
  curriculumVitaeID: z.string().regex(/^[0-9a-f]{24}$/, SHARE_MESSAGES.notUnlocked),
  recipientEmail: singleLineText().max(254).optional(),
  recipientName: singleLineText().max(100).optional(),
  ipAddress: singleLineText().max(100).optional(),
  userAgent: singleLineText().max(500).optional(),
});

/** A share as its owner reads it: never the pin. */
export interface ShareRecord {
  _id: string;
  curriculumVitaeID: string;
  subject: string;
  message: string;
  recipients: Array<{ email: string; key: string }>;
  recipientName: string | null;
  CVTemplate: TemplateId;
  assignedPhotoUrl: string | null;
  createdAt: string;
}

/** What the locked screen may know: that the CV exists, and whose it is. */
export interface SharedCvSummary {
  exists: true;
  curriculumVitaeID: string;
  fullName: string;
  /** When the share the link names stops working (null: never); absent for CV-id links. */
  expiresAt?: string | null;
}

/** An unlocked CV: the data in the template its sender chose. */
export interface UnlockedCv {
  cv: { _id: string; template: TemplateId };
  data: CvData;
  /** When the share the viewer unlocked stops working (null: never; absent for the owner). */
  expiresAt?: string | null;
}

/** Where a share stands, for its sender: opened once any view was recorded. */
export type ShareStatus = 'sent' | 'opened' | 'expired' | 'revoked';

/** One share (one recipient) as its sender's list shows it. */
export interface ShareSummary extends ShareRecord {
  recipientEmail: string;
  /** ISO time, or null for a share that never expires. */
  expiresAt: string | null;
  revokedAt: string | null;
  status: ShareStatus;
  viewCount: number;
  lastViewedAt: string | null;
}

/** `GET /api/share-cv?page=N`: the sender's shares, newest first. */
export interface SharePage {
  data: ShareSummary[];
  total: number;
  page: number;
  pageSize: number;
}

export type DeviceKind = 'desktop' | 'phone' | 'tablet' | 'other';

/** One recorded view of a share (`GET /api/share-cv/:id/views`). */
export interface ShareView {
  _id: string;
  viewedAt: string;
  deviceKind: DeviceKind;
  /** How much of the first-impression video this viewer watched, 0–100. */
  videoPercent: number;
}

/** One of the owner's latest views across shares and the public listing (`GET /api/views/latest`). */
export interface LatestView {
  _id: string;
  viewedAt: string;
  source: 'share' | 'hr';
  /** The share's recipient email, or the HR user's name. */
  who: string;
  deviceKind?: DeviceKind;
  videoPercent?: number;
}

/** `PATCH /api/share-cv/:id/expiry`. */
export const changeExpirySchema = z.object({ expiresInDays: shareExpirySchema });

/** `POST /api/share-cv/video-progress`: from the unlocked viewer as the video plays. */
export const videoProgressSchema = z.object({
  viewId: z.string().regex(/^[0-9a-f]{24}$/),
  percent: z.number().finite(),
});

/** Why a share's link no longer opens (`410 {error, reason}` from by-cv-id and unlock). */
export type ShareClosedReason = 'revoked' | 'expired';
