import { z } from 'zod';
import { multiLineText, singleLineText } from '../text.ts';
import { RICH_MARKUP_FACTOR, tooMuchFormatting, visibleText } from '../rich-text.ts';

/**
 * Field builders shared by every section schema, so each message follows the patterns of
 * docs/product/builder.md#validation: "<Label> is required" and "<Label> must be N characters or
 * less".
 */
export const requiredMessage = (label: string) => `${label} is required`;
export const maxMessage = (label: string, max: number) =>
  `${label} must be ${max} characters or less`;

export const INVALID_EMAIL = 'Please enter a valid email address';
export const END_DATE_BEFORE_START = 'End date cannot be before start date';
export const END_YEAR_BEFORE_START = 'End year cannot be before start year';

/** Single-line fields refuse every control character; multi-line ones keep tab and newlines. */
export interface TextOptions {
  multiLine?: boolean;
  /** The message for a missing value (required fields); "<Label> is required" by default. */
  message?: string;
  /**
   * Rich text (core/src/rich-text.ts; multi-line implied): `max` counts the visible text, the
   * raw value may hold RICH_MARKUP_FACTOR times as much, and markup with no text is empty.
   */
  rich?: boolean;
}

const baseText = (multiLine: boolean | undefined, message: string) =>
  multiLine ? multiLineText(message).trim() : singleLineText(message);

/** A rich text field's checks: the limit on its visible text, the raw cap on the rest. */
const richText = (label: string, max: number, message: string) =>
  baseText(true, message)
    .max(max * RICH_MARKUP_FACTOR, tooMuchFormatting(label))
    .refine((v) => visibleText(v).length <= max, maxMessage(label, max));

/** A trimmed, non-empty string of at most `max` characters. */
export const requiredText = (label: string, max: number, opts: TextOptions = {}) => {
  const message = opts.message ?? requiredMessage(label);
  if (opts.rich) {
    return richText(label, max, message).refine((v) => visibleText(v).trim() !== '', message);
  }
  return baseText(opts.multiLine, message).min(1, message).max(max, maxMessage(label, max));
};

/** A trimmed string of at most `max` characters; missing or null becomes ''. */
export const optionalText = (label: string, max: number, opts: TextOptions = {}) =>
  (opts.rich
    ? richText(label, max, maxMessage(label, max))
    : baseText(opts.multiLine, maxMessage(label, max)).max(max, maxMessage(label, max))
  )
    .nullish()
    .transform((v) => v ?? '');

/** An optional email: '' is allowed, anything else must be a valid address. */
export const optionalEmail = (label: string, max: number) =>
  optionalText(label, max).refine((v) => v === '' || z.email().safeParse(v).success, INVALID_EMAIL);

/** A phone number: digits with an optional leading +, spaced or grouped as people write them. */
export const INVALID_PHONE = 'Please enter a valid phone number (digits, with an optional +)';
export const INVALID_WEB_ADDRESS = 'Please enter a web address starting with http:// or https://';
export const INVALID_LINKEDIN =
  'Please enter a LinkedIn profile address (linkedin.com/in/...) or your LinkedIn handle';

export {
  isLinkedInProfile,
  isPhoneNumber,
  isWebAddress,
  linkedInHref,
  phoneHref,
  webHref,
} from '../links.ts';

/** Optional text that, when given, must pass `valid`. */
export const optionalFormatted = (
  label: string,
  max: number,
  valid: (v: string) => boolean,
  message: string,
) => optionalText(label, max).refine((v) => v === '' || valid(v), message);

/** Required text that must pass `valid`. */
export const requiredFormatted = (
  label: string,
  max: number,
  valid: (v: string) => boolean,
  message: string,
) => requiredText(label, max).refine(valid, message);

/** Today as a dateKey number, for "not in the future" rules. */
export function todayKey(now: Date = new Date()): number {
  return now.getFullYear() * 10_000 + (now.getMonth() + 1) * 100 + now.getDate();
}

/**
 * The start of a date string as a dateKey for "not in the future": a month-only date
 * ("2031-05") counts from the month's first day, so this month's start is not future.
 */
export const startsAfterToday = (value: string, now: Date = new Date()): boolean => {
  const key = dateKey(value);
  return key !== null && key > todayKey(now);
};

/** The stored rating of an entry nobody has rated yet (an import without a level). */
export const NOT_RATED = 0;

/**
 * An integer rating 1..5, or NOT_RATED (sent as 0, null, '' or nothing): an import must not
 * invent a level that then prints on the CV. Form selects send strings, so numeric strings are
 * accepted.
 */
export const rating = (message: string) =>
  z.preprocess(
    (v) => (v === null || v === undefined || v === '' ? NOT_RATED : v),
    z.coerce.number({ error: message }).int(message).min(NOT_RATED, message).max(5, message),
  );

export const flag = () =>
  z
    .boolean()
    .nullish()
    .transform((v) => v ?? false);

/**
 * A sortable number for the date strings the forms produce: YYYY, YYYY-MM,
 * YYYY-MM-DD, or anything Date.parse understands ("Jan 2020"). Null if unknown.
 */
export function dateKey(value: string | null | undefined): number | null {
  if (!value) return null;
  const iso = /^(\d{4})(?:-(\d{1,2}))?(?:-(\d{1,2}))?/.exec(value.trim());
  if (iso) return Number(iso[1]) * 10_000 + Number(iso[2] ?? 1) * 100 + Number(iso[3] ?? 1);
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) return null;
  const d = new Date(ms);
  return d.getFullYear() * 10_000 + (d.getMonth() + 1) * 100 + d.getDate();
}

/** True when both dates are known and `end` is earlier than `start`. */
export function endsBeforeStart(start: string | null | undefined, end: string | null | undefined) {
  const s = dateKey(start);
  const e = dateKey(end);
  return s !== null && e !== null && e < s;
}

/** Adds "end before start" to `endField` when the range is reversed. */
export function checkRange<T extends Record<string, unknown>>(
  startField: keyof T & string,
  endField: keyof T & string,
  message: string,
) {
  return (v: T, ctx: z.RefinementCtx) => {
    if (endsBeforeStart(v[startField] as string, v[endField] as string)) {
      ctx.addIssue({ code: 'custom', path: [endField], message });
    }
  };
}

/**
 * How the server stores a field: text column, 0/1 integer, integer, or JSON text. 'rich' is a
 * text column holding rich text (core/src/rich-text.ts), which the server sanitises on write.
 */
export type ColumnKind = 'text' | 'rich' | 'bool' | 'int' | 'json';
