/**
 * The status number of each section (spec section 4) and the dashboard
 * indicator derived from it. Pure, shared by the server (GET /api/X/status)
 * and the dashboard cards.
 */

import type { IndicatorKind } from './sections/define.ts';
import { SECTIONS, SECTION_KEYS, type SectionDataMap, type SectionKey } from './sections/index.ts';

export { CONTACT_STATUS_FIELDS, contactInfoStatus } from './sections/contact-info.ts';
export { personalInfoStatus } from './sections/personal-info.ts';
export { personalSummaryStatus } from './sections/personal-summary.ts';
export type { IndicatorKind } from './sections/define.ts';

export type IndicatorTone = 'red' | 'orange' | 'yellow' | 'green';
export interface Indicator {
  label: string;
  tone: IndicatorTone;
}

/** A status is complete enough for the summary card at this many characters. */
export const SUMMARY_COMPLETE_AT = 10;

/**
 * The status number of a section from the user's entries: a percentage for
 * personal and contact info, summary length for the summary, else the entry count.
 */
export function sectionStatus<K extends SectionKey>(
  key: K,
  entries: readonly SectionDataMap[K][],
): number {
  return (SECTIONS[key].status as (e: readonly SectionDataMap[K][]) => number)(entries);
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

/** The indicator kind of every card: each section's own, and the media cards'. */
export const INDICATOR_KIND: Record<StatusKey, IndicatorKind> = {
  ...(Object.fromEntries(SECTION_KEYS.map((k) => [k, SECTIONS[k].indicator])) as Record<
    SectionKey,
    IndicatorKind
  >),
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
