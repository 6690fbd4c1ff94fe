import { dateTimeLabel } from '../../lib/dates.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "21 Nov 2026, 23:40 UTC", the way the server writes a time into a notification. */
const UTC_TIME =
  /\b(\d{1,2}) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) (\d{4}), (\d{2}):(\d{2}) UTC\b/g;

/**
 * The notification's text with each UTC time the server wrote into it shown in the viewer's
 * time zone instead ("21 Nov 2026, 23:40 UTC" reads "22 Nov 2026, 01:40" in Johannesburg).
 */
export function localizeUtcTimes(message: string): string {
  return message.replace(
    UTC_TIME,
    (_, day: string, month: string, year: string, h: string, m: string) => {
      const at = Date.UTC(Number(year), MONTHS.indexOf(month), Number(day), Number(h), Number(m));
      return dateTimeLabel(at);
    },
  );
}

/** "22 Nov 2026, 01:40": a time the server sent as data, in the viewer's time zone. */
export const localTime = (iso: string): string => dateTimeLabel(iso);
