import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localizeUtcTimes } from './local-times.ts';

// Node applies a changed TZ at once: the test reads as a viewer in Johannesburg (UTC+2).
const savedTz = process.env.TZ;
beforeEach(() => {
  process.env.TZ = 'Africa/Johannesburg';
});
afterEach(() => {
  process.env.TZ = savedTz;
  if (savedTz === undefined) delete process.env.TZ;
});

describe('localizeUtcTimes', () => {
  it("shows a server-written UTC time in the viewer's time zone", () => {
    expect(localizeUtcTimes('Rita Recruiter viewed your CV on 21 Nov 2026, 23:40 UTC.')).toBe(
      'Rita Recruiter viewed your CV on 22 Nov 2026, 01:40.',
    );
  });

  it('leaves text without a UTC time alone', () => {
    expect(localizeUtcTimes('Your CV was saved by an HR user.')).toBe(
      'Your CV was saved by an HR user.',
    );
  });
});
