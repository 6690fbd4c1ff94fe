import { dayLabel } from '../../lib/dates.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A notification's age as the bell shows it (docs/product/notifications.md#time-labels): Just now,
 * minutes, hours under a day, then a date.
 */
export function timeLabel(createdAt: string, now: number = Date.now()): string {
  const at = Date.parse(createdAt);
  if (Number.isNaN(at)) return '';
  const age = Math.max(0, now - at);
  if (age < MINUTE) return 'Just now';
  if (age < HOUR) {
    const m = Math.floor(age / MINUTE);
    return `${m} ${m === 1 ? 'minute' : 'minutes'} ago`;
  }
  if (age < DAY) {
    const h = Math.floor(age / HOUR);
    return `${h} ${h === 1 ? 'hour' : 'hours'} ago`;
  }
  return dayLabel(at);
}
