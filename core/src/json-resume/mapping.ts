/**
 * The types and small helpers each section's JSON Resume mapping (its `jsonResume` member in
 * core/src/sections/<key>.ts) is written with. Imports no section, so section files may use it.
 */
import { dateKey } from '../sections/fields.ts';

export type Rec = Record<string, unknown>;

/** The JSON Resume (schema v1.0.0) lists a Vitae section may write to or read from. */
export type JsonResumeList =
  | 'work'
  | 'volunteer'
  | 'projects'
  | 'education'
  | 'certificates'
  | 'skills'
  | 'languages'
  | 'interests'
  | 'references';

/**
 * How one section lives in a JSON Resume. `place` is where its entries go: a list, `basics`
 * (single-record sections share that one object), or null (JSON Resume has no place: the
 * entries go under `meta.vitae` whole). Whatever `fromItem(toItem(entry))` does not give back
 * is kept under `meta.vitae` too, so an export imports back field for field.
 */
export interface JsonResumeMapping<T> {
  place: JsonResumeList | 'basics' | null;
  /** More lists read on import, after `place` (experience also takes `volunteer`). */
  readsAlso?: readonly JsonResumeList[];
  /** For a list shared by two sections (education): whether an item is this section's. */
  owns?: (item: Rec) => boolean;
  /** One entry as its JSON Resume item (for `basics`: the part of basics it fills). */
  toItem: (entry: T) => Rec;
  /** One item back as form input; the section's schema then judges it like typed input. */
  fromItem: (item: Rec) => Partial<Record<keyof T & string, unknown>>;
}

export function isRec(value: unknown): value is Rec {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The text at `field` (numbers as text), trimmed; '' when absent or of another type. */
export function str(item: Rec, field: string): string {
  const v = item[field];
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return '';
}

export function obj(item: Rec, field: string): Rec {
  const v = item[field];
  return isRec(v) ? v : {};
}

/** The strings of a list field (e.g. `highlights`, `courses`); other values skipped. */
export function strings(item: Rec, field: string): string[] {
  const v = item[field];
  return Array.isArray(v)
    ? v.filter((s): s is string => typeof s === 'string' && s.trim() !== '').map((s) => s.trim())
    : [];
}

/** Drops empty strings and empty lists, so an export carries only what was filled in. */
export function compact(item: Rec): Rec {
  return Object.fromEntries(
    Object.entries(item).filter(
      ([, v]) => v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0),
    ),
  );
}

const ISO_PARTIAL = /^[1-2]\d{3}(-[0-1]\d(-[0-3]\d)?)?$/;
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A date as JSON Resume writes it (`2020`, `2020-03`, `2020-03-15`), from what Vitae's forms
 * hold (those forms, or free text such as "Mar 2020"); '' when it cannot be read as a date.
 */
export function isoDate(value: string): string {
  const v = value.trim();
  if (ISO_PARTIAL.test(v)) return v;
  const loose = /^(\d{4})-(\d{1,2})(?:-(\d{1,2}))?$/.exec(v);
  if (loose)
    return [loose[1], pad(Number(loose[2])), ...(loose[3] ? [pad(Number(loose[3]))] : [])].join(
      '-',
    );
  // Free text ("Mar 2020"): the month is the finest part it reliably gives.
  const key = /[a-z]/i.test(v) ? dateKey(v) : null;
  if (key === null) return '';
  const year = Math.floor(key / 10_000);
  return year >= 1000 && year < 3000 ? `${year}-${pad(Math.floor(key / 100) % 100)}` : '';
}

/** The year of a JSON Resume date (`2020-03` → `2020`); '' when none. */
export function yearOf(value: string): string {
  return /^(\d{4})/.exec(value.trim())?.[1] ?? '';
}

/** A 1–5 level from a word (`Expert`, `Native speaker`) or a number ("4", "80%"); else null. */
export function levelFromWord(
  word: string,
  words: ReadonlyArray<readonly [RegExp, number]>,
): number | null {
  const w = word.trim().toLowerCase();
  if (!w) return null;
  const n = /^(\d+(?:\.\d+)?)\s*(%|\/\s*(\d+))?$/.exec(w);
  if (n) {
    const value = Number(n[1]);
    const scale = n[2] === '%' ? 100 : n[3] ? Number(n[3]) : 5;
    const level = Math.round((value / scale) * 5);
    return Math.min(5, Math.max(1, level));
  }
  for (const [pattern, level] of words) if (pattern.test(w)) return level;
  return null;
}

/** A text followed by its highlights as "- " lines (how JSON Resume lists achievements). */
export function withHighlights(text: string, highlights: readonly string[]): string {
  return [text, highlights.map((h) => `- ${h}`).join('\n')].filter(Boolean).join('\n');
}

/** Whether an education item's `studyType` names a school rather than a tertiary course. */
export const isSecondarySchool = (studyType: string): boolean =>
  /\b(secondary|high school|matric|grade 12|senior certificate|gcse|a-levels?)\b/i.test(studyType);

/** Skill level words in JSON Resume files (`level`), first match wins. */
export const SKILL_LEVEL_WORDS: ReadonlyArray<readonly [RegExp, number]> = [
  [/expert|master|guru/, 5],
  [/experienced|advanced|senior/, 4],
  [/skilled|intermediate|proficient|competent/, 3],
  [/beginner|basic|junior|elementary/, 2],
  [/novice|learning|familiar/, 1],
];

/** Language fluency words (`fluency`, LinkedIn's proficiency), first match wins. */
export const LANGUAGE_LEVEL_WORDS: ReadonlyArray<readonly [RegExp, number]> = [
  [/native|mother|bilingual|fluent|full professional|proficient|c2/, 5],
  [/advanced|professional|c1|b2/, 4],
  [/intermediate|conversational|limited working|b1/, 3],
  [/elementary|basic|a2/, 2],
  [/beginner|novice|a1/, 1],
];
