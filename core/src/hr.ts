import { z } from 'zod';
import type { SameType } from './schema-check.ts';
import type { CvData } from './cv.ts';
import { multiLineText, singleLineText } from './text.ts';
import { CEFR_LEVELS, type CefrLevel } from './levels.ts';
import { CONTACT_MESSAGES } from './contact-messages.ts';

/**
 * The public listing and the HR side (docs/product/public-listing-and-hr.md): shapes shared
 * by the API and the web screens.
 */

export const HR_RANKS = ['excellent', 'good', 'fair', 'poor'] as const;
export type HrRank = (typeof HR_RANKS)[number];
/** "Unrated" travels as the text 'null' (docs/product/public-listing-and-hr.md#ranks). */
export type HrRankValue = HrRank | 'null';
export const RANK_VALUES = [...HR_RANKS, 'null'] as const;

export const RANK_LABELS: Record<HrRankValue, string> = {
  excellent: 'Excellent',
  good: 'Good',
  fair: 'Fair',
  poor: 'Poor',
  null: 'Unrated',
};

export const isRated = (rank: string | null | undefined): rank is HrRank =>
  (HR_RANKS as readonly string[]).includes(rank ?? '');

/** docs/product/public-listing-and-hr.md#hr-dashboard. */
export const RECENT_VIEWS_SHOWN = 3;
export const RECENT_NOTES_PER_CARD = 2;
export const HR_WEEK_MS = 7 * 24 * 60 * 60 * 1000;
export const BROWSE_PAGE_DEFAULT = 24;
export const BROWSE_PAGE_MAX = 100;
/** An HR user's views of one saved CV count (and notify the owner) at most once per this. */
export const HR_VIEW_COUNT_WINDOW_MS = 60 * 60 * 1000;

/** Notes one HR user keeps on one saved CV (a bound of ours: the list answer carries them). */
export const MAX_NOTES_PER_SAVED_CV = 100;

export const HR_MESSAGES = {
  cvNotFound: 'CV not found',
  savedNotFound: 'Saved CV not found',
  noteNotFound: 'Note not found',
  viewNotFound: 'View not found',
  noteRequired: 'Note content is required',
  rankInvalid: 'Rank must be excellent, good, fair, poor or null',
  fetchStatusFailed: 'Failed to fetch CV status',
  toggleFailed: 'Failed to toggle CV visibility',
  fetchPublicFailed: 'Failed to fetch public CVs',
  saveFailed: 'Failed to save CV',
  rankFailed: 'Failed to update rank. Please try again.',
  addNoteFailed: 'Failed to add note. Please try again.',
  deleteNoteFailed: 'Failed to delete note. Please try again.',
  enableHrFailed: 'Failed to enable HR dashboard.',
  savedAlert: (name: string) => `${name}'s CV has been saved to your dashboard!`,
  justListed: (name: string) => `${name} just listed their CV!`,
  unlisted: (name: string) => `${name}'s CV was unlisted`,
  viewedTitle: 'Your CV was viewed',
  viewedMessage: (hrName: string) => `${hrName} viewed your public CV.`,
  /** Ours: the product sets no bound on notes; each saved CV keeps MAX_NOTES_PER_SAVED_CV. */
  tooManyNotes: `You can keep at most ${MAX_NOTES_PER_SAVED_CV} notes on a CV. Delete one to add another.`,
  /** The product has no wording for a saved CV its owner has since unlisted (docs/product/). */
  cvUnavailable: 'This candidate no longer lists their CV publicly. Your notes and rank are kept.',
} as const;

export interface HrView {
  hrUserName: string;
  viewedAt: string;
}

/**
 * Whether HR users who saved the listed CV see its email and phone at once ('open', the
 * default) or only once the owner approves their request ('on-request'; ours, issue 14).
 */
export const CONTACT_MODES = ['open', 'on-request'] as const;
export type ContactMode = (typeof CONTACT_MODES)[number];

/** `GET /api/public-cv/status` and the toggle's answer. */
export interface PublicCvStatus {
  isListed: boolean;
  listedAt: string | null;
  publicCV: { _id: string; curriculumVitaeID: string; viewCount: number; hrViews: HrView[] } | null;
  /** Ours (issue 14): 'open' until the owner chooses otherwise. */
  contactMode: ContactMode;
}

export { CONTACT_MESSAGES };

/** Pending requests one listing holds at most: a stranger cannot flood a candidate. */
export const MAX_PENDING_CONTACT_REQUESTS = 20;
/** The owner's list of requests shows this many, newest first. */
export const CONTACT_REQUESTS_LISTED = 50;

