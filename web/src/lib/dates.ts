import { MONTHS_SHORT } from '@vitae/core/dates';

/*
 * Dates and times as the signed-in pages show them, in the viewer's time zone: "26 Nov 2026"
 * and "26 Nov 2026, 19:33". Written out rather than through Intl.DateTimeFormat: en-GB's short
 * September is "Sept" in current browsers, and these read "Sep" like the rest of the app.
 */

type When = Date | number | string;

const two = (n: number) => String(n).padStart(2, '0');

/** "26 Nov 2026". */
export function dayLabel(when: When): string {
  const d = new Date(when);
  return `${d.getDate()} ${MONTHS_SHORT[d.getMonth()]} ${d.getFullYear()}`;
}

/** "26 Nov 2026, 19:33" (24-hour clock). */
export const dateTimeLabel = (when: When): string => {
  const d = new Date(when);
  return `${dayLabel(d)}, ${two(d.getHours())}:${two(d.getMinutes())}`;
};
