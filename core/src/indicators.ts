/**
 * The dashboard indicator of a status number (docs/product/dashboard.md#status-indicators):
 * "NN%", "N added", Complete or Incomplete, with a tone, by the card's kind (indicatorOfKind).
 * Apart from section-status.ts, which knows each section's kind from the registry, so that the
 * signed-in shell draws its badges without loading zod and every section's schema
 * (decision 0008 §0014).
 */

/** How a dashboard card turns a status number into its indicator (indicatorOfKind). */
export type IndicatorKind = 'percent' | 'summary' | 'count' | 'complete';

export type IndicatorTone = 'red' | 'orange' | 'yellow' | 'green';
export interface Indicator {
  label: string;
  tone: IndicatorTone;
}

/** A status is complete enough for the summary card at this many characters. */
export const SUMMARY_COMPLETE_AT = 10;

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

const BY_KIND: Record<IndicatorKind, (s: number | null | undefined) => Indicator> = {
  percent: percentIndicator,
  summary: summaryIndicator,
  count: countIndicator,
  complete: completeIndicator,
};

/** The indicator of a status number drawn as `kind`. */
export const indicatorOfKind = (
  kind: IndicatorKind,
  status: number | null | undefined,
): Indicator => BY_KIND[kind](status);

/** The media cards' indicator kinds (the sections' come from their definitions). */
export const MEDIA_INDICATOR_KIND = {
  certificate: 'count',
  photo: 'complete',
  'first-impression': 'complete',
} as const satisfies Record<string, IndicatorKind>;

export type MediaStatusKey = keyof typeof MEDIA_INDICATOR_KIND;