export const contactModeSchema = z.object({
  mode: z.enum(CONTACT_MODES, { error: CONTACT_MESSAGES.modeInvalid }),
});

export type ContactRequestStatus = 'pending' | 'approved' | 'declined';

/** One HR user's request, as the listing's owner sees it (`GET /api/public-cv/contact-requests`). */
export interface ContactRequest {
  _id: string;
  hrUserName: string;
  status: ContactRequestStatus;
  requestedAt: string;
  decidedAt: string | null;
}

/**
 * What an HR user may see of a saved CV's email and phone: 'open' (no approval needed, or
 * a direct share to them), else the state of their request.
 */
export type ContactAccess = 'open' | 'not-requested' | 'requested' | 'approved' | 'declined';

/** Whether `access` lets the HR user read the email and phone. */
export const contactVisible = (access: ContactAccess): boolean =>
  access === 'open' || access === 'approved';

export interface BrowseItem {
  _id: string;
  curriculumVitaeID: string;
  fullName: string;
  dateOfBirth: string;
  gender: string;
  nationality: string;
  listedAt: string;
  viewCount: number;
  isSaved: boolean;
  /** The latest position until a headline field exists (ours, issue 18). */
  headline: string;
  topSkills: string[];
  languages: { name: string; cefr: CefrLevel | null }[];
  city: string;
  province: string;
  /** Whole years from the employment dates (overlaps counted once). */
  yearsExperience: number;
  summaryExcerpt: string;
  hasVideo: boolean;
  /** Whether saving the CV shows the email and phone, or only an approved request does (ours). */
  contactMode: ContactMode;
}

/** `relevance` ranks search matches (more fields holding the word first, then newest). */
export const BROWSE_SORTS = ['relevance', 'newest', 'oldest', 'name', 'views'] as const;
export type BrowseSort = (typeof BROWSE_SORTS)[number];
/** A browse query names at most this many skills. */
export const BROWSE_MAX_SKILLS = 5;

export const BROWSE_FILTER_MESSAGES = {
  tooManySkills: `Choose at most ${BROWSE_MAX_SKILLS} skills`,
  languageLevel: 'Language level must be one of A1, A2, B1, B2, C1 or C2',
  minYears: 'Minimum years of experience must be a whole number from 0 to 60',
} as const;

const queryFlag = () =>
  z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
    .optional()
    .transform((v) => v === true || v === 'true' || v === '1');

/** "python, sql" (or repeated `skills=`) as trimmed distinct names. */
const skillList = z
  .union([singleLineText().max(600), z.array(singleLineText().max(100))])
  .optional()
  .transform((v) => {
    const parts = (Array.isArray(v) ? v : (v ?? '').split(','))
      .map((s) => s.trim().replace(/\s+/g, ' '))
      .filter(Boolean);
    return [...new Set(parts.map((s) => s.toLowerCase().slice(0, 100)))];
  })
  .refine((v) => v.length <= BROWSE_MAX_SKILLS, BROWSE_FILTER_MESSAGES.tooManySkills);

export const browseQuerySchema = z.object({
  search: singleLineText().max(100).optional().default(''),
  gender: z.enum(['all', 'male', 'female', 'other']).optional().default('all'),
  savedOnly: queryFlag(),
  sort: z.enum(BROWSE_SORTS).optional().default('newest'),
  skills: skillList,
  skillMode: z.enum(['any', 'all']).optional().default('any'),
  language: singleLineText().max(50).optional().default(''),
  languageLevel: z.enum(CEFR_LEVELS, { error: BROWSE_FILTER_MESSAGES.languageLevel }).optional(),
  province: singleLineText().max(100).optional().default(''),
  city: singleLineText().max(100).optional().default(''),
  minYears: z.coerce
    .number({ error: BROWSE_FILTER_MESSAGES.minYears })
    .int(BROWSE_FILTER_MESSAGES.minYears)
    .min(0, BROWSE_FILTER_MESSAGES.minYears)
    .max(60, BROWSE_FILTER_MESSAGES.minYears)
    .optional()
    .default(0),
  hasVideo: queryFlag(),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(BROWSE_PAGE_MAX)
    .optional()
    .default(BROWSE_PAGE_DEFAULT),
});
export type BrowseQuery = z.infer<typeof browseQuerySchema>;

export interface BrowsePage {
  data: BrowseItem[];
  /** Matches of the filters; when `totalCapped`, at least this many. */
  total: number;
  totalCapped?: boolean;
  page: number;
  hasMore: boolean;
  stats: { available: number; saved: number };
}

