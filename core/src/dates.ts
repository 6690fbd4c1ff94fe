/** Date display rules shared by every CV template (docs/product/templates-and-print.md#dates). */

export const MONTHS_SHORT = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

const MONTHS_LONG = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

export const PRESENT = 'Present';

type DateInput = string | number | Date | null | undefined;

function monthYear(monthIndex: number, year: number | string): string {
  return `${MONTHS_SHORT[monthIndex]} ${year}`;
}

/** "January 2020", "jan 2020", "Sept 2020" → month index, or -1. */
function monthIndexFromName(name: string): number {
  const lower = name.toLowerCase();
  if (lower.length < 3) return -1;
  return MONTHS_LONG.findIndex((m) => m.startsWith(lower.slice(0, 3)) && m.startsWith(lower));
}

/** Month-plus-four-digit-year forms: "January 2020", "Jan 2020", "01/2020", "1-2020", "2020-01", "2020/1". */
function parseMonthYear(text: string): string | null {
  const named = /^([A-Za-z]{3,9})\.?,?\s+(\d{4})$/.exec(text);
  if (named) {
    const index = monthIndexFromName(named[1]!);
    return index >= 0 ? monthYear(index, named[2]!) : null;
  }
  const monthFirst = /^(\d{1,2})[/\-.](\d{4})$/.exec(text);
  const yearFirst = /^(\d{4})[/\-.](\d{1,2})$/.exec(text);
  const month = Number(monthFirst?.[1] ?? yearFirst?.[2]);
  const year = monthFirst?.[2] ?? yearFirst?.[1];
  if (year && month >= 1 && month <= 12) return monthYear(month - 1, year);
  return null;
}

/** ISO dates ("2020-01-15", "2020-01-15T10:00:00Z") keep their calendar month in every timezone. */
function parseIsoDate(text: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(text);
  if (!iso) return null;
  const month = Number(iso[2]);
  return month >= 1 && month <= 12 ? monthYear(month - 1, iso[1]!) : null;
}

/**
 * Abbreviated month and year ("Jan 2020"). A bare year stays a year; month-plus-year strings
 * are reformatted; other values are formatted as a date when they parse, or left as they are.
 */
export function formatMonthYear(value: DateInput): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    return Number.isNaN(value.getTime()) ? '' : monthYear(value.getMonth(), value.getFullYear());
  }
  const text = String(value).trim();
  if (!text) return '';
  if (/^\d{4}$/.test(text)) return text;
  const reformatted = parseMonthYear(text) ?? parseIsoDate(text);
  if (reformatted) return reformatted;
  const parsed = new Date(text);
  if (!Number.isNaN(parsed.getTime()) && /[a-z]|\d{4}/i.test(text)) {
    return monthYear(parsed.getMonth(), parsed.getFullYear());
  }
  return text;
}

/** The end of a range: an empty end date (or a current job) shows "Present". */
export function formatEndDate(value: DateInput, current = false): string {
  if (current) return PRESENT;
  return formatMonthYear(value) || PRESENT;
}

/** "Jan 2020 – Present"; empty when neither end is known. */
export function formatDateRange(start: DateInput, end: DateInput, current = false): string {
  const from = formatMonthYear(start);
  const to = formatEndDate(end, current);
  if (!from) return current || formatMonthYear(end) ? to : '';
  return `${from} – ${to}`;
}

/** A full date such as a date of birth: "15 Jan 1990"; unparseable values are left as they are. */
export function formatDay(value: DateInput): string {
  if (value === null || value === undefined) return '';
  const text = value instanceof Date ? value.toISOString() : String(value).trim();
  if (!text) return '';
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (iso && Number(iso[2]) >= 1 && Number(iso[2]) <= 12) {
    return `${Number(iso[3])} ${MONTHS_SHORT[Number(iso[2]) - 1]} ${iso[1]}`;
  }
  const parsed = new Date(text);
  if (Number.isNaN(parsed.getTime()) || !/\d{4}/.test(text)) return text;
  return `${parsed.getDate()} ${MONTHS_SHORT[parsed.getMonth()]} ${parsed.getFullYear()}`;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Template 06's masthead date: "Monday, 3 March 2025". */
export function formatLongDate(date: Date): string {
  const month = MONTHS_LONG[date.getMonth()]!;
  const monthName = month.charAt(0).toUpperCase() + month.slice(1);
  return `${WEEKDAYS[date.getDay()]}, ${date.getDate()} ${monthName} ${date.getFullYear()}`;
}

/**
 * The CV title used by templates 09, 10 and ink-friendly: the first sentence of the summary,
 * without its closing full stop.
 */
export function titleFromSummary(summary: string | null | undefined): string {
  const text = (summary ?? '').replace(/\s+/g, ' ').trim();
  if (!text) return '';
  const match = /^(.+?[.!?])(?=\s|$)/.exec(text);
  const sentence = (match?.[1] ?? text).trim();
  return sentence.replace(/\.$/, '');
}
