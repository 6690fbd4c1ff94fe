import type { ContactInfo } from './sections/contact-info.ts';
import type { PersonalInfo } from './sections/personal-info.ts';
import type { PersonalSummary } from './sections/personal-summary.ts';
import type { SectionDataMap, SectionKey } from './sections/index.ts';

/**
 * The status number of each section (spec section 4) and the dashboard
 * indicator derived from it. Pure, shared by the server (GET /api/X/status)
 * and the dashboard cards.
 */

export type IndicatorTone = 'red' | 'orange' | 'yellow' | 'green';
export interface Indicator {
  label: string;
  tone: IndicatorTone;
}

/** A status is complete enough for the summary card at this many characters. */
export const SUMMARY_COMPLETE_AT = 10;

const filled = (v: unknown) => (typeof v === 'string' ? v.trim() !== '' : v != null);
const percent = (values: unknown[]) =>
  values.length === 0 ? 0 : Math.round((values.filter(filled).length / values.length) * 100);

/**
 * Percentage of personal-info fields filled. Counted: full name, date of birth,
 * ID number, gender; passport number and nationality only for non-SA citizens;
 * licence code only with a driver's licence. The yes/no flags always have a value.
 */
export function personalInfoStatus(info: Partial<PersonalInfo> | null | undefined): number {
  if (!info) return 0;
  const counted: unknown[] = [info.fullName, info.dateOfBirth, info.idNumber, info.gender];
  if (info.saCitizen === false) counted.push(info.ppNumber, info.nationality);
  if (info.driversLicense) counted.push(info.licenseCode);
  return percent(counted);
}

/** Fields counted for contact info (unit, complex, linkedin and website are extras). */
export const CONTACT_STATUS_FIELDS = [
  'phone',
  'email',
  'address',
  'suburb',
  'city',
  'province',
  'country',
  'postalCode',
] as const satisfies readonly (keyof ContactInfo)[];

/** Percentage of the contact fields in CONTACT_STATUS_FIELDS that are filled. */
export function contactInfoStatus(info: Partial<ContactInfo> | null | undefined): number {
  if (!info) return 0;
  return percent(CONTACT_STATUS_FIELDS.map((f) => info[f]));
}

/** The number of characters of summary written (trimmed, capped at 1000). */
export function personalSummaryStatus(
  summary: Partial<PersonalSummary> | null | undefined,
): number {
  return Math.min(summary?.content?.trim().length ?? 0, 1000);
}

/**
 * The status number of a section from the user's entries: a percentage for
 * personal and contact info, summary length for the summary, else the entry count.
 */
export function sectionStatus<K extends SectionKey>(
  key: K,
  entries: readonly SectionDataMap[K][],
): number {
  switch (key) {
    case 'personal-info':
      return personalInfoStatus(entries[0] as PersonalInfo | undefined);
    case 'contact-info':
      return contactInfoStatus(entries[0] as ContactInfo | undefined);
    case 'personal-summary':
      return personalSummaryStatus(entries[0] as PersonalSummary | undefined);
    default:
      return entries.length;
  }
}

const safe = (status: number | null | undefined) =>
  typeof status === 'number' && Number.isFinite(status) ? status : 0;

/** Personal and contact info: "NN%", red at 0, orange below 35, yellow below 70, else green. */
export function percentIndicator(status: number | null | undefined): Indicator {
  const s = Math.max(0, Math.min(100, Math.round(safe(status))));
  const tone: IndicatorTone = s === 0 ? 'red' : s < 35 ? 'orange' : s < 70 ? 'yellow' : 'green';
  return { label: `${s}%`, tone };
}

const complete: Indicator = { label: 'Complete', tone: 'green' };
const incomplete: Indicator = { label: 'Incomplete', tone: 'red' };

/** Personal summary: Complete at 10 or more characters. */
export const summaryIndicator = (status: number | null | undefined): Indicator =>
  safe(status) >= SUMMARY_COMPLETE_AT ? complete : incomplete;

/** Secondary/tertiary education and photo: Complete when anything was added. */
export const completeIndicator = (status: number | null | undefined): Indicator =>
  safe(status) > 0 ? complete : incomplete;

/** First impression: Complete when the status is above 0. */
export const firstImpressionIndicator = completeIndicator;

/** Counted sections: "N added", 0 red, 1 orange, 2 yellow, 3+ green. */
export function countIndicator(status: number | null | undefined): Indicator {
  const n = Math.max(0, Math.floor(safe(status)));
  const tone: IndicatorTone = n === 0 ? 'red' : n === 1 ? 'orange' : n === 2 ? 'yellow' : 'green';
  return { label: `${n} added`, tone };
}

/** The 14 dashboard cards' status sources: the 12 sections plus media from another issue. */
export type StatusKey = SectionKey | 'photo' | 'certificate' | 'first-impression';
export type IndicatorKind = 'percent' | 'summary' | 'count' | 'complete';

export const INDICATOR_KIND: Record<StatusKey, IndicatorKind> = {
  'personal-info': 'percent',
  'contact-info': 'percent',
  'personal-summary': 'summary',
  experience: 'count',
  'secondary-education': 'complete',
  'tertiary-education': 'complete',
  skill: 'count',
  language: 'count',
  reference: 'count',
  interest: 'count',
  attribute: 'count',
  'employment-history': 'count',
  certificate: 'count',
  photo: 'complete',
  'first-impression': 'complete',
};

const BY_KIND: Record<IndicatorKind, (s: number | null | undefined) => Indicator> = {
  percent: percentIndicator,
  summary: summaryIndicator,
  count: countIndicator,
  complete: completeIndicator,
};

/** The dashboard indicator of a card from its status number. */
export const indicatorFor = (key: StatusKey, status: number | null | undefined): Indicator =>
  BY_KIND[INDICATOR_KIND[key]](status);
