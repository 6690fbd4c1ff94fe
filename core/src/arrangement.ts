/**
 * A CV's section arrangement (issue 17): the order its sections appear in, the ones it hides
 * and the titles the user gave them, keyed by the 12 data sections. Templates keep their
 * layout: web/src/features/templates/blocks/arranged.ts maps these keys onto each template's
 * section ids (docs/decisions/0009-section-arrangement.md).
 */
import { z } from 'zod';
import { SECTION_KEYS, isSectionKey, type SectionKey } from './sections/index.ts';
import { isSingleLineText, singleLineText } from './text.ts';
import {
  EMPTY_ARRANGEMENT,
  keysInOrder,
  type ArrangementKey,
  type CvArrangement,
} from './arrangement-order.ts';
import { MAX_CUSTOM_SECTIONS, customKey, isCustomKey } from './custom-section-keys.ts';

export { EMPTY_ARRANGEMENT, type ArrangementKey, type CvArrangement } from './arrangement-order.ts';

/** The longest section title a user may give. */
export const SECTION_TITLE_MAX = 40;

export const ARRANGEMENT_MESSAGES = {
  unknownSection: 'Please choose sections from the list.',
  duplicate: 'Each section can be listed only once.',
  title: `Please enter a section title of 1 to ${SECTION_TITLE_MAX} characters.`,
} as const;

const sectionKeySchema = z.enum(SECTION_KEYS as [SectionKey, ...SectionKey[]], {
  error: ARRANGEMENT_MESSAGES.unknownSection,
});

/** A built-in section's key, or a custom section's `custom:<24-hex id>` (issue 30). */
const arrangementKeySchema = z.custom<ArrangementKey>(
  (v) => typeof v === 'string' && (isSectionKey(v) || isCustomKey(v)),
  { error: ARRANGEMENT_MESSAGES.unknownSection },
);

const keyList = z
  .array(arrangementKeySchema, { error: ARRANGEMENT_MESSAGES.unknownSection })
  .max(SECTION_KEYS.length + MAX_CUSTOM_SECTIONS, ARRANGEMENT_MESSAGES.duplicate)
  .refine((keys) => new Set(keys).size === keys.length, ARRANGEMENT_MESSAGES.duplicate);

/** A section title: one trimmed line of 1–40 characters, no control characters. */
export const sectionTitleSchema = singleLineText(ARRANGEMENT_MESSAGES.title)
  .min(1, ARRANGEMENT_MESSAGES.title)
  .max(SECTION_TITLE_MAX, ARRANGEMENT_MESSAGES.title);

/**
 * `PUT /api/curriculum-vitae/arrangement`'s body: the whole arrangement (a part left out is
 * empty). Unknown sections, repeats, unknown fields and bad titles are refused.
 */
export const arrangementSchema = z.strictObject(
  {
    order: keyList.default([]),
    hidden: keyList.default([]),
    titles: z
      .partialRecord(sectionKeySchema, sectionTitleSchema, {
        error: ARRANGEMENT_MESSAGES.unknownSection,
      })
      .default({}),
  },
  { error: ARRANGEMENT_MESSAGES.unknownSection },
);

/** The arrangement as answers carry it. */
export const arrangementResponseSchema = z.object({
  order: z.array(arrangementKeySchema),
  hidden: z.array(arrangementKeySchema),
  titles: z.partialRecord(sectionKeySchema, z.string()),
});

const keysOf = (value: unknown): ArrangementKey[] =>
  Array.isArray(value)
    ? [
        ...new Set(
          value.filter(
            (k): k is ArrangementKey =>
              typeof k === 'string' && (isSectionKey(k) || isCustomKey(k)),
          ),
        ),
      ]
    : [];

/**
 * A stored or received arrangement (JSON text or an object) read leniently: what is not a
 * known section, a repeat or a usable title is dropped; anything unreadable is the empty one.
 */
export function readArrangement(value: unknown): CvArrangement {
  let raw = value;
  if (typeof raw === 'string') {
    try {
      raw = JSON.parse(raw) as unknown;
    } catch {
      return EMPTY_ARRANGEMENT;
    }
  }
  if (typeof raw !== 'object' || raw === null) return EMPTY_ARRANGEMENT;
  const { order, hidden, titles } = raw as Record<string, unknown>;
  const named: Partial<Record<SectionKey, string>> = {};
  if (typeof titles === 'object' && titles !== null) {
    for (const [key, title] of Object.entries(titles)) {
      if (!isSectionKey(key) || typeof title !== 'string') continue;
      const trimmed = title.trim();
      if (trimmed && trimmed.length <= SECTION_TITLE_MAX && isSingleLineText(trimmed)) {
        named[key] = trimmed;
      }
    }
  }
  return { order: keysOf(order), hidden: keysOf(hidden), titles: named };
}

/** True when the arrangement changes nothing: every template shows its own order and titles. */
export const isDefaultArrangement = (a: CvArrangement): boolean =>
  a.order.length === 0 && a.hidden.length === 0 && Object.keys(a.titles).length === 0;

/**
 * The arrangement with the custom sections of `ids` only (a deleted section's keys dropped).
 */
export function withCustomSections(a: CvArrangement, ids: readonly string[]): CvArrangement {
  const known = new Set(ids.map(customKey));
  const keep = (k: ArrangementKey) => isSectionKey(k) || known.has(k);
  if (a.order.every(keep) && a.hidden.every(keep)) return a;
  return { ...a, order: a.order.filter(keep), hidden: a.hidden.filter(keep) };
}

/**
 * Every section in the user's order: the listed ones first, then the rest in registry order,
 * then the custom sections of `customIds` in their own order (the builder's list shows this).
 */
export const arrangedKeys = (
  a: CvArrangement,
  customIds: readonly string[] = [],
): ArrangementKey[] =>
  keysInOrder<ArrangementKey>(a, [...SECTION_KEYS, ...customIds.map(customKey)]);
