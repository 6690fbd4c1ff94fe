/**
 * What a CV template reads of a section arrangement (arrangement.ts validates and stores it).
 * Kept apart from zod and the section registry, so the templates of the shared viewer load
 * neither (decision 0008 §0016): callers pass the registry's keys in.
 */
import type { SectionKey } from './sections/index.ts';
import type { CustomKey } from './custom-section-keys.ts';

/** A key of the arrangement: one of the 12 data sections, or a custom section (`custom:<id>`). */
export type ArrangementKey = SectionKey | CustomKey;

export interface CvArrangement {
  /** The user's order; empty: each template's own. Sections not listed follow, in registry order. */
  order: ArrangementKey[];
  /** Sections left off the CV (their data stays). */
  hidden: ArrangementKey[];
  /** A title per renamed section; absent: the template's title (a custom section has its own). */
  titles: Partial<Record<SectionKey, string>>;
}

export const EMPTY_ARRANGEMENT: CvArrangement = Object.freeze({
  order: [],
  hidden: [],
  titles: {},
}) as CvArrangement;

/** `keys` in the user's order: the listed ones first, then the rest in the order of `keys`. */
export const keysInOrder = <K extends string>(
  a: Pick<CvArrangement, 'order'> & Partial<CvArrangement>,
  keys: readonly K[],
): K[] => [
  ...(a.order.filter((k) => keys.includes(k as string as K)) as string[] as K[]),
  ...keys.filter((k) => !(a.order as readonly string[]).includes(k)),
];
