import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateTimeLabel, dayLabel } from './dates.ts';

const savedTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Africa/Johannesburg';
});
afterAll(() => {
  process.env.TZ = savedTz;
});

describe('date labels', () => {
  it('write a time as "d MMM yyyy, HH:mm" in the viewer\'s time zone', () => {
    expect(dateTimeLabel('2026-11-26T17:33:00Z')).toBe('26 Nov 2026, 19:33');
    expect(dateTimeLabel(Date.UTC(2026, 11, 31, 22, 5))).toBe('1 Jan 2027, 00:05');
    expect(dateTimeLabel(new Date('2026-09-03T07:09:00Z'))).toBe('3 Sep 2026, 09:09');
  });

  it('write a day as "d MMM yyyy"', () => {
    expect(dayLabel('2026-11-23T10:00:00Z')).toBe('23 Nov 2026');
    expect(dayLabel('2026-09-30T23:30:00Z')).toBe('1 Oct 2026');
  });
});
