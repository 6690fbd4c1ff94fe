/**
 * Custom sections (issue 30): what templates, the arrangement and the web read of them, kept
 * apart from zod (core/src/custom-sections.ts holds the schemas), so the shared viewer's
 * templates load no schema (decision 0008 §0016).
 */

/** What a custom section holds; the first four have a JSON Resume place of their own. */
export const CUSTOM_SECTION_KINDS = [
  'volunteer',
  'awards',
  'publications',
  'projects',
  'other',
] as const;
export type CustomSectionKind = (typeof CUSTOM_SECTION_KINDS)[number];

/** How the builder names each kind. */
export const CUSTOM_SECTION_KIND_LABELS: Record<CustomSectionKind, string> = {
  volunteer: 'Volunteering',
  awards: 'Awards',
  publications: 'Publications',
  projects: 'Projects',
  other: 'Other',
};

export const isCustomSectionKind = (v: unknown): v is CustomSectionKind =>
  typeof v === 'string' && (CUSTOM_SECTION_KINDS as readonly string[]).includes(v);

/**
 * How a version names the entries of the user's own sections when it leaves one out
 * (`PUT /api/curriculum-vitae/versions/:id/entries/:entryId {section: 'custom'}`).
 */
export const CUSTOM_ENTRIES_SECTION = 'custom';

/** One entry of a custom section, as CvData carries it. */
export interface CvCustomEntry {
  _id: string;
  title: string;
  subtitle: string;
  place: string;
  startDate: string;
  endDate: string;
  /** Rich text (core/src/rich-text.ts). */
  description: string;
}

/** A section the user made, with its entries in the user's order. */
export interface CvCustomSection {
  _id: string;
  title: string;
  kind: CustomSectionKind;
  entries: CvCustomEntry[];
}

/** A custom section's key in the arrangement's `order` and `hidden`: `custom:<its id>`. */
export type CustomKey = `custom:${string}`;

const CUSTOM_KEY = /^custom:[0-9a-f]{24}$/;

export const customKey = (id: string): CustomKey => `custom:${id}`;

/** True for `custom:` followed by a 24-hex id. */
export const isCustomKey = (v: unknown): v is CustomKey =>
  typeof v === 'string' && CUSTOM_KEY.test(v);

/** The section id inside a custom key. */
export const customIdOf = (key: CustomKey): string => key.slice('custom:'.length);

/** Custom sections a user may keep, and entries per custom section (docs/product/limits.md). */
export const MAX_CUSTOM_SECTIONS = 10;
export const MAX_CUSTOM_ENTRIES = 30;