/** `GET /api/public-cv/skills?prefix=`: the most listed skills starting with the prefix. */
export const skillSuggestQuerySchema = z.object({
  prefix: singleLineText().trim().min(1, 'Type the start of a skill').max(100),
});
export interface SkillSuggestion {
  skill: string;
  /** Listed CVs with the skill, counted up to 1000. */
  count: number;
}

export interface HrNote {
  _id: string;
  content: string;
  createdAt: string;
}

/** One saved CV as the HR dashboard lists it (notes newest first). */
export interface SavedCv {
  _id: string;
  curriculumVitaeID: string;
  fullName: string;
  rank: HrRankValue;
  viewCount: number;
  dateSaved: string;
  lastViewed: string | null;
  notes: HrNote[];
  /** Whether the owner still lists the CV publicly (ours). */
  listed: boolean;
  /**
   * Whether this HR user may still read the CV: it is listed, or its owner shared it with
   * this HR user's email (ours). When false only the name, rank and notes remain.
   */
  available: boolean;
  /** Whether the CV's email and phone reach this HR user, and their request's state (ours). */
  contactAccess: ContactAccess;
  /**
   * What the card leads with (ours, issue 32): the listing's latest position, years of
   * experience, top skills and place, as browse shows them; empty when not `available`.
   */
  headline: string;
  yearsExperience: number;
  topSkills: string[];
  city: string;
  province: string;
}

/**
 * `GET /hr/saved-cv/{id}`: the saved CV with the owner's CV (media as signed URLs) and
 * template; `curriculumVitae` is null when the CV is no longer `available`.
 */
export interface SavedCvDetail extends SavedCv {
  curriculumVitae: CvData | null;
  cvTemplate: string;
  /** The visit `POST .../views` recorded, for its video progress reports (ours). */
  viewId?: string;
}

/** `POST /hr/saved-cv/{id}/video-progress`: from the HR view as the video plays. */
export const hrVideoProgressSchema = z.object({
  viewId: z.string().regex(/^[0-9a-f]{24}$/, 'viewId must be a view id'),
  percent: z.number().finite(),
});

export const noteSchema = z.object({
  content: multiLineText(HR_MESSAGES.noteRequired)
    .trim()
    .min(1, HR_MESSAGES.noteRequired)
    .max(2000, 'Note must be 2000 characters or less'),
});

export const rankSchema = z.object({
  rank: z.enum(RANK_VALUES, { error: HR_MESSAGES.rankInvalid }),
});

/** Initials for a card: at most 2 letters, or "CV" when there is no name. */
export function initialsOf(name: string | null | undefined): string {
  const letters = (name ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  return letters.slice(0, 2) || 'CV';
}

/** Whole years between a date of birth and `now`, or null if the date is unusable. */
export function ageFrom(dateOfBirth: string | null | undefined, now = new Date()): number | null {
  if (!dateOfBirth) return null;
  const born = new Date(dateOfBirth);
  if (Number.isNaN(born.getTime())) return null;
  let age = now.getFullYear() - born.getFullYear();
  const m = now.getMonth() - born.getMonth();
  if (m < 0 || (m === 0 && now.getDate() < born.getDate())) age--;
  return age >= 0 && age < 150 ? age : null;
}

/** Response schemas of HR browse (server/src/hr/browse.routes.ts), checked equal to the interfaces above. */
export const browseItemSchema = z.object({
  _id: z.string(),
  curriculumVitaeID: z.string(),
  fullName: z.string(),
  dateOfBirth: z.string(),
  gender: z.string(),
  nationality: z.string(),
  listedAt: z.string(),
  viewCount: z.number(),
  isSaved: z.boolean(),
  headline: z.string(),
  topSkills: z.array(z.string()),
  languages: z.array(z.object({ name: z.string(), cefr: z.enum(CEFR_LEVELS).nullable() })),
  city: z.string(),
  province: z.string(),
  yearsExperience: z.number(),
  summaryExcerpt: z.string(),
  hasVideo: z.boolean(),
  contactMode: z.enum(CONTACT_MODES),
});
export const browsePageSchema = z.object({
  data: z.array(browseItemSchema),
  total: z.number(),
  totalCapped: z.boolean().optional(),
  page: z.number(),
  hasMore: z.boolean(),
  stats: z.object({ available: z.number(), saved: z.number() }),
});
export const skillSuggestionSchema = z.object({ skill: z.string(), count: z.number() });
const _browseChecks: [
  SameType<z.output<typeof browseItemSchema>, BrowseItem>,
  SameType<z.output<typeof browsePageSchema>, BrowsePage>,
  SameType<z.output<typeof skillSuggestionSchema>, SkillSuggestion>,
] = [true, true, true];
void _browseChecks;
