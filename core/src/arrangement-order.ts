/**
 * What a CV template reads of a section arrangement (arrangement.ts validates and stores it).
 * Kept apart from zod and the section registry, so the templates of the shared viewer load
 * neither (decision 0008 §0016): callers pass the registry's keys in.
 */
import type { SectionKey } from './sections/index.ts';

export interface CvArrangement {
  /** The user's order; empty: each template's own. Sections not listed follow, in registry order. */
  order: SectionKey[];
  /** Sections left off the CV (their data stays). */
  hidden: SectionKey[];
  /** A title per renamed section; absent: the template's title. */
  titles: Partial<Record<SectionKey, string>>;
}

export const EMPTY_ARRANGEMENT: CvArrangement = Object.freeze({
  order: [],
  hidden: [],
  titles: {},
}) as CvArrangement;

/** `keys` in the user's order: the listed ones first, then the rest in the order of `keys`. */
export const keysInOrder = (a: CvArrangement, keys: readonly SectionKey[]): SectionKey[] => [
  ...a.order,
  ...keys.filter((k) => !a.order.includes(k)),
];
