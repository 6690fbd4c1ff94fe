/**
 * The status number of each section (docs/product/dashboard.md#status-indicators) and the dashboard
 * indicator derived from it. Pure, shared by the server (GET /api/X/status)
 * and the builder; the indicators themselves are in indicators.ts, which the
 * dashboard loads without the section registry.
 */

import {
  indicatorOfKind,
  type IndicatorKind,
  MEDIA_INDICATOR_KIND,
  type Indicator,
  type MediaStatusKey,
} from './indicators.ts';
import { SECTIONS, SECTION_KEYS, type SectionDataMap, type SectionKey } from './sections/index.ts';

export { CONTACT_STATUS_FIELDS, contactInfoStatus } from './sections/contact-info.ts';
export { personalInfoStatus } from './sections/personal-info.ts';
export { personalSummaryStatus } from './sections/personal-summary.ts';
export type { IndicatorKind } from './sections/define.ts';
export {
  SUMMARY_COMPLETE_AT,
  completeIndicator,
  countIndicator,
  firstImpressionIndicator,
  percentIndicator,
  summaryIndicator,
  type Indicator,
  type IndicatorTone,
} from './indicators.ts';

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

/** The 14 dashboard cards' status sources: the 12 sections plus media from another issue. */
export type StatusKey = SectionKey | MediaStatusKey;

/** The indicator kind of every card: each section's own, and the media cards'. */
export const INDICATOR_KIND: Record<StatusKey, IndicatorKind> = {
  ...(Object.fromEntries(SECTION_KEYS.map((k) => [k, SECTIONS[k].indicator])) as Record<
    SectionKey,
    IndicatorKind
  >),
  ...MEDIA_INDICATOR_KIND,
};

/** The dashboard indicator of a card from its status number. */
export const indicatorFor = (key: StatusKey, status: number | null | undefined): Indicator =>
  indicatorOfKind(INDICATOR_KIND[key], status);
