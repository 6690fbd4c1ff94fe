/**
 * A CV's section arrangement (issue 17): the order its sections appear in, the ones it hides
 * and the titles the user gave them, keyed by the 12 data sections. Templates keep their
 * layout: web/src/features/templates/blocks/arranged.ts maps these keys onto each template's
 * section ids (docs/decisions/0009-section-arrangement.md).
 */
import { z } from 'zod';
import { SECTION_KEYS, isSectionKey, type SectionKey } from './sections/index.ts';
import { isSingleLineText, singleLineText } from './text.ts';
import { EMPTY_ARRANGEMENT, keysInOrder, type CvArrangement } from './arrangement-order.ts';

export { EMPTY_ARRANGEMENT, type CvArrangement } from './arrangement-order.ts';

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

const keyList = z
  .array(sectionKeySchema, { error: ARRANGEMENT_MESSAGES.unknownSection })
  .max(SECTION_KEYS.length, ARRANGEMENT_MESSAGES.duplicate)
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
  order: z.array(sectionKeySchema),
  hidden: z.array(sectionKeySchema),
  titles: z.partialRecord(sectionKeySchema, z.string()),
});

const keysOf = (value: unknown): SectionKey[] =>
  Array.isArray(value)
    ? [...new Set(value.filter((k): k is SectionKey => typeof k === 'string' && isSectionKey(k)))]
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
 * Every section in the user's order: the listed ones first, then the rest in registry order
 * (the builder's list shows this).
 */
export const arrangedKeys = (a: CvArrangement): SectionKey[] => keysInOrder(a, SECTION_KEYS);
