import { SECTION_CATALOG } from 'virtual:section-catalog';
import {
  EMPTY_ARRANGEMENT,
  keysInOrder,
  type ArrangementKey,
  type CvArrangement,
} from '@vitae/core/arrangement-order';
import { customKey, type CustomKey } from '@vitae/core/custom-section-keys';
import type { CvData } from '@vitae/core/cv';
import type { SectionKey } from '@vitae/core/sections/index';
import { CONTACT_FIELD, SECTION_FIELDS_OF, type SectionId } from './section-blocks.tsx';

/*
 * The sections in registry order with their CvData fields, from the catalog the build inlines:
 * the registry itself would bring zod and every section's schema to the shared viewer
 * (decision 0008 §0016).
 */
const SECTION_KEYS = SECTION_CATALOG.map((entry) => entry.key);
const ENTRY_OF = Object.fromEntries(SECTION_CATALOG.map((entry) => [entry.key, entry])) as Record<
  SectionKey,
  (typeof SECTION_CATALOG)[number]
>;

/** The data section whose CvData field is `field`. */
const keyOf = (field: keyof CvData): SectionKey =>
  SECTION_CATALOG.find((entry) => entry.cvField === field)!.key;

/** The data sections behind each template section id. */
export const SECTION_KEYS_OF = {} as Record<SectionId, readonly SectionKey[]>;
for (const [id, fields] of Object.entries(SECTION_FIELDS_OF)) {
  SECTION_KEYS_OF[id as SectionId] = fields.map(keyOf);
}

/** The section behind the header's contact piece. */
export const CONTACT_KEY: SectionKey = keyOf(CONTACT_FIELD);

/** What CvBody needs of an arrangement, worked out once per render. */
export interface Arranged {
  /**
   * The CV as section blocks see it: a hidden section's data is empty, so it renders nothing;
   * a hidden custom section is left out of `customSections`.
   */
  data: CvData;
  hidden: ReadonlySet<ArrangementKey>;
  /** The user's title for a section id, when there is one (see titleFor). */
  title: (id: SectionId) => string | undefined;
  /**
   * A section id's (or a custom section's `custom:<id>`) place in the user's order;
   * undefined: the template's own order.
   */
  rank: ((id: SectionId | CustomKey) => number) | undefined;
}

/** The arrangement of a CV; data from an older server or cache has none. */
export function arrangementOf(data: CvData): CvArrangement {
  return (data as Partial<CvData>).arrangement ?? EMPTY_ARRANGEMENT;
}

export function arrange(data: CvData): Arranged {
  const arrangement = arrangementOf(data);
  const hidden = new Set<ArrangementKey>(arrangement.hidden);
  const visible: Record<string, unknown> = { ...data };
  for (const key of hidden) {
    if (key in ENTRY_OF)
      visible[ENTRY_OF[key as SectionKey].cvField] = ENTRY_OF[key as SectionKey].cvEmpty;
  }
  // Data from an older server or cache has no custom sections.
  const custom = ((data as Partial<CvData>).customSections ?? []).filter(
    (s) => !hidden.has(customKey(s._id)),
  );
  visible.customSections = custom;
  const shown = visible as CvData;
  const order = keysInOrder<ArrangementKey>(arrangement, [
    ...SECTION_KEYS,
    ...custom.map((s) => customKey(s._id)),
  ]);
  const rank =
    arrangement.order.length === 0
      ? undefined
      : (id: SectionId | CustomKey) =>
          id.startsWith('custom:')
            ? order.indexOf(id as CustomKey)
            : Math.min(...SECTION_KEYS_OF[id as SectionId].map((k) => order.indexOf(k)));
  return {
    data: shown,
    hidden,
    rank,
    title: (id) => titleFor(id, arrangement, shown),
  };
}

/** True when the CV (as shown) has entries of the section. */
function hasEntries(data: CvData, key: SectionKey): boolean {
  const value: unknown = data[ENTRY_OF[key].cvField];
  return Array.isArray(value) ? value.length > 0 : Boolean(value);
}

/**
 * The user's title for a section id. The one Education section of 09, 10 and ink-friendly
 * takes the title of the education that fills it alone, or the title both share; with both
 * filled and titled differently (or not at all), the template's own.
 */
function titleFor(id: SectionId, a: CvArrangement, data: CvData): string | undefined {
  const keys = SECTION_KEYS_OF[id];
  if (keys.length === 1) return a.titles[keys[0]!];
  const filled = keys.filter((k) => hasEntries(data, k));
  const titles = new Set(filled.map((k) => a.titles[k]));
  return titles.size === 1 ? [...titles][0] : undefined;
}

/**
 * `items` with the sections among them sorted by `rank` in the slots sections held: pieces,
 * areas and decorations keep their places, and a section never leaves its area.
 */
export function reorderSections<T, Id extends string = SectionId>(
  items: readonly T[],
  sectionOf: (item: T) => Id | undefined,
  rank: ((id: Id) => number) | undefined,
): readonly T[] {
  if (!rank) return items;
  const slots: number[] = [];
  const sections: T[] = [];
  items.forEach((item, i) => {
    if (sectionOf(item) === undefined) return;
    slots.push(i);
    sections.push(item);
  });
  if (sections.length < 2) return items;
  // Array#sort is stable: sections of one key (none share an area today) keep their order.
  sections.sort((x, y) => rank(sectionOf(x)!) - rank(sectionOf(y)!));
  const out = [...items];
  slots.forEach((slot, i) => (out[slot] = sections[i]!));
  return out;
}
