/**
 * Date ranges as CVs write them ("Mar 2021 – Present", "2004 - 2008", "03/2019 to 12/2020",
 * "2020-01 – 2022-06"), read into the forms' dates (YYYY-MM or YYYY).
 */
export interface DateRange {
  start: string;
  end: string;
  current: boolean;
  /** The line's text without the range. */
  rest: string;
}

const MONTHS = 'jan feb mar apr may jun jul aug sep oct nov dec'.split(' ');
const MONTH = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\\.?';
const ONE = `(?:${MONTH},?\\s+\\d{4}|\\d{1,2}\\s*/\\s*\\d{4}|\\d{4}-\\d{2}(?:-\\d{2})?|\\d{4})`;
const NOW = '(?:present|current|now|today|date|ongoing)';
const RANGE = new RegExp(
  `(${ONE})\\s*(?:[–—-]|to|until)\\s*(${ONE}|${NOW})|(?:since|from)\\s+(${ONE})|(${ONE})\\s*[–—-]\\s*$`,
  'i',
);

/** One date as the forms hold it: 2021-03, or 2021; '' when not a date. */
export function formDate(text: string): string {
  const t = text.trim().toLowerCase();
  const named = new RegExp(`^(${MONTH}),?\\s+(\\d{4})$`).exec(t);
  if (named) {
    const month = MONTHS.indexOf(named[1]!.slice(0, 3)) + 1;
    return `${named[2]}-${String(month).padStart(2, '0')}`;
  }
  const slash = /^(\d{1,2})\s*\/\s*(\d{4})$/.exec(t);
  if (slash) return `${slash[2]}-${slash[1]!.padStart(2, '0')}`;
  const iso = /^(\d{4})-(\d{2})/.exec(t);
  if (iso) return `${iso[1]}-${iso[2]}`;
  return /^\d{4}$/.test(t) ? t : '';
}

/** The first date range in a line, or null. */
export function findDateRange(text: string): DateRange | null {
  const m = RANGE.exec(text);
  if (!m) return null;
  const start = formDate(m[1] ?? m[3] ?? m[4] ?? '');
  if (!start) return null;
  const endText = m[2] ?? '';
  const current = endText === '' || new RegExp(`^${NOW}$`, 'i').test(endText);
  const end = current ? '' : formDate(endText);
  const rest = (text.slice(0, m.index) + ' ' + text.slice(m.index + m[0].length))
    .replace(/\s+/g, ' ')
    .trim();
  return { start, end, current, rest };
}
